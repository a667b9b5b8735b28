import { statSync } from "node:fs";
import { hostname } from "node:os";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import { indexVault, type IndexVaultResult } from "../vault/indexer.js";
import { indexSettingsKey } from "../vault/stat-cache.js";
import { watchFolders, type FolderWatch } from "./folder-watch.js";
import { HEARTBEAT_MS, indexStamp, removeWatchMarker, touchWatchMarker, writeWatchMarker, type WatchMarker } from "./watch-marker.js";

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
  /** Record in `index/watch.json` that the index is kept current (see `watcherKeepsCurrent`). Default true. */
  marker?: boolean;
  /** After every sync (also the first one, at start). */
  onSync?: (sync: WatchSync) => void;
  /** A sync that failed (the lock held elsewhere, an unreadable file…): it is retried after the next event or heartbeat. */
  onError?: (error: unknown) => void;
  /** The vault folder was deleted or renamed: the watcher has stopped. */
  onGone?: (error: CortexError) => void;
}

/** A running watcher. */
export interface VaultWatcher {
  /** `watch`: file events (see `watchFolders`); `poll`: none to be had here, the vault is checked every 5 s and no marker is written. */
  readonly mode: "watch" | "poll";
  /** True while a change has been seen and not yet indexed (or a sync failed). */
  readonly pending: boolean;
  /** Number of syncs done so far. */
  readonly syncs: number;
  /** Stops watching, removes the marker, clears the timers. Idempotent. */
  close(): void;
}

/**
 * Watches a vault and keeps its index current: file events for the vault
 * folder (see {@link watchFolders}; notes only: `index/`, `layers/`, dot-folders and files other
 * than `.md` and `cortex.toml` are ignored); `debounceMs` after the last
 * event, an incremental index run under the vault lock (`indexVault`, which
 * also brings `index/search.db` in step). While it runs it keeps
 * `index/watch.json` (see {@link WatchMarker}) so that readers may skip
 * their own check. Indexes once at start.
 *
 * @example const w = watchVault("/home/me/vault", { config, today: () => localDate(Date.now()), onSync: (s) => log(s.paths) });
 */
