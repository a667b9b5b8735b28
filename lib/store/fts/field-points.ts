import type { CortexConfig } from "../../core/config/types.js";
import { TEXT_FIELDS, type TextField } from "../../core/fts/fields.js";
import { normalizedWords, type ParsedQuery, type QueryUnit } from "../../core/fts/query.js";
import type { Contribution, MatchField } from "../../core/scoring/types.js";
import { STOP_WORDS } from "../../core/util/tokenize.js";
import type { IndexDb } from "../index-db.js";
import { matchCount } from "./term-lists.js";

// The full-text ranking's points: each query word's weighted BM25 per field of each candidate, and the
// whole-name lift (see rankFullText, rank.ts).

/**
 * Per candidate, the points of each query word in each field. A word weighs
 * its inverse document frequency, `ln(1 + (N − n + 0.5) / (n + 0.5))` (never
 * 0, unlike FTS5's own, which gives nothing to a word in most notes). In the
 * short fields (name, tags, project, description, path, headings) a match
 * counts once, times the field's weight; in the body it counts as BM25's
 * term-frequency part (0 to 2.2, saturating, shorter notes first) plus
 * `body_delta` (BM25+), times the body weight. FTS5's BM25 of one word in one column gives both: divided by
 * FTS5's IDF, which follows from N and n, it is that term-frequency part.
 * The word's fields then saturate together, BM25F-style: with x their sum
 * and k = `saturation`, each is scaled by (k + 1) / (x + k), so a word in
 * four fields counts for less than four.
 */
export function fieldPoints(store: IndexDb, query: ParsedQuery, ids: number[], config: CortexConfig): Map<number, Contribution[]> {
  const byId = new Map<number, Contribution[]>();
  if (ids.length === 0) return byId;
  const total = store.docCount();
  for (const unit of query.units) {
    const hits = matchCount(store, unit.match);
    const idf = Math.log(1 + (total - hits + 0.5) / (hits + 0.5));
    const ftsIdf = Math.max(1e-6, Math.log((total - hits + 0.5) / (hits + 0.5)));
    for (const row of fieldScores(store, unit.match, ids)) {
      const list = byId.get(row.id!) ?? [];
      const raw = TEXT_FIELDS.map((field, c) => {
        const bm25 = -row[`c${c}`]!;
        return bm25 > 0 ? config.textWeights[field] * (field === "body" ? bm25 / ftsIdf + config.textWeights.body_delta : 1) : 0;
      });
      // One word found in many fields (a title is often also the file name and the first heading) saturates.
      const k = config.textWeights.saturation;
      const sum = raw.reduce((a, b) => a + b, 0);
      const factor = k > 0 ? (k + 1) / (sum + k) : 1;
      TEXT_FIELDS.forEach((field, c) => raw[c]! > 0 && addPoints(list, unit, field, idf * raw[c]! * factor));
      byId.set(row.id!, list);
    }
  }
  return byId;
}

type FieldRow = Record<string, number>;

/**
 * Each field's FTS5 BM25 alone for one unit, in the rows of `ids` that match
 * it. A kept connection remembers them per unit and row (null: no match),
 * so that only rows not seen before are looked up.
 */
function fieldScores(store: IndexDb, match: string, ids: number[]): FieldRow[] {
  const known = store.derived(`fields\n${match}`, () => new Map<number, FieldRow | null>());
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const columns = TEXT_FIELDS.map((_, c) => `bm25(fts, ${TEXT_FIELDS.map((__, i) => (i === c ? 1 : 0)).join(", ")}) AS c${c}`).join(", ");
    // `+rowid`: the list is a filter, not a constraint handed to FTS5, which would start a new cursor (and
    // recount the word's notes for BM25's IDF) for each id.
    const statement = store.prepare(`SELECT rowid AS id, ${columns} FROM fts WHERE fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`);
    for (const id of unknown) known.set(id, null);
    for (const row of statement.all(match, JSON.stringify(unknown)) as FieldRow[]) known.set(row.id!, row);
  }
  return ids.map((id) => known.get(id)).filter((row): row is FieldRow => row != null);
}

/**
 * The candidates whose name, or one of whose aliases, the query holds whole:
 * every word of it but the `search` stop words matched, as FTS5's own
 * tokenizer decides (through `highlight()` on the name column, which holds
 * the name and each alias on a line of its own). A query that names a note
 * is the strongest sign of which note is meant.
 */
export function wholeNameIds(store: IndexDb, query: ParsedQuery, ids: number[]): Set<number> {
  // Only the name column: rows without a match there cannot hold a whole name.
  const any = `{name} : (${query.units.map((u) => u.match).join(" OR ")})`;
  const rows = store
    .prepare("SELECT rowid AS id, highlight(fts, 0, char(1), char(2)) AS name FROM fts WHERE fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))")
    .all(any, JSON.stringify(ids)) as { id: number; name: string }[];
  return new Set(rows.filter((row) => row.name.split("\n").some(isWhollyMatched)).map((row) => row.id));
}

// A highlighted line holds a match, and no word outside the marks but stop words.
function isWhollyMatched(line: string): boolean {
  if (!line.includes("\x01")) return false;
  const rest = line.replace(/\x01[^\x02]*\x02/g, " ");
  return normalizedWords(rest).every((w) => STOP_WORDS.search.has(w));
}

/** The name's points × `whole_name`, marked so that `--explain` says why. */
export function liftName(contributions: Contribution[], factor: number): Contribution[] {
  return contributions.map((c) => (c.field === "name" ? { ...c, points: Math.round(c.points * factor * 1e6) / 1e6, factor } : c));
}

function addPoints(list: Contribution[], unit: QueryUnit, field: TextField, points: number): void {
  list.push({ keyword: unit.text, field: (field === "tags" ? "tag" : field) as MatchField, points: Math.round(points * 1e6) / 1e6 });
}
