import { loadActivation } from "../activation/read.js";
import { rankSearchDb } from "../fts/vault-search.js";
import { rankRecords, rankSearchFile } from "../search/rank.js";
import type { SearchFilters, SearchHit } from "../search/types.js";
import { appendAccessEvent } from "../vault/access-log.js";
import { vaultPaths } from "../vault/paths.js";
import type { VaultSnapshot } from "./snapshot.js";

/**
 * Ranks a snapshot's atoms for a query exactly as `cortex search` does:
 * the `[search] ranking` (full text over `index/search.db` by default, which
 * the snapshot's index run brought in step; or the seed's table over
 * `index/search.tsv` or the manifest), plus the usage bonus when
 * `[scoring] usage` is set.
 * `top` 0 keeps every hit.
 */
export function rankSnapshot(snap: VaultSnapshot, query: string, filters: SearchFilters & { top: number }): SearchHit[] {
  const activation = snap.config.scoring.usage > 0 ? loadActivation(snap.vaultDir, snap.today) : undefined;
  const options = { ...filters, today: snap.today, activation };
  // The compact file when it is current (the same hits, without reading the manifest), else the manifest.
  if (snap.config.search.ranking === "fulltext") {
    const hits = rankSearchDb(snap.vaultDir, snap.config, query, options);
    if (hits) return hits;
  }
  const searchFile = snap.searchFile;
  return searchFile ? rankSearchFile(searchFile, query, options, snap.config) : rankRecords(snap.manifest, query, options, snap.config);
}

/**
 * Records that atoms were handed to an agent or a person: one line in
 * `index/access_log.jsonl` (the activation source). Never throws.
 */
export function recordAccess(vaultDir: string, op: string, query: string, results: readonly string[], startedMs: number): void {
  const duration_ms = Math.round((performance.now() - startedMs) * 10) / 10;
  appendAccessEvent(vaultPaths(vaultDir).accessLog, { ts: new Date().toISOString(), op, query, results: [...results], duration_ms });
}
