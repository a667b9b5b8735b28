import { loadActivation } from "../../store/activation/read.js";
import type { VaultSnapshot } from "./vault-snapshot.js";
import { countFullText, rankFullText } from "../../store/fts/rank.js";
import { docsNamed, type NamedDoc } from "../../store/fts/names.js";
import type { IndexDb } from "../../store/index-db.js";
import { rankRecords } from "../../core/search/rank.js";
import { searchRecordOf } from "../../core/search/types.js";
import type { RankOptions, SearchHit } from "../../core/search/types.js";
import { appendAccessEvent, clockMs } from "../../store/access-log.js";
import { vaultPaths } from "../../store/paths.js";

/** How a vault is ranked: the filters, how many, and which ranking. */
export interface VaultRankOptions extends Omit<RankOptions, "today" | "activation"> {
  /** Default `[search] ranking` (`fulltext` unless cortex.toml says otherwise). */
  ranking?: "fulltext" | "seed";
}

/** Options of a vault search: the filters, how many, which ranking, and whether to log it. */
export interface VaultSearchOptions extends VaultRankOptions {
  /** Append the search to `index/access_log.jsonl`. Default true. */
  log?: boolean;
  /** The operation name in the access log. Default `search`. */
  op?: string;
}

/** What a vault search returns. */
export interface VaultSearchResult {
  hits: SearchHit[];
  vaultDir: string;
  /** True when the vault had no index and this search built it. */
  indexed: boolean;
}

/**
 * Searches an open vault: its index brought up to date (unless it was opened
 * with `refresh: false`), ranked by {@link rankVault}, and the search logged.
 *
 * @example const { hits } = searchVault(openVault({ vault: "examples/vault" }), "deploy risk", { top: 3 });
 */
export function searchVault(vault: VaultSnapshot, query: string, options: VaultSearchOptions = {}): VaultSearchResult {
  const started = clockMs();
  const hits = rankVault(vault, query, options);
  const indexed = "indexedNow" in vault ? Boolean(vault.indexedNow) : vault.freshness.indexed_at === null;
  if (options.log !== false) recordAccess(vault.vaultDir, options.op ?? "search", query, hits.map((h) => h.record.path), started);
  return { hits, vaultDir: vault.vaultDir, indexed };
}

/**
 * Ranks a vault's atoms for a query: the one place every search goes through
 * (CLI search, library, MCP recall, context briefings, hooks). The
 * `[search] ranking`: full text over the vault's database (the default; see
 * `rankFullText`), or the seed ranking's score table over every atom's
 * search record; plus the usage bonus when `[scoring] usage`
 * is set. `top` 0 keeps every hit.
 *
 * @throws CortexError (`BAD_QUERY`) for a full-text query that cannot be read.
 */
export function rankVault(vault: VaultSnapshot, query: string, options: VaultRankOptions = {}): SearchHit[] {
  const { ranking, ...filters } = options;
  // The access log is read only when the usage bonus is on (off by default).
  const activation = vault.config.scoring.usage > 0 ? loadActivation(vault.vaultDir, vault.today) : undefined;
  const rankOptions = { ...filters, today: vault.today, activation };
  if ((ranking ?? vault.config.search.ranking) === "fulltext") {
    return rankFullText(databaseOf(vault), query, rankOptions, vault.config);
  }
  const records = vault.searchRecords?.() ?? vault.manifest.map(searchRecordOf);
  return rankRecords(records, query, rankOptions, vault.config);
}

/**
 * How many atoms `rankVault` with `top: 0` would return, archived ones left
 * out unless `withArchived`. The full-text ranking counts them in the index
 * without scoring each; the seed's table ranks them all.
 */
export function countVault(vault: VaultSnapshot, query: string, options: VaultRankOptions, withArchived: boolean): number {
  if ((options.ranking ?? vault.config.search.ranking) === "fulltext") return countFullText(databaseOf(vault), query, { ...options, today: vault.today }, withArchived);
  const hits = rankVault(vault, query, { ...options, top: 0 });
  return withArchived ? hits.length : hits.filter((h) => h.record.status !== "archived").length;
}

/**
 * The atoms whose name could be `name` (see `docsNamed`), from the full-text
 * store the vault keeps open; null when it keeps none, or for a name the
 * store cannot look up (read every name then).
 */
export function atomsNamed(vault: VaultSnapshot, name: string): NamedDoc[] | null {
  const kept = vault.keptSearchDb?.();
  return kept ? docsNamed(kept, name) : null;
}

/**
 * Works out, on the full-text store a vault keeps open (see `keepSearchDb`),
 * what the first ranking and count of it would otherwise work out during a
 * request: the number of atoms and the ids of the archived ones (each read
 * from every row of `docs`). Nothing when the vault keeps no store or ranks
 * with the seed's table. A server calls it once its index is synced.
 */
export function warmFullText(vault: VaultSnapshot): void {
  if (vault.config.search.ranking !== "fulltext") return;
  const kept = vault.keptSearchDb?.();
  if (!kept) return;
  kept.docCount();
  kept.archivedIds();
}

// The database a snapshot reads (the one it keeps open, if any).
function databaseOf(vault: VaultSnapshot): IndexDb {
  const db = vault.keptSearchDb?.() ?? vault.db?.();
  if (!db) throw new Error("a vault snapshot without a database");
  return db;
}

/**
 * Records that atoms were handed to an agent or a person (a search's hits, a
 * briefing's atoms, a note read): one line in `index/access_log.jsonl` (the
 * activation source). `startedMs` is a `clockMs()` reading. Never throws.
 */
export function recordAccess(vaultDir: string, op: string, query: string, results: readonly string[], startedMs: number): void {
  const duration_ms = Math.round((clockMs() - startedMs) * 10) / 10;
  appendAccessEvent(vaultPaths(vaultDir).accessLog, { ts: new Date().toISOString(), op, query, results: [...results], duration_ms });
}
