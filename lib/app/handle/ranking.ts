import { rankVault } from "./search.js";
import type { SearchFilters, SearchHit } from "../../core/search/types.js";
import { appendAccessEvent } from "../../store/access-log.js";
import { vaultPaths } from "../../store/paths.js";
import type { VaultSnapshot } from "./vault-snapshot.js";

/**
 * Ranks a snapshot's atoms for a query exactly as `cortex search` does (see
 * `rankVault`, the one ranking call). `top` 0 keeps every hit.
 */
export function rankSnapshot(snap: VaultSnapshot, query: string, filters: SearchFilters & { top: number }): SearchHit[] {
  return rankVault(snap, query, filters);
}

/**
 * Records that atoms were handed to an agent or a person: one line in
 * `index/access_log.jsonl` (the activation source). Never throws.
 */
export function recordAccess(vaultDir: string, op: string, query: string, results: readonly string[], startedMs: number): void {
  const duration_ms = Math.round((performance.now() - startedMs) * 10) / 10;
  appendAccessEvent(vaultPaths(vaultDir).accessLog, { ts: new Date().toISOString(), op, query, results: [...results], duration_ms });
}
