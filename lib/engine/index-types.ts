import type { Diagnostic } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import type { VaultIndexes } from "../core/indexes/types.js";
import type { Previous } from "../store/index-previous.js";
import type { VaultLock } from "../store/lock.js";
import type { FolderListing } from "../store/folder-stamps.js";
import type { PendingScan } from "../store/scan-vault.js";
import type { ChangeProbe } from "../store/change-probe.js";
import type { QuietMark } from "../store/quiet-mark.js";
import type { SyncResult } from "./fts-sync.js";

/** Options of `indexVault` (lib/engine/indexer.ts). */
export interface IndexVaultOptions {
  config: CortexConfig;
  /** YYYY-MM-DD the layer files are computed for. */
  today: string;
  /** Re-read every file instead of only new and changed ones. Default false. */
  full?: boolean;
  /** Write the files; false computes the indexes in memory only (implies `full`). Default true. */
  write?: boolean;
  /** Called as files are read (for a progress display). */
  onProgress?: (done: number, total: number) => void;
  /**
   * Keep the indexes of a full run in `result.indexes`. A full run of many
   * files then writes them from this thread instead of a part writer thread
   * (slower, see `indexInParallel`), which spares a caller that needs them
   * reading them back. Default false.
   */
  keepIndexes?: boolean;
  /**
   * Told, in one line, when a derived file is found damaged (the index or
   * `search.db` is then rebuilt). Default: the line goes to stderr.
   */
  onNotice?: (message: string) => void;
  /** The vault lock the caller holds (see `withVaultLock`): the run does not wait for it. */
  lock?: VaultLock;
  /** How long to wait for the vault lock when a change must be written. Default 15 s. */
  lockTimeoutMs?: number;
  /**
   * The vault-relative paths of the only files whose changes this run records
   * (those a transaction wrote or removed): the vault is not scanned, every
   * other file is taken as the last run's cache has it (see `cachedScan`).
   * A change made elsewhere since the last run is still seen by the next
   * run that scans: its cache line keeps the old size and mtime.
   */
  changed?: readonly string[];
  /**
   * The check that nothing changed, begun already (see `beginIndexCheck`):
   * the run finishes it instead of making its own. Ignored (and ended) by a
   * run that makes none (`full`, `changed`).
   */
  check?: IndexCheck;
}

/**
 * The check an index run makes before the lock: whether `index/` already
 * describes every file as it is now (same settings, day and layer
 * thresholds; no file added, removed or changed in size or mtime; every data
 * file as written). Begun by `beginIndexCheck`, so that a caller can work
 * while its scan runs on a second thread, and finished by `finishIndexCheck`
 * (or by `indexVault`, given it as `check`).
 */
export interface IndexCheck {
  readonly vaultDir: string;
  readonly settingsKey: string;
  readonly options: Pick<IndexVaultOptions, "config" | "today">;
  /** meta.json's and cache.tsv's identities when the check began (see `indexFilesStamp`). */
  readonly stamp: string | null;
  /** The last run's files, held to their checks; null when there is no usable index. */
  readonly previous: Previous | null;
  readonly scan: PendingScan | null;
  /** cache.tsv's identity when the check began (see `cacheSignature`): the folder stamps are bound to it. */
  readonly cacheStamp: string | null;
  /** When the check began (ms since the epoch): a folder changed close to it is not stamped. */
  readonly checkedAtMs: number;
  /** When the check began (`performance.now()`): a quiet mark it writes is set to before it. */
  readonly startedAt: number;
  /** The folder stamps of the last check that found the index current, and the cache text they were taken with; absent without them. */
  readonly known?: { listing: FolderListing; cacheText: string };
  /** The quiet mark bound to the cache file the check began with (see `readQuietMark`); null without one. */
  readonly mark: QuietMark | null;
  /** The probe asking whether anything changed since `mark`, begun with the check; null when none runs. */
  readonly probe: ChangeProbe | null;
}

/** What an index run did. */
export interface IndexVaultResult {
  atoms: number;
  /** Problems of every indexed or skipped file, by path then line. */
  diagnostics: Diagnostic[];
  /** Files read and parsed this run. */
  reread: number;
  /** Files unchanged since the last run (by size and mtime), not read. */
  reused: number;
  /** Files of the last run that are gone. */
  removed: number;
  /** Vault-relative paths of the files written (empty when nothing changed). */
  written: string[];
  /** The indexes, when this run built them whole (a full run, or a change to groups or links). */
  indexes?: VaultIndexes;
  /** Non-atom files links may open (images, PDFs, the root MEMORY.md), sorted. */
  otherFiles: string[];
  /** What bringing `index/search.db` in step did (absent when nothing had to be written). */
  searchDb?: SyncResult;
  /**
   * Set by an incremental run: the only paths whose cache lines it changed
   * (search.db then updates their rows only). A run given `changed` lists no
   * folder: its `otherFiles` is empty.
   */
  recorded?: readonly string[];
}
