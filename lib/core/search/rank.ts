import { defaultConfig } from "../config/defaults.js";
import type { CortexConfig } from "../config/types.js";
import { byUpdatedThenPath, classifyLayer } from "../layers/classify.js";
import { scoreAtom, tokenizeQuery } from "../scoring/score.js";
import type { ScoreBreakdown } from "../scoring/types.js";
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
