import { parseQuery } from "../../core/fts/query.js";
import { nearestVocabularyWord } from "../../store/fts/vocabulary.js";
import type { CortexConfig } from "../../core/config/types.js";
import type { IndexDb } from "../../store/index-db.js";

/** What {@link didYouMean} needs of an open vault (a `VaultHandle`; named by shape: the handle's folder imports this one). */
export interface SearchableVault {
  readonly config: CortexConfig;
  db(): IndexDb;
}

/**
 * For a full-text search that found nothing: the query with each word the
 * notes never use replaced by the nearest word they do (`postgress` →
 * `postgres`), from the index's own vocabulary; null when no word was
 * replaced. Phrases and prefixes are kept as typed. Deterministic.
 *
 * @example didYouMean(vault, "postgress upgrade") // "postgres upgrade"
 */
export function didYouMean(vault: SearchableVault, query: string): string | null {
  let units;
  try {
    units = parseQuery(query).units.filter((u) => !u.phrase && !u.prefix);
  } catch {
    return null;
  }
  if (units.length === 0) return null;
  const store = vault.db();
  const fixes = new Map<string, string>();
  for (const unit of units) {
    const near = nearestVocabularyWord(store, unit.text);
    if (near !== null && near !== unit.text) fixes.set(unit.text, near);
  }
  if (fixes.size === 0) return null;
  return query.trim().split(/\s+/).map((w) => fixes.get(w.toLowerCase()) ?? w).join(" ");
}