export function watchVault(vaultDir: string, options: WatchOptions): VaultWatcher {
  const debounceMs = options.debounceMs ?? 250;
  let config = options.config;
  const identity = folderIdentity(vaultDir);
  const batch = new Set<string>();
  let configChanged = false;
  let dirty = true;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let syncs = 0;
  const markerOn = options.marker !== false;
  const base = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  let marker: WatchMarker = { ...base, synced: null, pending: true, today: options.today(), settings: indexSettingsKey(config), index: "" };
  // When the current burst of events began: a burst that never pauses is synced every `maxWaitMs` all the same.
  let burstStart = 0;
  const maxWaitMs = Math.max(debounceMs * 4, 1_000);
  const setMarker = (change: Partial<WatchMarker>) => {
    marker = { ...marker, ...change };
    if (!markerOn || mode !== "watch" || closed || syncs === 0) return;
    try {
      writeWatchMarker(vaultDir, marker);
    } catch (error) {
      if (!gone()) options.onError?.(error);
    }
  };

  const onEvent = (filename: string | null) => {
    const relevant = filename === null ? "unknown" : relevantPath(filename);
    if (relevant === null || closed) return;
    if (relevant === "cortex.toml") configChanged = true;
    else if (relevant !== "unknown") batch.add(relevant);
    if (!dirty) setMarker({ pending: true });
    dirty = true;
    if (timer === undefined) burstStart = Date.now();
    else if (Date.now() - burstStart >= maxWaitMs) return;
    clearTimeout(timer);
    timer = setTimeout(sync, debounceMs);
  };

  const sync = () => {
    timer = undefined;
    if (closed || gone()) return;
    if (configChanged) config = reload(config);
    const paths = [...batch].sort();
    batch.clear();
    const today = options.today();
    const started = performance.now();
    let result: IndexVaultResult;
    try {
      result = indexVault(vaultDir, { config, today });
    } catch (error) {
      for (const p of paths) batch.add(p);
      options.onError?.(error);
      return;
    }
    syncs += 1;
    options.onSync?.({ paths, result, ms: performance.now() - started });
    // Events of changes made during the run are read before the marker says "current".
    setImmediate(() => {
      if (closed || timer !== undefined || batch.size > 0) return;
      dirty = false;
      setMarker({ pending: false, synced: new Date().toISOString(), today, settings: indexSettingsKey(config), index: indexStamp(vaultDir) });
    });
  };

  const reload = (current: CortexConfig): CortexConfig => {
    configChanged = false;
    try {
      return options.reloadConfig?.() ?? current;
    } catch (error) {
      options.onError?.(error);
      return current;
    }
  };

  // The vault folder deleted or renamed (another folder at its path counts as gone too).
  const gone = (): boolean => {
    if (folderIdentity(vaultDir) === identity) return false;
    close();
    options.onGone?.(new CortexError("VAULT_NOT_FOUND", `the vault folder ${vaultDir} was deleted or renamed; stopped watching`));
    return true;
  };

  const heartbeat = () => {
    if (closed || gone()) return;
    // A new day changes the layers; a failed sync is retried; without events, polling is the check.
    if (mode === "poll" || (!timer && (dirty || options.today() !== marker.today))) {
      dirty = true;
      if (!timer) timer = setTimeout(sync, 0);
    }
    if (markerOn && mode === "watch" && !touchWatchMarker(vaultDir)) setMarker({});
  };

  let watcher: FolderWatch | undefined;
  let mode: "watch" | "poll" = "watch";
  try {
    watcher = watchFolders(vaultDir, { skipFolder: ignoredFolder, onEvent: (rel) => (rel === null && gone()) || onEvent(rel) });
  } catch (error) {
    // No file events to be had (the system's limit of watches, say): the check, on a timer, without a marker.
    mode = "poll";
    options.onError?.(new CortexError("IO", `cannot watch ${vaultDir} (${(error as Error).message}); checking every ${POLL_MS / 1000} s instead`, { cause: error }));
  }
  const beat = setInterval(heartbeat, mode === "poll" ? POLL_MS : HEARTBEAT_MS);

  function close(): void {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    clearInterval(beat);
    watcher?.close();
    if (markerOn) removeWatchMarker(vaultDir);
  }

  timer = setTimeout(sync, 0);
  return {
    mode,
    get pending() {
      return dirty;
    },
    get syncs() {
      return syncs;
    },
    close,
  };
}

/**
 * The vault-relative path an event is about when it can change the index: a
 * note (`.md`) outside `index/`, `layers/`, `node_modules` and dot-folders,
 * or `cortex.toml`; `unknown` for what may be a folder (no extension); null otherwise.
 */
export function relevantPath(filename: string): string | null {
  const path = filename.split(/[\\/]/).join("/");
  if (path === "cortex.toml") return path;
  const parts = path.split("/");
  if (ignoredFolder(parts.slice(0, -1).join("/")) || parts.at(-1)!.startsWith(".")) return null;
  if (path.endsWith(".md")) return path;
  // A folder renamed or removed moves every note in it; its one event names no note.
  return parts.at(-1)!.includes(".") || ignoredFolder(path) ? null : "unknown";
}

/** True for a vault-relative folder the index never reads: `index/`, `layers/`, dot-folders, `node_modules` (as the scan skips them). */
export function ignoredFolder(rel: string): boolean {
  if (rel === "") return false;
  const parts = rel.split("/");
  return parts[0] === "index" || parts[0] === "layers" || parts.some((p) => p.startsWith(".") || p === "node_modules");
}

function folderIdentity(dir: string): string | null {
  try {
    const s = statSync(dir);
    return s.isDirectory() ? `${s.dev}:${s.ino}` : null;
  } catch {
    return null;
  }
}
