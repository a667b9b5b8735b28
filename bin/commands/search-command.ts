import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Option, type Command } from "../commander.js";
import { searchVault } from "../../lib/app/search.js";
import type { SearchHit } from "../../lib/search/types.js";
import { parseCount, type CliContext } from "../context.js";
import { formatBrief, formatExplain, formatLines, formatScore, hitToJson } from "../format/search-output.js";

interface SearchOptions {
  vault?: string;
  today?: string;
  refresh?: boolean;
  top: number;
  project?: string;
  type?: string;
  tag?: string;
  status?: string;
  allStatus?: boolean;
  hot?: boolean;
  brief?: boolean;
  paths?: boolean;
  content?: boolean;
  json?: boolean;
  explain?: boolean;
  log: boolean;
}

const FORMATS = ["brief", "paths", "content", "json"];

/** `cortex search`: deterministic keyword search, or filter mode without a query. */
export function registerSearch(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("search")
    .description("Rank atoms for keywords (name +10, tag +8, project +5, description +4, path +3; ×1.5 all match; +2 hot, +1 warm; ×0.3 archived, ×0.5 superseded). Without a query: list active atoms matching the filters.")
    .argument("[query...]", "keywords")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-n, --top <n>", "number of results (0 = all)", parseCount, 10)
    .option("--project <name>", "only this project")
    .option("--type <type>", "only this type")
    .option("--tag <tag>", "only atoms with this tag")
    .addOption(new Option("--status <status>", "only this status").conflicts("allStatus"))
    .option("--all-status", "filter mode: every status, not only active")
    .option("--hot", "only hot atoms");
  for (const format of FORMATS) {
    const help = { brief: "name, score, path and a one-line preview", paths: "paths only", content: "the full text of each result", json: "a JSON array" }[format]!;
    cmd.addOption(new Option(`--${format}`, help).conflicts(FORMATS.filter((f) => f !== format)));
  }
  cmd
    .option("--explain", "show how each score was reached")
    .option("--no-log", "do not append the search to index/access_log.jsonl")
    .option("--no-refresh", "search the index as written, without checking the files for changes")
    .action((words: string[], opts: SearchOptions) => runSearch(ctx, words.join(" "), opts));
}

async function runSearch(ctx: CliContext, query: string, opts: SearchOptions): Promise<void> {
  const vault = ctx.vault(opts);
  const { vaultDir } = vault;
  const { hits, indexed } = searchVault(vault, query, { ...opts, hotOnly: opts.hot });
  if (indexed && !opts.json) ctx.err(`(no index yet: indexed ${vaultDir} first)`);
  if (hits.length === 0) {
    if (opts.json) ctx.out("[]");
    ctx.err(query.trim() ? `No results for: ${query}` : "No atoms match the filters");
    ctx.exitCode = 1;
    return;
  }
  ctx.out(await render(hits, opts, vaultDir, ctx.color));
}

async function render(hits: SearchHit[], opts: SearchOptions, vaultDir: string, color: boolean): Promise<string> {
  const explain = Boolean(opts.explain);
  if (opts.json) return JSON.stringify(hits.map((h) => hitToJson(h, explain)), null, 2);
  if (opts.paths) return hits.map((h) => h.record.path).join("\n");
  if (opts.content) return hits.map((h) => `==> ${h.record.path} (score: ${formatScore(h.score)}) <==\n${readNote(vaultDir, h.record.path).trimEnd()}\n`).join("\n");
  if (opts.brief) {
    // The frontmatter and markdown code is loaded only for --brief.
    const [{ splitFrontmatter }, { bodyPreview }] = await Promise.all([import("../../lib/atoms/frontmatter.js"), import("../../lib/search/preview.js")]);
    const previews = new Map(hits.map((h) => [h.record.path, bodyPreview(splitFrontmatter(readNote(vaultDir, h.record.path)).body)]));
    return withExplain(formatBrief(hits, previews, color), hits, explain, "\n\n");
  }
  return withExplain(formatLines(hits, color), hits, explain, "\n");
}

function withExplain(text: string, hits: SearchHit[], explain: boolean, separator: string): string {
  if (!explain) return text;
  const blocks = text.split(separator);
  return blocks.map((block, i) => (hits[i]?.breakdown ? `${block}\n${formatExplain(hits[i]!.breakdown!)}` : block)).join(separator);
}

function readNote(vaultDir: string, path: string): string {
  try {
    return readFileSync(join(vaultDir, path), "utf8").replace(/^\uFEFF/, "");
  } catch {
    return "";
  }
}
