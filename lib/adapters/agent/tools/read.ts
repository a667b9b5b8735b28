import type { ManifestEntry } from "../../../core/indexes/types.js";
import { classifyLayer } from "../../../core/layers/classify.js";
import { blameArgument, ToolError } from "../errors.js";
import { findManifestEntry } from "../../../core/links/refs.js";
import { refArg } from "../limits.js";
import { noteVersion } from "../../../core/write/amend.js";
import { recordAccess } from "../../../app/handle/search.js";
import { arrayOf, object, S, toolOutput } from "../output-schema.js";
import { capText } from "../read-cap.js";
import { canonicalUri } from "../resources.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot, readAtomText } from "../../../app/snapshot.js";
import type { Vault } from "../../../app/vault.js";
import type { ToolSpec } from "../types.js";
import { clockMs } from "../../../store/access-log.js";

/** An atom a link or backlink leads to. */
export type LinkedAtom = Pick<ManifestEntry, "path" | "name">;

/** `read`: one atom in full, with its metadata, links and backlinks; records an access event. */
export const readTool: ToolSpec = {
  name: "read",
  title: "Read a memory",
  description:
    "Read one note in full: text, metadata, links, backlinks. Use when a hit or pointer is not enough, or before update. ref: path, id or name. Returns version for update.",
  inputSchema: {
    type: "object",
    properties: {
      ref: refArg(),
    },
    required: ["ref"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({
    path: S.string,
    uri: S.string,
    id: S.stringOrNull,
    name: S.string,
    type: S.string,
    project: S.string,
    status: S.string,
    tags: S.strings,
    aliases: S.strings,
    created: S.string,
    updated: S.string,
    description: S.string,
    superseded_by: S.stringOrNull,
    layer: S.string,
    links: arrayOf(object({ path: S.string, name: S.string })),
    backlinks: arrayOf(object({ path: S.string, name: S.string })),
    chars: S.integer,
    truncated: S.boolean,
    version: S.string,
  }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, env) {
    const started = clockMs();
    const ref = args.ref as string;
    const snap = await openSnapshot(env.vaultDir, env.today());
    const entry = blameArgument("ref", () => findManifestEntry(snap.manifest, ref));
    const { path } = entry;
    const text = readAtomText(snap.vaultDir, path);
    if (text === null) throw new ToolError("CORTEX_E101", `ref: ${path} is indexed but could not be read; it may have just been moved or deleted`, { argument: "ref" });
    await checkpoint(env, "read");
    const { links, backlinks } = await linksOf(snap, path);
    recordAccess(snap.vaultDir, "read", ref, [path], started);
    const capped = capText(text, path);
    const atom = { ...metadata(entry), layer: classifyLayer(entry.updated, snap.today, snap.config.layers), links, backlinks, chars: capped.chars, truncated: capped.truncated, version: noteVersion(text) };
    return ok(renderRead(capped.text, links, backlinks), atom);
  },
};

function metadata(m: ManifestEntry) {
  const { path, id, name, type, project, status, tags, aliases, created, updated, description, superseded_by } = m;
  return { path, uri: canonicalUri(path), id, name, type, project, status, tags, aliases, created, updated, description, superseded_by };
}

// The atoms `path` links to and the ones linking to it, from this request's index, with their names.
async function linksOf(snap: Vault, path: string): Promise<{ links: LinkedAtom[]; backlinks: LinkedAtom[] }> {
  const names = new Map(snap.manifest.map((m) => [m.path, m.name]));
  const named = (p: string): LinkedAtom => ({ path: p, name: names.get(p) ?? p });
  const { links, backlinks } = snap.linksOf(path);
  return { links: links.map(named), backlinks: backlinks.map(named) };
}

/** The markdown answer of read: the file, then its links and backlinks. */
export function renderRead(text: string, links: readonly LinkedAtom[], backlinks: readonly LinkedAtom[]): string {
  const list = (atoms: readonly LinkedAtom[]) => (atoms.length === 0 ? "none" : atoms.map((a) => `- **${a.name}** \`${a.path}\``).join("\n"));
  return `${text.replace(/\n+$/, "")}\n\n### Links (${links.length})\n\n${list(links)}\n\n### Backlinks (${backlinks.length})\n\n${list(backlinks)}`;
}
