import type { CortexConfig } from "../../core/config/types.js";
import type { RankOptions } from "../../core/search/types.js";
import { indexSettingsKey } from "../../engine/indexer.js";
import { rankFullText, type TextHit } from "../../store/fts/rank.js";
import { IndexDb } from "../../store/index-db.js";
import { vaultPaths } from "../../store/paths.js";

/**
 * Ranks with the vault's database as it is on disk (no sync): for callers
 * that have just indexed the vault. Null when the database cannot be opened.
 */
export function rankSearchDb(vaultDir: string, config: CortexConfig, query: string, options: RankOptions): TextHit[] | null {
  const opened = IndexDb.open(vaultPaths(vaultDir).db, indexSettingsKey(config), true);
  if (typeof opened === "string") return null;
  try {
    return rankFullText(opened, query, options, config);
  } finally {
    opened.close();
  }
}
