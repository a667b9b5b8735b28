import type { CortexConfig } from "../../core/config/types.js";
import { classifyLayer } from "../../core/layers/classify.js";
import { finishScore } from "../../core/scoring/score.js";
import type { Contribution } from "../../core/scoring/types.js";
import { sortHits } from "../../core/search/rank.js";
import type { RankOptions, SearchHit, SearchRecord } from "../../core/search/types.js";
import { TEXT_FIELDS } from "../../core/fts/fields.js";
import { matchExpression, parseQuery, type ParsedQuery } from "../../core/fts/query.js";
import { framedTags, unframedTags, type IndexDb } from "../index-db.js";
import { fieldPoints, liftName, wholeNameIds } from "./field-points.js";
import { liftAnswerForms } from "./question-signal.js";
import { rankedFromLists, type ScoredRow } from "./term-lists.js";

/** A full-text hit: a {@link SearchHit} with the query words and phrases it matched. */
export interface TextHit extends SearchHit {
  matched: string[];
}

/** A row of `docs` as the ranking selects it: the search record, with tags as stored (`\x1f`-joined) and the row id. */
export type DocMeta = Omit<SearchRecord, "tags"> & { id: number; tags: string };

const META_COLUMNS = "d.id AS id, d.path AS path, d.name AS name, d.type AS type, d.project AS project, d.status AS status, d.updated AS updated, d.tags AS tags, d.description AS description";

/**
 * Ranks a vault's atoms for a query over `index/cortex.db`: each field's BM25 (FTS5)
 * times the field's weight (`[scoring.fulltext]`), added up per query word;
 * × `all_match` when every word and phrase matched; then the seed's layer
 * bonus and status multipliers; ties by `updated` descending, then path.
 * Only the `[search] pool` best matches by FTS5's weighted BM25 (at least
 * five times `top`) are scored field by field. An empty query is the filter
 * mode (active atoms unless `allStatus` or `status`, newest first).
 * Deterministic: the same database, query and day give the same hits.
 *
 * A query with no word to search for (`!!!`) finds nothing.
 *
 * @throws CortexError (`BAD_QUERY`), only with `strictQuery`, for a query that is not well formed (see `parseQuery`).
 */
export function rankFullText(store: IndexDb, query: string, options: RankOptions, config: CortexConfig): TextHit[] {
  const parsed = parseQuery(query, { strict: options.strictQuery });
  const expression = matchExpression(parsed);
  if (expression === null) return query.trim() === "" ? filterMode(store, options, config) : [];
  const top = options.top ?? 10;
  const pool = top > 0 ? Math.max(config.search.pool, top * 5) : -1;
  const candidates = poolCandidates(store, expression, options, pool, config, parsed);
  const ids = candidates.map((c) => c.id);
  const points = fieldPoints(store, parsed, ids, config);
  const wholeNames = config.textWeights.whole_name !== 1 ? wholeNameIds(store, parsed, ids) : new Set<number>();
  let hits = candidates.flatMap((doc) => {
    const contributions = points.get(doc.id) ?? [];
    const hit = scoreDoc(doc, parsed, wholeNames.has(doc.id) ? liftName(contributions, config.textWeights.whole_name) : contributions, options, config);
    return hit ? [{ ...hit, id: doc.id }] : [];
  });
  sortHits(hits);
  hits = liftAnswerForms(store, query, expression, hits, config.textWeights.question_form, options.hotOnly ? 0 : top);
  const kept = options.hotOnly ? hits.filter((h) => h.layer === "hot") : hits;
  sortHits(kept);
  return (top > 0 ? kept.slice(0, top) : kept).map(({ id: _id, ...hit }) => hit);
}

/**
 * The `pool` best matches of an FTS5 expression by FTS5's BM25 with the
 * fields' weights, ties by path (every match when `pool` is negative), under
 * the filters; in no particular order. Without filters, the matches are
 * ranked by row id and score alone, and only the pool's rows are read from
 * `docs` (their paths too when the pool ends inside a run of equal scores):
 * the same atoms as ranking every match with its path, without carrying
 * every match's metadata through the sort. On a kept connection, given the
 * parsed query, the best matches come from its units' champion lists when
 * they prove them (see `rankedFromLists`): the same atoms, without scoring
 * every match of a common word on each call.
 */
