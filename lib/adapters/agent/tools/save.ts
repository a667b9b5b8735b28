import { ATOM_TYPES } from "../../../core/atoms/types.js";
import { openVault } from "../../../app/vault.js";
import { liveVault } from "../../../app/live-vault.js";
import { atomsNamed } from "../../../app/handle/search.js";
import { atomDirectory } from "../../../store/write/directory.js";
import { CortexError } from "../../../core/errors.js";
import { WriteRejectedError } from "../../../core/write/errors.js";
import type { AtomDirectory, WriteInput, WriteResult } from "../../../core/write/types.js";
import { WRITE_LIMITS } from "../../../core/write/validate.js";
import type { ManifestEntry } from "../../../core/indexes/types.js";
import { blameArgument, rejectionError, ToolError } from "../errors.js";
import { LIMITS, refArg, shortArg, tagsArg } from "../limits.js";
import { normalizeRef } from "../../../core/links/refs.js";
import { commitFields, COMMIT_FIELDS, S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import type { VaultSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** What save did (its structured result): the write's facts and its commit fields (`index_error`: the note is written, the index is not). */
export type SaveResult = Pick<WriteResult, "path" | "id" | "links" | "related"> & ReturnType<typeof commitFields> & {
  /** The atom the new one superseded, when `supersedes` was given. */
  superseded: string | null;
};

/** `save`: the write path (validation, security scan, near-duplicate check, related links). */
export const saveTool: ToolSpec = {
  name: "save",
  title: "Save a memory",
  description:
    "Save one new note of durable knowledge (decision and why, rule, lesson). Use when something is learned or decided. Refused: secrets (CORTEX_E400); a near-duplicate or taken name (CORTEX_E401: update that note). Returns path, id.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", minLength: 1, maxLength: LIMITS.nameChars },
      body: { type: "string", minLength: 1, maxLength: LIMITS.bodyChars },
      type: shortArg(ATOM_TYPES),
      project: shortArg(),
      tags: tagsArg(),
      description: { type: "string", maxLength: WRITE_LIMITS.description },
      links: { type: "array", maxItems: LIMITS.linksMax, items: { type: "string", minLength: 1, maxLength: WRITE_LIMITS.link } },
      supersedes: refArg("A note this one replaces."),
    },
    required: ["name", "body", "type", "project"],
    additionalProperties: false,
  },
  outputSchema: toolOutput(
    { path: S.string, id: S.string, links: S.strings, related: S.strings, superseded: S.stringOrNull, ...COMMIT_FIELDS },
  ),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(args, env) {
    const today = env.today();
    // In a live server, the vault it keeps open (its database too); else the vault opened for this call.
    const vault = liveVault(env.vaultDir)?.open(today) ?? openVault({ vault: env.vaultDir, env: {}, today });
    const { vaultDir, config } = vault;
    const supersedes = args.supersedes === undefined ? undefined : normalizeRef(args.supersedes as string);
    const replacing = supersedes === undefined ? undefined : await checkReplaced(vault, supersedes);
    // The atoms that may have this name: found by the name's words in the kept database, else among every atom's name.
    const named = atomsNamed(vault, args.name as string);
    if (named) checkNameFree(named, args.name as string, replacing);
    else {
      const directory = atomDirectory(vault.db());
      checkNameFree(sameNameCandidates(directory, args.name as string), args.name as string, replacing, directory.entry);
    }
    const input: WriteInput = { name: args.name as string, body: args.body as string, type: args.type as string, project: args.project as string };
    for (const key of ["tags", "description", "links"] as const) if (args[key] !== undefined) (input as unknown as Record<string, unknown>)[key] = args[key];
    // The write path (YAML, indexer) is loaded on the first save, so that starting the server stays fast.
    const { writeAtom } = await import("../../../app/write/write-atom.js");
    await checkpoint(env, "checked");
    // One transaction: the replaced atom is checked before anything is written, and superseded with one index update.
    const written = await blameSupersedes(() => writeAtom(vaultDir, input, { config, today, supersedes, signal: env.signal }));
    const result: SaveResult = { path: written.path, id: written.id, links: written.links, related: written.related, superseded: written.superseded ?? null, ...commitFields(written) };
    return ok(renderSave(input.name, result), result as unknown as Record<string, unknown>);
  },
};

// The path of the atom `supersedes` names, checked before anything is written: it exists, is unique, and is not superseded yet.
async function checkReplaced(snap: VaultSnapshot, ref: string): Promise<string> {
  const { planSupersede } = await import("../../../core/write/supersede-plan.js");
  try {
    return blameArgument("supersedes", () => planSupersede(snap.manifest, { old: ref }).old.path);
  } catch (error) {
    throw error instanceof WriteRejectedError ? rejectionError(error, { old: "supersedes" }) : error;
  }
}

// Errors about the atom `supersedes` names (unknown, ambiguous, already superseded) name that argument.
async function blameSupersedes<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof WriteRejectedError && error.field === "old") throw rejectionError(error, { old: "supersedes" });
    if (error instanceof CortexError && (error.code === "NOT_FOUND" || error.code === "AMBIGUOUS")) return blameArgument("supersedes", () => { throw error; });
    throw error;
  }
}

// Two atoms with one name make that name ambiguous for every ref (read, links): refused, naming the atom that has it.
// A superseded atom does not hold its name: it could never be superseded again to free it.
// `entry`: the atom as written, when `manifest` holds names lower-cased (see readAtomDirectory).
function checkNameFree(manifest: readonly Pick<ManifestEntry, "path" | "name" | "status">[], name: string, replacing: string | undefined, entry?: (path: string) => ManifestEntry | null): void {
  const wanted = name.replace(/\s+/g, " ").trim().toLowerCase();
  const existing = manifest.find((m) => m.path !== replacing && m.status !== "superseded" && m.name.replace(/\s+/g, " ").trim().toLowerCase() === wanted);
  if (!existing) return;
  const shown = entry?.(existing.path)?.name ?? existing.name;
  const message = `name: an atom named ${JSON.stringify(shown)} already exists at ${existing.path}; nothing was written`;
  throw new ToolError("CORTEX_E401", message, { argument: "name", details: { existing_path: existing.path, rule: "same-name" } });
}

// The atoms of a directory that may have this name: its first word is in every name that reads as it (see checkNameFree).
function sameNameCandidates(directory: AtomDirectory, name: string): readonly Pick<ManifestEntry, "path" | "name" | "status">[] {
  const word = name.toLowerCase().split(/\s+/).find((w) => w !== "");
  return word === undefined ? directory.entries() : directory.containing([word]);
}

/** The text answer of save. */
export function renderSave(name: string, r: SaveResult): string {
  const lines = [`Saved "${name.replace(/\s+/g, " ").trim()}" as ${r.path} (id ${r.id}).`];
  if (r.related.length > 0) lines.push(`Linked to related atoms: ${r.related.join(", ")}.`);
  if (r.superseded) lines.push(`${r.superseded} is now superseded by it.`);
  if (r.index_error) lines.push(`But ${r.index_error}.`);
  return lines.join("\n");
}
