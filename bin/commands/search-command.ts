import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Option, type Command } from "../commander.js";
import { rankSearchFile } from "../../lib/search/rank.js";
import type { SearchHit } from "../../lib/search/types.js";
import { loadSearchFile, logSearch } from "../../lib/search/vault-search.js";
import { clockMs } from "../../lib/vault/access-log.js";
import { parseCount, type CliContext } from "../context.js";
import { pathFromCwd, statusMark } from "../format/atom-output.js";
import { formatBrief, formatExplain, formatLines, formatScore, hitToJson } from "../format/search-output.js";

interface SearchOptions {
  vault?: string;
  today?: string;
  top: number;
  limit?: number;
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
    .description("Rank atoms for keywords (see --explain and the README for the scoring). Without a query: list the active atoms matching the filters, newest first.")
    .argument("[query...]", "keywords")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-n, --top <n>", "number of results (0 = all)", parseCount, 10)
    .option("--limit <n>", "the same as --top", parseCount)
    .option("-p, --project <name>", "only this project")
    .option("-t, --type <type>", "only this type")
    .option("--tag <tag>", "only atoms with this tag")
    .addOption(new Option("--status <status>", "only this status").conflicts("allStatus"))
    .option("--all-status", "filter mode: every status, not only active")
    .option("--hot", "only hot atoms");
  for (const format of FORMATS) {
    const help = { brief: "name, score, path and a one-line preview", paths: "paths only, usable from the current folder", content: "the full text of each result", json: "a JSON array" }[format]!;
    cmd.addOption(new Option(`${format === "json" ? "-j, " : ""}--${format}`, help).conflicts(FORMATS.filter((f) => f !== format)));
  }
  cmd
    .option("--explain", "show how each score was reached")
    .option("--no-log", "do not append the search to index/access_log.jsonl")
    .action((words: string[], opts: SearchOptions) => runSearch(ctx, words.join(" "), { ...opts, top: opts.limit ?? opts.top }));
}

async function runSearch(ctx: CliContext, query: string, opts: SearchOptions): Promise<void> {
  const started = clockMs();
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts.vault);
  const { buf, indexed } = await loadSearchFile(vaultDir, config, today);
  if (indexed && !opts.json) ctx.err(`(no index yet: indexed ${vaultDir} first)`);
  const activation = config.scoring.usage > 0 ? (await import("../../lib/activation/read.js")).loadActivation(vaultDir, today) : undefined;
  const hits = rankSearchFile(buf, query, { ...opts, hotOnly: opts.hot, today, activation }, config);
  if (opts.log) logSearch(vaultDir, "search", query, hits, started);
  if (hits.length === 0) {
    if (opts.json) ctx.out("[]");
    ctx.err(query.trim() ? `No results for: ${query}` : "No atoms match the filters");
    ctx.exitCode = 1;
    return;
  }
  ctx.out(await render(hits, opts, { vaultDir, cwd: ctx.params.cwd, color: ctx.color, filterMode: query.trim() === "" }));
}

interface RenderContext {
  vaultDir: string;
  cwd: string;
  color: boolean;
  /** No query: every score is 0, and none is printed. */
  filterMode: boolean;
}

async function render(hits: SearchHit[], opts: SearchOptions, r: RenderContext): Promise<string> {
  const explain = Boolean(opts.explain);
  const { vaultDir } = r;
  if (opts.json) return JSON.stringify(hits.map((h) => hitToJson(h, explain)), null, 2);
  if (opts.paths) return hits.map((h) => pathFromCwd(vaultDir, r.cwd, h.record.path)).join("\n");
  if (opts.content) return hits.map((h) => `==> ${h.record.path}${r.filterMode ? "" : ` (score: ${formatScore(h.score)})`}${statusMark(h.record.status)} <==\n${readNote(vaultDir, h.record.path).trimEnd()}\n`).join("\n");
  const style = { color: r.color, scores: !r.filterMode };
  if (opts.brief) {
    // The frontmatter and markdown code is loaded only for --brief.
    const [{ splitFrontmatter }, { bodyPreview }] = await Promise.all([import("../../lib/atoms/frontmatter.js"), import("../../lib/search/preview.js")]);
    const previews = new Map(hits.map((h) => [h.record.path, bodyPreview(splitFrontmatter(readNote(vaultDir, h.record.path)).body)]));
    return withExplain(formatBrief(hits, previews, style), hits, explain, "\n\n");
  }
  return withExplain(formatLines(hits, style), hits, explain, "\n");
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
