import { defaultConfig } from "../config/defaults.js";
import type { CortexConfig } from "../config/types.js";
import { byUpdatedThenPath, classifyLayer } from "../layers/classify.js";
import { scoreAtom, scoreLowercase, tokenizeQuery } from "../scoring/score.js";
import type { ScoreBreakdown } from "../scoring/types.js";
import { compareStrings } from "../util/compare.js";
import { epochDay } from "../util/dates.js";
import { fieldStarts, scoreLine } from "./line-scorer.js";
import { candidateLines, lineRanges, parseSearchFileLine, searchFileStart } from "./search-file.js";
import type { RankOptions, SearchFilters, SearchHit, SearchRecord } from "./types.js";

/**
 * Ranks records for a query, deterministically: only scores above 0, highest
 * first, ties by `updated` descending then path ascending. With no keywords
 * (an empty query) it is the filter mode: records matching the filters
 * (active only unless `allStatus` or `status`), newest first.
 *
 * @example rankRecords(records, "deploy risk", { today: "2026-11-22", top: 5 })
 */
export function rankRecords(records: Iterable<SearchRecord>, query: string, options: RankOptions, config: CortexConfig = defaultConfig()): SearchHit[] {
  const keywords = tokenizeQuery(query);
  const filter = matchesFilters(options, keywords.length === 0);
  const hits: SearchHit[] = [];
  for (const record of records) {
    if (!filter(record)) continue;
    const hit = keywords.length === 0 ? unscored(record, options, config) : scored(record, scoreAtom(record, keywords, { today: options.today, weights: config.scoring, layers: config.layers, activation: options.activation }));
    if (hit) hits.push(hit);
  }
  return finish(hits, options);
}

/**
 * {@link rankRecords} over the bytes of `index/search.tsv`: only lines that
 * contain a keyword are decoded and scored, with the lowercase fields the file
 * stores. Gives exactly what rankRecords gives for the same records.
 *
 * @throws SearchFormatError when the file is of another format version.
 */
export function rankSearchFile(buf: Buffer, query: string, options: RankOptions, config: CortexConfig = defaultConfig()): SearchHit[] {
  const keywords = tokenizeQuery(query);
  const from = searchFileStart(buf);
  const candidates = keywords.length > 0 ? candidateLines(buf, from, keywords) : null;
  // The fast path scores the seed's table on raw bytes; the usage bonus needs the general path.
  if (candidates && !hasFilters(options) && !(config.scoring.usage > 0)) return topLines(buf, candidates, keywords, options, config);
  const lines = candidates ?? lineRanges(buf, from);
  const filter = matchesFilters(options, keywords.length === 0);
  const ctx = { today: options.today, weights: config.scoring, layers: config.layers, activation: options.activation };
  const hits: SearchHit[] = [];
  for (const [start, end] of lines) {
    const { record, key } = parseSearchFileLine(buf.toString("utf8", start, end));
    if (!filter(record)) continue;
    if (keywords.length === 0) {
      hits.push(unscored(record, options, config));
      continue;
    }
    const [name, project, description, path] = key as [string, string, string, string];
    const hit = scored(record, scoreLowercase({ name, project, description, path, tags: record.tags, status: record.status, updated: record.updated }, keywords, ctx));
    if (hit) hits.push(hit);
  }
  return finish(hits, options);
}

function hasFilters(f: SearchFilters): boolean {
  return f.project !== undefined || f.type !== undefined || f.tag !== undefined || f.status !== undefined;
}

