import type { Command } from "commander";
import { CortexError } from "../../lib/errors.js";
import { loadVaultLinks } from "../../lib/links/vault-links.js";
import { related } from "../../lib/related/related.js";
import type { RelatedQuery } from "../../lib/related/types.js";
import { resolveAtomRef } from "../../lib/vault/refs.js";
import { parseCount, type CliContext } from "../context.js";

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
    .argument("[ref]", "the atom: path, id or name")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day the index is refreshed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--tag <tag>", "a tag to relate to (repeatable)", (v: string, all: string[]) => [...all, v], [])
    .option("--words <text>", "words to relate to")
    .option("-n, --top <n>", "number of results (0 = all)", parseCount, 10)
    .option("--json", "print a JSON array")
    .action((ref: string | undefined, opts: RelatedOptions) => {
      if (ref === undefined && opts.tag.length === 0 && !opts.words) throw new CortexError("BAD_ARGUMENT", "give an atom (path, id or name), or --tag and/or --words");
      const vault = ctx.vault(opts);
      const { index, resolved } = loadVaultLinks(vault);
      const manifest = index.indexes.manifest;
      const query: RelatedQuery = ref !== undefined ? { path: resolveAtomRef(manifest, ref) } : { tags: opts.tag, words: opts.words ? [opts.words] : [] };
      const found = related(manifest, resolved.edges, query, opts.top);
      if (opts.json) ctx.out(JSON.stringify(found, null, 2));
      else if (found.length > 0) ctx.out(found.map((r) => `${r.path}  ${r.name} — ${r.reason}`).join("\n"));
      if (found.length === 0) {
        ctx.err("Nothing related found");
        ctx.exitCode = 1;
      }
    });
}
