import { after, before } from "node:test";
import { defaultConfig } from "../../lib/core/config/defaults.js";
import type { CortexConfig } from "../../lib/core/config/types.js";
import { rankSearchDb } from "../../lib/app/fts/vault-search.js";
import { indexVault } from "../../lib/engine/indexer.js";
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