// The fast path: score candidate lines in place, keep the best, and decode only the lines kept.
function topLines(buf: Buffer, lines: [number, number][], keywords: string[], options: RankOptions, config: CortexConfig): SearchHit[] {
  const text = buf.toString("latin1");
  const today = epochDay(options.today)!;
  const ctx = { keywords: keywords.map((k) => Buffer.from(k).toString("latin1")), weights: config.scoring, layers: config.layers, today };
  const f = new Int32Array(10);
  const best = new TopList(options.top ?? 10);
  for (const [start, end] of lines) {
    const line = text.slice(start, end);
    if (!fieldStarts(line, f)) continue;
    const score = scoreLine(line, f, ctx);
    if (score <= 0) continue;
    const day = epochDay(line.slice(f[6]!, f[7]! - 1)) ?? -Infinity;
    if (options.hotOnly && !(today - day <= config.layers.hot)) continue;
    best.offer(score, day, start, end, line);
  }
  const scoreCtx = { today: options.today, weights: config.scoring, layers: config.layers };
  return best.sorted().map((k) => {
    const { record, key } = parseSearchFileLine(buf.toString("utf8", k.start, k.end));
    const [name, project, description, path] = key as [string, string, string, string];
    return scored(record, scoreLowercase({ name, project, description, path, tags: record.tags, status: record.status, updated: record.updated }, keywords, scoreCtx))!;
  });
}

interface Kept {
  score: number;
  day: number;
  start: number;
  end: number;
  /** The path as UTF-8 bytes in a Latin-1 string. */
  path: string;
}

// The `limit` best lines by score, day and path (0 = all), kept sorted as they come.
class TopList {
  private items: Kept[] = [];
  constructor(private readonly limit: number) {}

  offer(score: number, day: number, start: number, end: number, line: string): void {
    const full = this.limit > 0 && this.items.length === this.limit;
    const worst = full ? this.items[this.items.length - 1]! : null;
    if (worst && (score < worst.score || (score === worst.score && day < worst.day))) return;
    const item = { score, day, start, end, path: line.slice(0, line.indexOf("\t")) };
    if (worst && compareKept(item, worst) >= 0) return;
    if (this.limit === 0) return void this.items.push(item);
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKept(this.items[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, item);
    if (this.items.length > this.limit) this.items.pop();
  }

  sorted(): Kept[] {
    return this.limit === 0 ? this.items.sort(compareKept) : this.items;
  }
}

function compareKept(a: Kept, b: Kept): number {
  return b.score - a.score || b.day - a.day || compareUtf8Paths(a.path, b.path);
}

// Paths as UTF-8 bytes in Latin-1 strings, compared as compareStrings compares the decoded
// paths: byte order is code point order, which differs from UTF-16 order only from U+E000 up.
function compareUtf8Paths(a: string, b: string): number {
  if (/[\xee-\xff]/.test(a) || /[\xee-\xff]/.test(b)) return compareStrings(Buffer.from(a, "latin1").toString("utf8"), Buffer.from(b, "latin1").toString("utf8"));
  return compareStrings(a, b);
}

function scored(record: SearchRecord, breakdown: ScoreBreakdown): SearchHit | null {
  return breakdown.score > 0 ? { record, score: breakdown.score, layer: breakdown.layer, breakdown } : null;
}

function unscored(record: SearchRecord, options: RankOptions, config: CortexConfig): SearchHit {
  return { record, score: 0, layer: classifyLayer(record.updated, options.today, config.layers), breakdown: null };
}

function finish(hits: SearchHit[], options: RankOptions): SearchHit[] {
  const kept = options.hotOnly ? hits.filter((h) => h.layer === "hot") : hits;
  sortHits(kept);
  const top = options.top ?? 10;
  return top > 0 ? kept.slice(0, top) : kept;
}

/** Score descending, then `updated` descending, then path ascending. */
export function sortHits(hits: SearchHit[]): SearchHit[] {
  return hits.sort((a, b) => b.score - a.score || byUpdatedThenPath(a.record, b.record));
}

/** A predicate for the filters; in filter mode the default is active atoms only. */
export function matchesFilters(filters: SearchFilters, filterMode: boolean): (record: SearchRecord) => boolean {
  const tag = filters.tag?.replace(/^#+/, "").toLowerCase();
  const project = filters.project?.toLowerCase();
  const type = filters.type?.toLowerCase();
  const status = filters.status?.toLowerCase() ?? (filterMode && !filters.allStatus ? "active" : undefined);
  return (r) =>
    (project === undefined || r.project.toLowerCase() === project) &&
    (type === undefined || r.type === type) &&
    (status === undefined || r.status === status) &&
    (tag === undefined || r.tags.includes(tag));
}
