import type { CortexConfig } from "../../core/config/types.js";
import { CortexError } from "../../core/errors.js";
import type { RankOptions } from "../../core/search/types.js";
import { withIndexLock, type VaultLock } from "../../store/lock.js";
import { scanVault } from "../../store/scan-vault.js";
import { indexSettingsKey, type CachedFile } from "../../store/stat-cache.js";
import { rankFullText, type TextHit } from "../../store/fts/rank.js";
import { SearchDb } from "../../store/fts/search-db.js";
import { fillSearchDb, openSearchDbIfCurrent, searchDbPath, syncSearchDb } from "../../engine/fts-sync.js";
import { fileExists } from "../../store/files.js";

/** How {@link openVaultSearchDb} finds the vault's index. */
export interface OpenSearchDbOptions {
  /** False when the index was built in memory (the vault cannot be written): search.db is then built in memory too. */
  onDisk: boolean;
  /** The vault lock the caller holds, if any. */
  lock?: VaultLock;
  /** Told in one line when a damaged or old `search.db` is rebuilt. */
  notice?: (line: string) => void;
}

/**
 * The full-text index of a vault whose index is current, ready to rank:
 * brought in step with `index/cache.tsv` when it lags it (a killed run, a
 * deleted or damaged file; under the vault lock), then opened read-only. A
 * vault that cannot be written gets a database in memory; one whose lock
 * another process holds is read as it is. The caller closes the store.
 */
export function openVaultSearchDb(vaultDir: string, config: CortexConfig, options: OpenSearchDbOptions): SearchDb {
  const file = searchDbPath(vaultDir);
  if (!options.onDisk) return inMemory(vaultDir, config);
  // The common case, the index current: opened once.
  const current = openSearchDbIfCurrent(vaultDir, config);
  if (current) return withBusyTimeout(current);
  try {
    withIndexLock(vaultDir, () => syncSearchDb(vaultDir, { config, notice: options.notice }), { held: options.lock });
  } catch (error) {
    if (!(error instanceof CortexError) || (error.code !== "IO" && error.code !== "LOCKED" && error.code !== "NO_INDEX")) throw error;
    if (error.code !== "LOCKED" || !fileExists(file)) return inMemory(vaultDir, config);
  }
  const opened = SearchDb.open(file, indexSettingsKey(config), true);
  return typeof opened === "string" ? inMemory(vaultDir, config) : withBusyTimeout(opened);
}

// A reader waits for a writer's transaction (an update under the vault lock) rather than fail.
function withBusyTimeout(store: SearchDb): SearchDb {
  store.prepare("PRAGMA busy_timeout = 5000").run();
  return store;
}

// A vault that cannot be written: its notes indexed into a database in memory, for this process only.
function inMemory(vaultDir: string, config: CortexConfig): SearchDb {
  const scan = scanVault(vaultDir, { stat: true });
  const files: CachedFile[] = scan.files.map((f) => ({ path: f.path, mtimeUs: Math.round(f.mtimeMs * 1000), size: f.size, skipped: false }));
  return fillSearchDb(SearchDb.create(":memory:", indexSettingsKey(config)), vaultDir, files, config);
}

/**
 * Ranks with `index/search.db` when it is in step with `index/cache.tsv` as
 * it is (see `openSearchDbIfCurrent`), touching nothing: the hits and the
 * identity of the cache they are in step with; null when it is not in step
 * (or missing, or unreadable).
 */
export function rankIfCurrent(vaultDir: string, config: CortexConfig, query: string, options: RankOptions): { value: TextHit[]; cacheSignature: string } | null {
  const store = openSearchDbIfCurrent(vaultDir, config);
  if (!store) return null;
  try {
    const signature = store.meta("synced");
    return signature === undefined ? null : { value: rankFullText(withBusyTimeout(store), query, options, config), cacheSignature: signature };
  } finally {
    store.close();
  }
}

/**
 * Ranks with the full-text index as it is on disk (no sync): for callers
 * that have just indexed the vault (an index run brings search.db in step).
 * Null when the database cannot be opened.
 */
export function rankSearchDb(vaultDir: string, config: CortexConfig, query: string, options: RankOptions): TextHit[] | null {
  const opened = SearchDb.open(searchDbPath(vaultDir), indexSettingsKey(config), true);
  if (typeof opened === "string") return null;
  try {
    opened.prepare("PRAGMA busy_timeout = 5000").run();
    return rankFullText(opened, query, options, config);
  } finally {
    opened.close();
  }
}
