import type { Diagnostic } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import type { VaultIndexes } from "../core/indexes/types.js";
import type { IndexDb } from "../store/index-db.js";
import type { VaultLock } from "../store/lock.js";

/** Options of `indexVault` (lib/engine/indexer.ts). */
export interface IndexVaultOptions {
  config: CortexConfig;
  /** YYYY-MM-DD the layer files are computed for. */
  today: string;
  /** Make the database anew and read every file. Default false. */
  full?: boolean;
  /** Write nothing: index into a database in memory, which the result hands over (`result.db`). Default true. */
  write?: boolean;
  /** Called as files are read (for a progress display). */
  onProgress?: (done: number, total: number) => void;
  /** Told, in one line, when the database is made anew and why. Default: the line goes to stderr. */
  onNotice?: (message: string) => void;
  /** The vault lock the caller holds (see `withVaultLock`): the run does not wait for it. */
  lock?: VaultLock;
  /** How long to wait for the vault lock when a change must be written. Default 15 s. */
  lockTimeoutMs?: number;
  /**
   * The vault-relative paths of the only files whose changes this run records
   * (those a transaction wrote or removed): the vault is not scanned, every
   * other file is taken as the database records it. A change made elsewhere
   * is still seen by the next run that scans.
   */
  changed?: readonly string[];
  /**
   * On a vault of more than `[index] defer_exports_above` atoms, leave the JSON
   * exports for the next `cortex index` (or a watcher, or a live server),
   * `index/meta.json` saying so: for writes and readers, whose time should
   * not grow with the vault. Default false: the exports are made current.
   */
  deferExports?: boolean;
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
  /** The indexes, when this run built them (it wrote the exports, or it wrote nothing: `write: false`). */
  indexes?: VaultIndexes;
  /** Non-atom files links may open (images, PDFs, the root MEMORY.md), sorted; empty for a run given `changed`. */
  otherFiles: string[];
  /** True when the JSON exports are not current and were left for later (see `deferExports`). */
  exportsDeferred?: boolean;
  /** The database in memory of a run that wrote nothing (`write: false`): the caller's to read and close. */
  db?: IndexDb;
}
