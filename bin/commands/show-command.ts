import type { Command } from "../commander.js";
import { atomBody, readAtomText } from "../../lib/app/snapshot.js";
import { CortexError } from "../../lib/core/errors.js";
import type { ManifestEntry } from "../../lib/core/indexes/types.js";
import { classifyLayer } from "../../lib/core/layers/classify.js";
import type { CliContext } from "../context.js";
import { dimRetired, statusMark } from "../format/atom-output.js";

interface ShowOptions {
  vault?: string;
  today?: string;
  raw?: boolean;
  json?: boolean;
}

/** `cortex show REF`: one atom's metadata and text. */
export function registerShow(program: Command, ctx: CliContext): void {
  program
    .command("show")
    .description("Print an atom's metadata and text. REF: path, id, name, or link stem")
    .argument("<ref>", "the atom: path, id, name or link stem")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--raw", "print the file exactly as it is")
    .option("-j, --json", "print the metadata and text as JSON")
    .action((ref: string, opts: ShowOptions) => runShow(ctx, ref, opts));
}

async function runShow(ctx: CliContext, ref: string, opts: ShowOptions): Promise<void> {
  const snap = ctx.vault(opts);
  const { vaultDir, today } = snap;
  const atom = snap.findEntry(ref);
  const text = readAtomText(vaultDir, atom.path);
  if (text === null) throw new CortexError("IO", `${atom.path} is indexed but cannot be read`);
  if (opts.raw) {
    ctx.params.stdout.write(text);
    return;
  }
  const { links, backlinks } = snap.linksOf(atom.path);
  const layer = classifyLayer(atom.updated, today, snap.config.layers);
  const body = atomBody(text).replace(/^\n+/, "").trimEnd();
  if (opts.json) {
    ctx.out(JSON.stringify({ ...metadata(atom), layer, links, backlinks, body }, null, 2));
    return;
  }
  ctx.out(formatShow(atom, layer, links, backlinks, body, ctx.color));
}

function metadata(m: ManifestEntry) {
  const { path, id, name, type, project, status, created, updated, tags, aliases, description, superseded_by } = m;
  return { path, id, name, type, project, status, created, updated, tags, aliases, description, superseded_by };
}

function formatShow(a: ManifestEntry, layer: string, links: string[], backlinks: string[], body: string, color: boolean): string {
  const rows: [string, string][] = [
    ["path", a.path],
    ["id", a.id ?? "(none)"],
    ["type", a.type],
    ["project", a.project],
    ["status", a.superseded_by ? `${a.status}, by ${a.superseded_by}` : a.status],
    ["layer", layer],
    ["created", a.created],
    ["updated", a.updated],
    ["tags", a.tags.join(", ") || "none"],
    ["links", links.join(", ") || "none"],
    ["backlinks", backlinks.join(", ") || "none"],
  ];
  const head = dimRetired(`${a.name}${statusMark(a.status)}`, a.status, color);
  return [head, ...rows.map(([k, v]) => `  ${k.padEnd(10)}${v}`), "", body].join("\n").trimEnd();
}
