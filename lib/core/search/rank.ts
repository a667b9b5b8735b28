import { defaultConfig } from "../config/defaults.js";
import type { CortexConfig } from "../config/types.js";
import { byUpdatedThenPath, classifyLayer } from "../layers/classify.js";
import { scoreAtom, scoreLowercase, tokenizeQuery } from "../scoring/score.js";
import type { ScoreBreakdown } from "../scoring/types.js";
import { CandidateLines, toLatin1 } from "./line-scan.js";
import { lineRanges, parseSearchFileLine, searchFileStart } from "../indexes/search-file.js";
import { topLines } from "./top-lines.js";
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
  // A keyword holding a field or line separator could straddle fields: every line is scored then.
  const scan = keywords.length > 0 && !keywords.some((k) => /[\t\n\r\x1f]/.test(k));
  // The fast path scores the seed's table on raw bytes; filters and the usage bonus need the general path.
  if (scan && !hasFilters(options) && !(config.scoring.usage > 0)) return topLines(buf, from, keywords, options, config);
  const filter = matchesFilters(options, keywords.length === 0);
  const ctx = { today: options.today, weights: config.scoring, layers: config.layers, activation: options.activation };
  const hits: SearchHit[] = [];
  const visit = (start: number, end: number): void => {
    const { record, lower } = parseSearchFileLine(buf.toString("utf8", start, end));
    if (!filter(record)) return;
    if (keywords.length === 0) return void hits.push(unscored(record, options, config));
    const hit = scored(record, scoreLowercase({ ...lower, tags: record.tags, status: record.status, updated: record.updated }, keywords, ctx));
    if (hit) hits.push(hit);
  };
  if (scan) {
    const lines = new CandidateLines(buf.toString("latin1"), from, keywords.map(toLatin1));
    while (lines.advance()) visit(lines.start, lines.end);
  } else {
    for (const [start, end] of lineRanges(buf, from)) visit(start, end);
  }
  return finish(hits, options);
}

function hasFilters(f: SearchFilters): boolean {
  return f.project !== undefined || f.type !== undefined || f.tag !== undefined || f.status !== undefined;
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
