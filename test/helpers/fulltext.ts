import { after, before } from "node:test";
import { defaultConfig } from "../../lib/core/config/defaults.js";
import type { CortexConfig } from "../../lib/core/config/types.js";
import type { RankOptions } from "../../lib/core/search/types.js";
import { indexSettingsKey, indexVault } from "../../lib/engine/indexer.js";
import { rankFullText, type TextHit } from "../../lib/store/fts/rank.js";
import { IndexDb } from "../../lib/store/index-db.js";
import { vaultPaths } from "../../lib/store/paths.js";
import { copyToTemp, removeTemp, ROOT } from "./cli.js";

/** The day the full-text fixture is indexed and ranked on. */
export const FULLTEXT_TODAY = "2026-11-20";

/**
 * A copy of `test/fixtures/fulltext`, indexed before the tests of the calling
 * file (or block) and removed after them. Returns the settings it was indexed
 * with and a query's full-text hits, every one (`top: 0`), by those settings
 * or others given.
 */
export function fulltextVault() {
  let vault = "";
  const config = defaultConfig();
  before(() => {
    vault = copyToTemp(`${ROOT}test/fixtures/fulltext`);
    indexVault(vault, { config, today: FULLTEXT_TODAY });
  });
  after(() => removeTemp(vault));
  const hits = (query: string, settings: CortexConfig = config) => rankSearchDb(vault, settings, query, { today: FULLTEXT_TODAY, top: 0 })!;
  return { config, hits };
}

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
