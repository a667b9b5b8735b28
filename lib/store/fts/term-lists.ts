import type { ParsedQuery } from "../../core/fts/query.js";
import type { IndexDb } from "../index-db.js";

/** A row of `fts` with its FTS5 BM25 (lower is better, as FTS5 gives it). */
export interface ScoredRow {
  id: number;
  s: number;
}

/**
 * A query unit's best matches by its own FTS5 BM25 with the fields' weights
 * (a "champion list"): the best `rows.length` of them, best first; which
 * of a run of equal scores at the edge is left to FTS5, as the bound and the
 * ranking read scores only. Worked out once per kept connection (see `IndexDb.kept`),
 * that is once per state of the index in a live server.
 */
interface TermList {
  rows: ScoredRow[];
  /** True when `rows` holds every match of the unit. */
  complete: boolean;
  /** The best score of a match outside `rows` (0 when complete). */
  next: number;
}

/**
 * The `k` best matches of a query's FTS5 expression by weighted BM25, best
 * first, from its units' champion lists on a kept connection: or null when
 * the lists cannot prove it (the ranking then scores every match, as on a
 * connection that is not kept). With one unit, its list is the answer. With
 * several, the lists' rows are scored under the whole expression; a match in
 * none of them scores at best the sum of each list's next score (FTS5's
 * BM25 adds up per phrase, and a phrase absent from a row adds nothing), so
 * when the `k`-th best listed row beats that sum, no other match can enter.
 * Never read when the connection is not kept, where a list costs as much as
 * the plain ranking.
 */
export function rankedFromLists(store: IndexDb, query: ParsedQuery, expression: string, weights: string, k: number): ScoredRow[] | null {
  if (!store.kept || k <= 0 || query.units.length === 0) return null;
  const lists = query.units.map((unit) => termList(store, unit.match, weights, k));
  // One unit and nothing excluded: the expression is that one phrase, and its scores are the list's, bit for bit.
  if (lists.length === 1 && query.excluded.length === 0) return lists[0]!.rows.slice(0, k);
  // A query the lists could not prove is not tried again while the index stays as it is.
  const unproved = store.derived(`unproved\n${weights}\n${k}\n${expression}`, () => ({ value: false }));
  if (unproved.value) return null;
  const best = bestListed(store, lists, expression, weights, k);
  unproved.value = best === null;
  return best;
}

// The k best matches of the expression among the lists' rows, when no other match can beat the k-th.
function bestListed(store: IndexDb, lists: TermList[], expression: string, weights: string, k: number): ScoredRow[] | null {
  const ids = [...new Set(lists.flatMap((l) => l.rows.map((r) => r.id)))];
  const scored = store.prepare(`SELECT rowid AS id, bm25(fts, ${weights}) AS s FROM fts WHERE fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`).all(expression, JSON.stringify(ids)) as unknown as ScoredRow[];
  scored.sort((a, b) => a.s - b.s);
  if (lists.every((l) => l.complete)) return scored.slice(0, k);
  if (scored.length < k) return null;
  // The sum of the next scores, widened a little: FTS5 adds phrase by phrase, in an order that rounding could tell apart.
  const outside = lists.reduce((sum, l) => sum + (l.complete ? 0 : l.next), 0) * (1 + 1e-9);
  return scored[k - 1]!.s < outside ? scored.slice(0, k) : null;
}

/**
 * How many rows match an FTS5 expression (counted once per kept connection).
 * A unit's count is its document frequency, which its IDF follows from.
 */
export function matchCount(store: IndexDb, expression: string): number {
  return store.derived(`count\n${expression}`, () => (store.prepare("SELECT count(*) AS n FROM fts WHERE fts MATCH ?").get(expression) as { n: number }).n);
}

// The unit's list of at least `k` rows: the one kept, or made (again, larger) now.
function termList(store: IndexDb, match: string, weights: string, k: number): TermList {
  const held = store.derived<{ list?: TermList }>(`list\n${weights}\n${match}`, () => ({}));
  const kept = held.list;
  if (kept !== undefined && (kept.complete || kept.rows.length >= k)) return kept;
  return (held.list = bestRows(store, match, weights, k));
}

// The k best rows of one unit (any of a run of equal scores at the edge), and the best score after them.
function bestRows(store: IndexDb, match: string, weights: string, k: number): TermList {
  const rows = store.prepare(`SELECT rowid AS id, bm25(fts, ${weights}) AS s FROM fts WHERE fts MATCH ? ORDER BY s LIMIT ?`).all(match, k + 1) as unknown as ScoredRow[];
  if (rows.length <= k) return { rows, complete: true, next: 0 };
  return { rows: rows.slice(0, k), complete: false, next: rows[k]!.s };
}
