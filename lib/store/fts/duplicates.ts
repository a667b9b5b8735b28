import { normalizedWords } from "../../core/fts/query.js";
import { STOP_WORDS } from "../../core/util/tokenize.js";
import type { IndexDb } from "../index-db.js";

/** How many of a text's words look for its near-duplicates: its longest distinct ones (long words are the rarer). */
const PROBE_WORDS = 24;

/**
 * The live atoms (active, review) most like `text` by the full-text index:
 * the best `limit` matches of its longest distinct words by FTS5's BM25, in
 * that order (ties by path). A near-duplicate shares most of its words with
 * the text, so it ranks among them; only these need an exact comparison,
 * instead of every note of the vault. Null when the database cannot be read
 * (the caller compares with every atom then).
 *
 * @example duplicateCandidates(vault.db(), "Deploy freeze on release day\nNo deploys…", 100)
 */
export function duplicateCandidates(db: IndexDb, text: string, limit: number): { path: string; name: string }[] | null {
  const words = [...new Set(normalizedWords(text))].filter((w) => !STOP_WORDS.search.has(w));
  const probe = words.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0)).slice(0, PROBE_WORDS);
  if (probe.length === 0) return [];
  try {
    const sql = "SELECT d.path AS path, d.name AS name FROM fts JOIN docs d ON d.id = fts.rowid WHERE fts MATCH ? AND d.status IN ('active', 'review') ORDER BY bm25(fts), d.path LIMIT ?";
    const rows = db.prepare(sql).all(probe.map((w) => `"${w}"`).join(" OR "), limit) as { path: string; name: string }[];
    return rows.map((r) => ({ path: r.path, name: r.name }));
  } catch {
    return null;
  }
}
