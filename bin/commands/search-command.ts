import { Option, type Command } from "../commander.js";
import { searchVault } from "../../lib/app/handle/search.js";
import { CortexError } from "../../lib/core/errors.js";
import { tokenizeQuery } from "../../lib/core/scoring/score.js";
import type { Snippet } from "../../lib/store/fts/snippet.js";
import type { SearchHit } from "../../lib/core/search/types.js";
import { parseCount, type CliContext } from "../context.js";
import { pathFromCwd, statusMark } from "../format/atom-output.js";
import { formatBrief, formatExplain, formatLines, formatScore, hitToJson } from "../format/search-output.js";
import { readAtomText } from "../../lib/store/read-atom.js";
import { projectMiss } from "../format/misses.js";
import { didYouMean } from "../../lib/app/fts/did-you-mean.js";

interface SearchOptions {
  vault?: string;
  today?: string;
  refresh?: boolean;
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
  ranking?: "fulltext" | "seed";
  strict?: boolean;
  log: boolean;
}

const FORMATS = ["brief", "paths", "content", "json"];

/** `cortex search`: deterministic keyword search, or filter mode without a query. */
export function registerSearch(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("search")
    .description('Rank atoms by what they say: words, "exact phrases", -excluded, prefix*. Without a query: list the active atoms matching the filters, newest first.')
    .argument("[query...]", 'words; "an exact phrase"; -word excludes (quote the query, or put it after --); word* matches a prefix')
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
    .addOption(new Option("--ranking <name>", "fulltext (the whole note, default) or seed (the seed's table over metadata)").choices(["fulltext", "seed"]))
    .option("--strict", "refuse a query that is not well-formed syntax (exit 2) instead of reading it as text")
    .option("--no-log", "do not append the search to index/access_log.jsonl")
    .option("--no-refresh", "search the index as written, without checking the files for changes")
    .action((words: string[], opts: SearchOptions) => runSearch(ctx, words.join(" "), { ...opts, top: opts.limit ?? opts.top }));
}

async function runSearch(ctx: CliContext, query: string, opts: SearchOptions): Promise<void> {
  const vault = ctx.vault(opts);
  const { vaultDir } = vault;
  const seed = (opts.ranking ?? vault.config.search.ranking) === "seed";
  // The seed's table drops words of one character: a query of only those finds nothing (refused with --strict), not filter mode.
  if (seed && query.trim() !== "" && tokenizeQuery(query).length === 0) {
    if (opts.strict) throw new CortexError("BAD_QUERY", `bad query: ${JSON.stringify(query.trim())} has no keyword of two or more characters (the seed ranking drops shorter ones)`);
    return noResults(ctx, query, opts, vault);
  }
  const { hits, indexed } = searchVault(vault, query, { ...opts, hotOnly: opts.hot, ranking: opts.ranking, strictQuery: opts.strict });
  if (!seed) await noteDroppedWords(ctx, query);
  if (indexed && !opts.json) ctx.err(`(no index yet: indexed ${vaultDir} first)`);
  if (hits.length === 0) return noResults(ctx, query, opts, vault);
  ctx.out(await render(hits, opts, { vaultDir, cwd: ctx.params.cwd, color: ctx.color, width: ctx.width, query, filterMode: query.trim() === "" }));
}

function noResults(ctx: CliContext, query: string, opts: SearchOptions, vault: ReturnType<CliContext["vault"]>): void {
  if (opts.json) ctx.out("[]");
  ctx.err(projectMiss(opts.project, vault.manifest) ?? (query.trim() ? `No results for: ${query}` : "No atoms match the filters"));
  // Words the notes never use: the nearest ones they do, from the full-text index (not for the seed ranking).
  const suggestion = query.trim() && (opts.ranking ?? vault.config.search.ranking) === "fulltext" ? didYouMean(vault, query) : null;
  if (suggestion !== null) ctx.err(`did you mean ${suggestion}?`);
  ctx.exitCode = 1;
}

// A query of more distinct words than one search takes is searched by its first ones, and said so.
async function noteDroppedWords(ctx: CliContext, query: string): Promise<void> {
  const { parseQuery, MAX_QUERY_UNITS } = await import("../../lib/core/fts/query.js");
  const { dropped } = parseQuery(query);
  if (dropped > 0) ctx.err(`(searched the first ${MAX_QUERY_UNITS} distinct words of the query; ${dropped} more left out)`);
}

interface RenderContext {
  vaultDir: string;
  cwd: string;
  color: boolean;
  /** A terminal's width (undefined for a pipe). */
  width?: number;
  query: string;
  /** No query: every score is 0, and none is printed. */
  filterMode: boolean;
}

async function render(hits: SearchHit[], opts: SearchOptions, r: RenderContext): Promise<string> {
  const explain = Boolean(opts.explain);
  const { vaultDir } = r;
  if (opts.paths) return hits.map((h) => pathFromCwd(vaultDir, r.cwd, h.record.path)).join("\n");
  if (opts.content) return hits.map((h) => `==> ${h.record.path}${r.filterMode ? "" : ` (score: ${formatScore(h.score)})`}${statusMark(h.record.status)} <==\n${(readAtomText(vaultDir, h.record.path) ?? "").trimEnd()}\n`).join("\n");
  const style = { color: r.color, scores: !r.filterMode, width: r.width };
  if (!opts.json && !opts.brief) return withExplain(formatLines(hits, style), hits, explain, "\n");
  // The notes' texts, the frontmatter and the snippet code are loaded only for --json and --brief.
  const texts = new Map(hits.map((h) => [h.record.path, readAtomText(vaultDir, h.record.path)]));
  const [snippets, { hitDates }] = await Promise.all([snippetsOf(hits, texts, r.query), import("../../lib/core/search/hit-dates.js")]);
  const dates = new Map(hits.map((h) => [h.record.path, hitDates(h.record.updated, texts.get(h.record.path) ?? null)]));
  if (opts.json) return JSON.stringify(hits.map((h) => hitToJson(h, explain, snippets.get(h.record.path), dates.get(h.record.path))), null, 2);
  const [{ splitFrontmatter }, { bodyPreview }] = await Promise.all([import("../../lib/core/atoms/frontmatter.js"), import("../../lib/core/search/preview.js")]);
  const previews = new Map(hits.map((h) => [h.record.path, snippets.get(h.record.path) ?? { text: bodyPreview(splitFrontmatter(texts.get(h.record.path) ?? "").body), matches: [] }]));
  return withExplain(formatBrief(hits, previews, style, dates), hits, explain, "\n\n");
}

// The best-matching passage of each full-text hit's note (none for the seed ranking or filter mode).
async function snippetsOf(hits: SearchHit[], texts: ReadonlyMap<string, string | null>, query: string): Promise<Map<string, Snippet | null>> {
  const snippets = new Map<string, Snippet | null>();
  if (!hits.some((h) => "matched" in h) || query.trim() === "") return snippets;
  const [{ bestPassage }, { parseQuery }] = await Promise.all([import("../../lib/store/fts/snippet.js"), import("../../lib/core/fts/query.js")]);
  const parsed = parseQuery(query);
  for (const hit of hits) snippets.set(hit.record.path, bestPassage(texts.get(hit.record.path) ?? "", parsed));
  return snippets;
}

function withExplain(text: string, hits: SearchHit[], explain: boolean, separator: string): string {
  if (!explain) return text;
  const blocks = text.split(separator);
  return blocks.map((block, i) => (hits[i]?.breakdown ? `${block}\n${formatExplain(hits[i]!.breakdown!)}` : block)).join(separator);
}