export function poolCandidates(store: IndexDb, expression: string, filters: RankOptions, pool: number, config: CortexConfig, query?: ParsedQuery): DocMeta[] {
  const { where, params } = filterSql(filters, false);
  const weights = TEXT_FIELDS.map((f) => config.textWeights[f]).join(", ");
  const everyMatch = () => store.prepare(`SELECT ${META_COLUMNS} FROM fts JOIN docs d ON d.id = fts.rowid WHERE fts MATCH ?${where} ORDER BY bm25(fts, ${weights}), d.path LIMIT ?`).all(expression, ...params, pool) as unknown as DocMeta[];
  if (where !== "" || pool <= 0) return everyMatch();
  // Twice the pool: a run of equal scores at its edge is then (almost always) read whole.
  const listed = query ? rankedFromLists(store, query, expression, weights, 2 * pool) : null;
  const ranked = listed ?? (store.prepare(`SELECT rowid AS id, bm25(fts, ${weights}) AS s FROM fts WHERE fts MATCH ? ORDER BY s LIMIT ?`).all(expression, 2 * pool) as unknown as ScoredRow[]);
  let ids = ranked.map((r) => r.id);
  if (ranked.length > pool) {
    const edge = ranked[pool - 1]!.s;
    // The run of scores equal to the pool's last goes on past what was read.
    if (ranked.at(-1)!.s === edge) return everyMatch();
    const better = ranked.filter((r) => r.s < edge).map((r) => r.id);
    const tied = ranked.filter((r) => r.s === edge).map((r) => r.id);
    ids = better.concat(firstByPath(store, tied, pool - better.length));
  }
  return store.prepare(`SELECT ${META_COLUMNS} FROM docs d WHERE d.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as unknown as DocMeta[];
}

// The first `n` of these rows by path (in SQLite's order, as the ranking's tie-break).
function firstByPath(store: IndexDb, ids: number[], n: number): number[] {
  const rows = store.prepare("SELECT id FROM docs WHERE id IN (SELECT value FROM json_each(?)) ORDER BY path LIMIT ?").all(JSON.stringify(ids), n) as { id: number }[];
  return rows.map((r) => r.id);
}

function scoreDoc(doc: DocMeta, query: ParsedQuery, contributions: Contribution[], options: RankOptions, config: CortexConfig): TextHit | null {
  const matched = query.units.filter((u) => contributions.some((c) => c.keyword === u.text)).map((u) => u.text);
  const record = toRecord(doc);
  const ctx = { today: options.today, weights: config.scoring, layers: config.layers, activation: options.activation };
  // Activation is kept per lowercase path (as the seed's search file stores paths).
  const breakdown = finishScore(contributions, query.units.length > 1 && matched.length === query.units.length, { ...record, path: record.path.toLowerCase() }, ctx);
  return breakdown.score > 0 ? { record, score: breakdown.score, layer: breakdown.layer, breakdown, matched } : null;
}

/**
 * How many atoms a query matches under the filters (archived ones left out
 * unless `withArchived`), without ranking them: what `rankFullText` with
 * `top: 0` would return, counted by FTS5 (every match scores above 0).
 */
export function countFullText(store: IndexDb, query: string, options: RankOptions, withArchived: boolean): number {
  const parsed = parseQuery(query, { strict: options.strictQuery });
  const expression = matchExpression(parsed);
  if (expression === null && query.trim() !== "") return 0;
  const { where, params } = filterSql(options, expression === null);
  const archived = withArchived ? "" : " AND d.status != 'archived'";
  // No filter to read from `docs`: on a kept connection, the matches alone, less the archived ones it has listed.
  const bare = expression !== null && where === "" && store.kept;
  const sql = bare
    ? `SELECT count(*) AS n FROM fts WHERE fts MATCH ?${withArchived ? "" : ` AND +rowid NOT IN ${store.archivedIds()}`}`
    : expression === null
      ? `SELECT count(*) AS n FROM docs d WHERE 1${where}${archived}`
      : `SELECT count(*) AS n FROM fts JOIN docs d ON d.id = fts.rowid WHERE fts MATCH ?${where}${archived}`;
  const count = () => (store.prepare(sql).get(...(expression === null ? params : [expression, ...params])) as { n: number }).n;
  // One word or phrase and nothing excluded: its document frequency (among live atoms), a statistic of the unit.
  return bare && parsed.units.length === 1 && parsed.excluded.length === 0 ? store.derived(`atoms\n${withArchived}\n${expression}`, count) : count();
}

// No words: the atoms that match the filters (active only unless allStatus or status), newest first.
function filterMode(store: IndexDb, options: RankOptions, config: CortexConfig): TextHit[] {
  const { where, params } = filterSql(options, true);
  const docs = store.prepare(`SELECT ${META_COLUMNS} FROM docs d WHERE 1${where}`).all(...params) as unknown as DocMeta[];
  const hits: TextHit[] = docs.map((doc) => {
    const record = toRecord(doc);
    return { record, score: 0, layer: classifyLayer(record.updated, options.today, config.layers), breakdown: null, matched: [] };
  });
  const kept = options.hotOnly ? hits.filter((h) => h.layer === "hot") : hits;
  sortHits(kept);
  const top = options.top ?? 10;
  return top > 0 ? kept.slice(0, top) : kept;
}

// The filters as SQL over `docs d` (as `matchesFilters` reads them), each value a parameter.
function filterSql(options: RankOptions, filterModeDefaults: boolean): { where: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  const add = (clause: string, value: string) => (clauses.push(clause), params.push(value));
  if (options.project !== undefined) add("lower(d.project) = ?", options.project.toLowerCase());
  if (options.type !== undefined) add("d.type = ?", options.type.toLowerCase());
  const status = options.status?.toLowerCase() ?? (filterModeDefaults && !options.allStatus ? "active" : undefined);
  if (status !== undefined) add("d.status = ?", status);
  if (options.tag !== undefined) add("instr(d.tags, ?) > 0", framedTags([options.tag.replace(/^#+/, "").toLowerCase()]));
  return { where: clauses.map((c) => ` AND ${c}`).join(""), params };
}

function toRecord(doc: DocMeta): SearchRecord {
  return { path: doc.path, name: doc.name, type: doc.type, project: doc.project, status: doc.status, updated: doc.updated, tags: unframedTags(doc.tags), description: doc.description };
}
