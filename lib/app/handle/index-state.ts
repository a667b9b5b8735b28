import type { CortexConfig } from "../../core/config/types.js";
import { CortexError } from "../../core/errors.js";
import type { IndexFreshness } from "../../core/status/types.js";
import { indexSettingsKey, indexVault, type IndexVaultResult } from "../../engine/indexer.js";
import type { VaultLock } from "../../store/lock.js";
import { vaultPaths } from "../../store/paths.js";
import { watcherKeepsCurrent } from "../../store/watch-marker.js";
import { modifiedAt } from "../../store/files.js";

/** The index as one {@link refreshIndex} left it. */
export interface IndexState {
  /** What the run found (atoms, diagnostics, other files); the database in memory when it could not write. */
  result: IndexVaultResult;
  /** True when `index/` on disk describes the files now; false when the index was built in memory only. */
  onDisk: boolean;
  /** How current the index was before this run. */
  freshness: IndexFreshness;
}

/** Options of {@link refreshIndex}. */
export interface RefreshOptions {
  config: CortexConfig;
  today: string;
  /** The vault lock the caller holds (a mutation): the run neither waits for it nor falls back. */
  lock?: VaultLock;
  /** How long a reader waits for another process's lock before building in memory. Default 2 s. */
  lockTimeoutMs?: number;
  /** Make the database anew and read every file. Default false. */
  full?: boolean;
  /** Write an index into a vault that has none. Default true; false builds it in memory (a change that may be refused leaves no index behind). */
  createIndex?: boolean;
}

/**
 * Brings a vault's index up to date with its files: the one lock and fallback
 * policy of every reader. Nothing changed: proven by a scan compared with
 * the database, nothing written, no lock taken. Something changed: an
 * incremental run under the vault lock (on a large vault its JSON exports
 * may wait, see `IndexVaultOptions.deferExports`). When the vault cannot be
 * written (`IO`) or another process holds the lock longer than
 * `lockTimeoutMs` (`LOCKED`), the index is built in memory instead and
 * nothing is written. When a live `cortex watch` or `cortex mcp` says it
 * keeps the index current (see `watcherKeepsCurrent`), the scan is skipped:
 * what that can miss is a change whose event the watcher has not received
 * yet (milliseconds), or one made while it is stalled, for at most
 * `STALE_AFTER_MS` after its last heartbeat.
 *
 * @example const { result, freshness } = refreshIndex(vaultDir, { config, today: "2026-11-22" });
 */
export function refreshIndex(vaultDir: string, options: RefreshOptions): IndexState {
  const indexedAt = modifiedAt(vaultPaths(vaultDir).meta);
  const { config, today, lock } = options;
  if (indexedAt !== null && !lock && !options.full && watcherKeepsCurrent(vaultDir, { today, settings: indexSettingsKey(config) })) return writtenState(indexedAt);
  let result: IndexVaultResult;
  let onDisk = true;
  try {
    if (indexedAt === null && options.createIndex === false) throw new CortexError("NO_INDEX", "no index yet; built in memory");
    result = indexVault(vaultDir, { config, today, lock, full: options.full, lockTimeoutMs: options.lockTimeoutMs ?? 2_000, deferExports: true });
  } catch (error) {
    const fallback = error instanceof CortexError && (error.code === "NO_INDEX" || (!lock && (error.code === "IO" || error.code === "LOCKED")));
    if (!fallback) throw error;
    result = indexVault(vaultDir, { config, today, write: false });
    onDisk = false;
  }
  const changed = result.reread + result.removed;
  return { result, onDisk, freshness: { indexed_at: indexedAt, changed_since_index: changed, fresh: indexedAt !== null && changed === 0 } };
}

/**
 * The index as written, without looking at the files (`--no-refresh`): built
 * (as {@link refreshIndex} does) only when there is none yet.
 */
export function indexAsWritten(vaultDir: string, options: RefreshOptions): IndexState {
  const indexedAt = modifiedAt(vaultPaths(vaultDir).meta);
  return indexedAt === null ? refreshIndex(vaultDir, options) : writtenState(indexedAt);
}

// The index as written, not looked at: the facts a run would give are read from the database on demand (see `VaultHandle.indexResult`).
function writtenState(indexedAt: string): IndexState {
  const result: IndexVaultResult = { atoms: NaN, diagnostics: [], reread: 0, reused: 0, removed: 0, written: [], otherFiles: [] };
  return { result, onDisk: true, freshness: { indexed_at: indexedAt, changed_since_index: 0, fresh: true } };
}
