import type { CortexConfig } from "../core/config/types.js";
import { CortexError } from "../core/errors.js";
import { indexSettingsKey, indexVault, type IndexVaultResult } from "../engine/indexer.js";
import { vaultLockHeldHere } from "../store/lock.js";
import { watchFolders, type FolderWatch } from "../store/folder-watch.js";
import { HEARTBEAT_MS, indexStamp, removeWatchMarker, thisHost, touchWatchMarker, writeWatchMarker, type WatchMarker } from "../store/watch-marker.js";
import { folderIdentity } from "../store/files.js";
import { QuietExports } from "./watch-exports.js";
import { ignoredFolder, relevantPath } from "./watch-paths.js";

/** How long a sync waits for the vault lock before it tries again at the next heartbeat. */
const LOCK_WAIT_MS = 200;

/** How often a watcher without file events checks the vault. */
const POLL_MS = 5 * HEARTBEAT_MS;

/** One sync of a watcher: the index brought up to date after a burst of changes. */
export interface WatchSync {
  /** Vault-relative paths of the notes the events named (added, edited, deleted, renamed), sorted. */
  paths: string[];
  /** What the index run did (`reread` + `removed` notes it had to look at again). */
  result: IndexVaultResult;
  /** Milliseconds the run took. */
  ms: number;
  /** The day the run indexed for. */
  today: string;
}

/** Options of {@link watchVault}. */
export interface WatchOptions {
  /** The vault's settings; `reloadConfig` gives new ones when cortex.toml changes. */
  config: CortexConfig;
  /** The day to index for, asked at every sync (a long-running watcher crosses midnight). */
  today: () => string;
  /** Re-reads cortex.toml after it changed; throwing keeps the old settings (reported through `onError`). */
  reloadConfig?: () => CortexConfig;
  /** Quiet time after the last event before the sync. Default 250 ms. */
  debounceMs?: number;
  /** After every sync (also the first one, at start). */
  onSync?: (sync: WatchSync) => void;
  /** A sync that failed (the lock held elsewhere, an unreadable file…): it is retried after the next event or heartbeat. */
  onError?: (error: unknown) => void;
  /** The vault folder was deleted or renamed: the watcher has stopped. */
  onGone?: (error: CortexError) => void;
  /**
   * True for a note this process wrote and recorded in the index itself, and
   * that is still as it left it (a server's save): a burst of events naming
   * only such notes needs no index run.
   */
  recorded?: (path: string) => boolean;
}

/** A running watcher. */
export interface VaultWatcher {
  /** `watch`: file events (see `watchFolders`); `poll`: none to be had here, the vault is checked every 5 s and no marker is written. */
  readonly mode: "watch" | "poll";
  /** True while a change has been seen and not yet indexed (or a sync failed). */
  readonly pending: boolean;
  /** Number of syncs done so far. */
  readonly syncs: number;
  /**
   * Runs the sync that is due now instead of at its timer (a reader that
   * cannot wait for it: the first request of a server); true when it ran
   * and succeeded, false when none was due or it failed (reported as usual).
   */
  syncNow(): boolean;
  /** Stops watching, removes the marker, clears the timers. Idempotent. */
  close(): void;
}

/**
 * Watches a vault and keeps its index current: file events for the vault
 * folder (see {@link watchFolders}; notes only: `index/`, `layers/`, dot-folders and files other
 * than `.md` and `cortex.toml` are ignored); `debounceMs` after the last
 * event, an incremental index run under the vault lock (`indexVault`, which
 * records the changes in `index/cortex.db`). While it runs it keeps
 * `index/watch.json` (see {@link WatchMarker}) so that readers may skip
 * their own check. Indexes once at start.
 *
 * @example const w = watchVault("/home/me/vault", { config, today: () => localDate(Date.now()), onSync: (s) => log(s.paths) });
 */
export function watchVault(vaultDir: string, options: WatchOptions): VaultWatcher {
  return new Watcher(vaultDir, options);
}

