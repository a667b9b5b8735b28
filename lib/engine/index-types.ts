import type { Diagnostic } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import type { VaultIndexes } from "../core/indexes/types.js";
import type { VaultLock } from "../store/lock.js";
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
