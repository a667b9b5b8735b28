import { existsSync } from "node:fs";
import type { CortexConfig } from "../config/types.js";
import type { ManifestEntry } from "../indexes/types.js";
import { indexVault } from "../vault/indexer.js";
import { vaultPaths } from "../vault/paths.js";
import { readManifestFile } from "../vault/read-indexes.js";

/**
 * The vault's manifest as the files stand now. With `persist` (default) an
 * index on disk is brought up to date incrementally and read; without one,
 * or without `persist`, it is built in memory from every file and nothing is
 * written (so a refused change leaves an unindexed vault without an index).
 * Call it holding the vault lock when a write follows.
 */
export function currentManifest(vaultDir: string, config: CortexConfig, today: string, persist = true): ManifestEntry[] {
  const result = indexVault(vaultDir, { config, today, write: persist && existsSync(vaultPaths(vaultDir).meta), keepIndexes: true });
  return result.indexes ? [...result.indexes.manifest] : readManifestFile(vaultDir);
}