class Watcher implements VaultWatcher {
  mode: "watch" | "poll" = "watch";
  /** A change seen and not yet indexed (true until the first sync). */
  pending = true;
  syncs = 0;
  readonly #vaultDir: string;
  readonly #options: WatchOptions;
  readonly #debounceMs: number;
  readonly #identity: string | null;
  readonly #batch = new Set<string>();
  readonly #beat: NodeJS.Timeout;
  #config: CortexConfig;
  #configChanged = false;
  #timer: NodeJS.Timeout | undefined;
  // The exports the syncs left for later, written once the vault is quiet.
  readonly #exports = new QuietExports(() => this.#writeExports());
  // The vault had more atoms at the last sync than a write writes the exports for.
  #large = false;
  // When the current burst of events began: a burst that never pauses is synced every second all the same.
  #burstStart = 0;
  #closed = false;
  #marker: WatchMarker;
  #folders: FolderWatch | undefined;
  #lastError: string | undefined;
  // A folder event (or one without a file name) since the last run: only a run over every file can tell what changed.
  #unnamed = false;
  // The day of the last run (undefined before the first): layers of another day need a run.
  #syncedToday: string | undefined;

  constructor(vaultDir: string, options: WatchOptions) {
    this.#vaultDir = vaultDir;
    this.#options = options;
    this.#debounceMs = options.debounceMs ?? 250;
    this.#config = options.config;
    this.#identity = folderIdentity(vaultDir);
    const settings = indexSettingsKey(this.#config);
    this.#marker = { pid: process.pid, host: thisHost(), started: new Date().toISOString(), synced: null, pending: true, today: options.today(), settings, index: "" };
    try {
      this.#folders = watchFolders(vaultDir, { skipFolder: ignoredFolder, onEvent: (rel) => (rel === null && this.#gone()) || this.#onEvent(rel) });
    } catch (error) {
      // No file events to be had (the system's limit of watches, say): the check, on a timer, without a marker.
      this.mode = "poll";
      options.onError?.(new CortexError("IO", `cannot watch ${vaultDir} (${(error as Error).message}); checking every ${POLL_MS / 1000} s instead`, { cause: error }));
    }
    this.#beat = setInterval(() => this.#heartbeat(), this.mode === "poll" ? POLL_MS : HEARTBEAT_MS);
    this.#timer = setTimeout(() => this.#sync(), 0);
  }

  syncNow(): boolean {
    if (this.#timer === undefined || this.#closed) return false;
    clearTimeout(this.#timer);
    const syncs = this.syncs;
    this.#sync();
    return this.syncs > syncs;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#exports.cancel();
    clearInterval(this.#beat);
    this.#folders?.close();
    removeWatchMarker(this.#vaultDir);
  }

  #onEvent(filename: string | null): void {
    const relevant = filename === null ? "unknown" : relevantPath(filename);
    if (relevant === null || this.#closed) return;
    if (relevant === "cortex.toml") this.#configChanged = true;
    else if (relevant !== "unknown") this.#batch.add(relevant);
    else this.#unnamed = true;
    if (!this.pending) this.#setMarker({ pending: true });
    this.pending = true;
    this.#exports.cancel();
    if (this.#timer === undefined) this.#burstStart = Date.now();
    else if (Date.now() - this.#burstStart >= Math.max(this.#debounceMs * 4, 1_000)) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#sync(), this.#debounceMs);
  }

  #sync(): void {
    this.#timer = undefined;
    if (this.#closed || this.#gone()) return;
    // A save of this process is under way (its own files sent these events): its index update records them. Waiting
    // for its lock here would block the thread it needs to finish: come back once it is done.
    if (vaultLockHeldHere(this.#vaultDir)) {
      this.#timer = setTimeout(() => this.#sync(), this.#debounceMs);
      return;
    }
    const paths = [...this.#batch].sort();
    const today = this.#options.today();
    if (this.#ownWritesOnly(paths, today)) {
      this.#batch.clear();
      this.#settle(today);
      // A save on a large vault leaves its exports for later (see mutateVault).
      if (this.#large) this.#exports.schedule();
      return;
    }
    if (this.#configChanged) this.#reloadConfig();
    this.#batch.clear();
    const unnamed = this.#unnamed;
    this.#unnamed = false;
    const started = performance.now();
    let result: IndexVaultResult;
    try {
      // A short wait: the wait blocks this thread (a server's requests), and the heartbeat retries.
      result = indexVault(this.#vaultDir, { config: this.#config, today, lockTimeoutMs: LOCK_WAIT_MS, deferExports: true });
    } catch (error) {
      for (const path of paths) this.#batch.add(path);
      this.#unnamed ||= unnamed;
      this.#report(error);
      return;
    }
    this.#lastError = undefined;
    this.syncs += 1;
    this.#syncedToday = today;
    this.#options.onSync?.({ paths, result, ms: performance.now() - started, today });
    this.#settle(today);
    this.#large = result.atoms > this.#config.index.deferExportsAbove;
    if (result.exportsDeferred) this.#exports.schedule();
  }

  // Writes the exports the syncs left for later (see QuietExports): false when it is not the moment, or it failed.
  #writeExports(): boolean {
    if (this.#closed || this.pending || vaultLockHeldHere(this.#vaultDir)) return false;
    const today = this.#options.today();
    try {
      indexVault(this.#vaultDir, { config: this.#config, today, lockTimeoutMs: LOCK_WAIT_MS });
      this.#settle(today);
      return true;
    } catch (error) {
      this.#report(error);
      return false;
    }
  }

  // The events named only notes this process wrote and recorded itself, as they still are, on the day of the last run
  // (the first run checks everything): the index holds them already. A folder event, or cortex.toml, always means a run.
  #ownWritesOnly(paths: readonly string[], today: string): boolean {
    const recorded = this.#options.recorded;
    return recorded !== undefined && today === this.#syncedToday && !this.#configChanged && !this.#unnamed && paths.length > 0 && paths.every((p) => recorded(p));
  }

  // The index is current once the events of changes made meanwhile are read: then the marker says so.
  #settle(today: string): void {
    setImmediate(() => {
      if (this.#closed || this.#timer !== undefined || this.#batch.size > 0) return;
      this.pending = false;
      this.#setMarker({ pending: false, synced: new Date().toISOString(), today, settings: indexSettingsKey(this.#config), index: indexStamp(this.#vaultDir) });
    });
  }

  // A failed sync is retried every heartbeat: the same problem is told once. Another process writing (a save,
  // an index run; LOCKED) indexes the same files: not worth a line.
  #report(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if ((error instanceof CortexError && error.code === "LOCKED") || message === this.#lastError) return;
    this.#lastError = message;
    this.#options.onError?.(error);
  }

  #reloadConfig(): void {
    this.#configChanged = false;
    try {
      this.#config = this.#options.reloadConfig?.() ?? this.#config;
    } catch (error) {
      this.#options.onError?.(error);
    }
  }

  #heartbeat(): void {
    if (this.#closed || this.#gone()) return;
    // A new day changes the layers; a failed sync is retried; an index another process wrote is checked (and
    // the marker, void meanwhile, made good again); without events, polling is the check.
    const stale = () => this.pending || this.#options.today() !== this.#marker.today || (this.syncs > 0 && indexStamp(this.#vaultDir) !== this.#marker.index);
    if (this.mode === "poll" || (!this.#timer && stale())) {
      this.pending = true;
      this.#timer ??= setTimeout(() => this.#sync(), 0);
    }
    if (this.#markerOn && !touchWatchMarker(this.#vaultDir)) this.#setMarker({});
  }

  get #markerOn(): boolean {
    return this.mode === "watch" && !this.#closed && this.syncs > 0;
  }

  #setMarker(change: Partial<WatchMarker>): void {
    this.#marker = { ...this.#marker, ...change };
    if (!this.#markerOn) return;
    try {
      writeWatchMarker(this.#vaultDir, this.#marker);
    } catch (error) {
      if (!this.#gone()) this.#options.onError?.(error);
    }
  }

  // The vault folder deleted or renamed (another folder at its path counts as gone too, and so does none at all,
  // even when there was none at start): stops, and says so.
  #gone(): boolean {
    if (this.#closed) return true;
    const identity = folderIdentity(this.#vaultDir);
    if (identity !== null && identity === this.#identity) return false;
    this.close();
    this.#options.onGone?.(new CortexError("VAULT_NOT_FOUND", `the vault folder ${this.#vaultDir} was deleted or renamed; stopped watching`));
    return true;
  }
}
