import type { Command } from "commander";
import { CortexError } from "../../lib/core/errors.js";
import { loadRelatedInputs } from "../../lib/app/related/load.js";
import type { Vault } from "../../lib/app/vault.js";
import { related } from "../../lib/core/related/related.js";
import type { RelatedAtom, RelatedQuery } from "../../lib/core/related/types.js";
import { parseCount, type CliContext } from "../context.js";
import { dimRetired, statusMark } from "../format/atom-output.js";

interface RelatedOptions {
  vault?: string;
  today?: string;
  tag: string[];
  words?: string;
  top: number;
  json?: boolean;
}

/** `cortex related`: the atoms closest to one atom, or to tags and words, with the reason. */
export function registerRelated(program: Command, ctx: CliContext): void {
  program
    .command("related")
    .description("List the atoms closest to an atom (path, id or name), or to --tag/--words: direct links both ways, then shared tags, then shared rare words, each with its reason")
    .argument("[ref]", "the atom: path, id, name or link stem")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day the index is refreshed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--tag <tag>", "a tag to relate to (repeatable)", (v: string, all: string[]) => [...all, v], [])
    .option("--words <text>", "words to relate to")
    .option("-n, --top <n>", "number of results (0 = all)", parseCount, 10)
    .option("-j, --json", "print a JSON array")
    .action((ref: string | undefined, opts: RelatedOptions) => {
      if (ref === undefined && opts.tag.length === 0 && !opts.words) throw new CortexError("BAD_ARGUMENT", "give an atom (path, id or name), or --tag and/or --words");
      const { found, status } = findRelated(ctx.vault(opts), ref, opts);
      if (opts.json) ctx.out(JSON.stringify(found, null, 2));
      else if (found.length > 0) {
        ctx.out(found.map((r) => dimRetired(`${r.path}  ${r.name}${statusMark(status.get(r.path) ?? "")} — ${r.reason}`, status.get(r.path) ?? "", ctx.color)).join("\n"));
      }
      if (found.length === 0) {
        ctx.err("Nothing related found");
        ctx.exitCode = 1;
      }
    });
}

// The related atoms and the status of each.
function findRelated(vault: Vault, ref: string | undefined, opts: RelatedOptions): { found: RelatedAtom[]; status: Map<string, string> } {
  const { manifest, edges } = loadRelatedInputs(vault);
  const query: RelatedQuery = ref !== undefined ? { path: vault.findEntry(ref).path } : { tags: opts.tag, words: opts.words ? [opts.words] : [] };
  const found = related(manifest, edges, query, opts.top);
  const shown = new Set(found.map((r) => r.path));
  return { found, status: new Map(manifest.filter((m) => shown.has(m.path)).map((m) => [m.path, m.status])) };
}
