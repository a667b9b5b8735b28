import { existsSync } from "node:fs";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import { withIndexLock } from "../vault/lock.js";
import { vaultPaths } from "../vault/paths.js";
import { scanVault } from "../vault/scan.js";
import { indexSettingsKey, type CachedFile } from "../vault/stat-cache.js";
import type { RankOptions } from "../search/types.js";
import { rankFullText, type TextHit } from "./rank.js";
import { SearchDb } from "./search-db.js";
import { fillSearchDb, searchDbPath, syncSearchDb } from "./sync.js";

/** What {@link openSearchDb} gives: the database and whether the vault had to be indexed first. */
export interface OpenedSearchDb {
  store: SearchDb;
  /** True when there was no index and the vault was indexed first. */
  indexed: boolean;
}

/**
 * The vault's full-text index, ready to rank: indexed first when the vault
 * has no index, brought in step with `index/cache.tsv` when it is behind
 * (under the vault lock), opened read-only. A vault that cannot be written
 * gets a database in memory; one whose lock another process holds is read
 * as it is. The caller closes the store.
 */
export async function openSearchDb(vaultDir: string, config: CortexConfig, today: string, notice?: (line: string) => void): Promise<OpenedSearchDb> {
  const file = searchDbPath(vaultDir);
  let indexed = false;
  try {
    if (!existsSync(vaultPaths(vaultDir).cache)) {
      // Imported here so that a search over an existing index never loads the YAML parser.
      const { indexVault } = await import("../vault/indexer.js");
      indexVault(vaultDir, { config, today, full: true, notice });
      indexed = true;
    } else {
      withIndexLock(vaultDir, () => syncSearchDb(vaultDir, { config, notice }));
    }
  } catch (error) {
    if (!(error instanceof CortexError) || (error.code !== "IO" && error.code !== "LOCKED")) throw error;
    if (error.code === "IO" || !existsSync(file)) return { store: inMemory(vaultDir, config), indexed: true };
  }
  const opened = SearchDb.open(file, indexSettingsKey(config), true);
  if (typeof opened === "string") return { store: inMemory(vaultDir, config), indexed: true };
  opened.prepare("PRAGMA busy_timeout = 5000").run();
  return { store: opened, indexed };
}

// A vault that cannot be written: its notes indexed into a database in memory, for this process only.
function inMemory(vaultDir: string, config: CortexConfig): SearchDb {
  const scan = scanVault(vaultDir, { stat: true });
  const files: CachedFile[] = scan.files.map((f) => ({ path: f.path, mtimeUs: Math.round(f.mtimeMs * 1000), size: f.size, skipped: false }));
  return fillSearchDb(SearchDb.create(":memory:", indexSettingsKey(config)), vaultDir, files, config);
}

/**
 * Ranks with the full-text index as it is on disk (no sync): for callers
 * that have just indexed the vault (an index run brings search.db in step).
 * Null when the database cannot be opened (the caller falls back).
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
