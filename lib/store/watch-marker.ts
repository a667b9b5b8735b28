import { readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { processAlive, writeFileAtomic } from "./atomic.js";
import { vaultPaths } from "./paths.js";

/**
 * What a running watcher records in `index/watch.json`: who keeps the index
 * current, for which day and settings, and whether a change is waiting for
 * its sync. The file's mtime is the heartbeat (touched every
 * {@link HEARTBEAT_MS}); the JSON is rewritten only when its facts change.
 */
export interface WatchMarker {
  pid: number;
  host: string;
  /** ISO time the watcher started. */
  started: string;
  /** ISO time of the last sync that left nothing pending; null before the first. */
  synced: string | null;
  /** True from the first event of a change until its sync is written. */
  pending: boolean;
  /** YYYY-MM-DD the watcher indexes for (the layers depend on it). */
  today: string;
  /** The index settings key of the watcher's cortex.toml (see `indexSettingsKey`). */
  settings: string;
  /** {@link indexStamp} after the watcher's last sync: another process that wrote the index since (another day's layers, say) makes the marker void. */
  index: string;
}

/** How often a watcher touches its marker. */
export const HEARTBEAT_MS = 1_000;

/** A marker whose heartbeat is older than this is ignored (a stalled, stopped or killed watcher). */
export const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

/** The name of this machine, as a marker records it (a watcher on another host cannot be checked). */
export function thisHost(): string {
  return hostname();
}

/** Where a vault's watcher marker lives. */
export function watchMarkerPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "watch.json");
}

/** Writes the marker atomically (a reader sees the old facts or the new, never half). */
export function writeWatchMarker(vaultDir: string, marker: WatchMarker): void {
  writeFileAtomic(watchMarkerPath(vaultDir), `${JSON.stringify(marker)}\n`);
}

/**
 * The heartbeat: the marker's mtime set to now. False, touching nothing, when
 * the marker is gone or another watcher's (two on one vault): the caller
 * writes its own.
 */
export function touchWatchMarker(vaultDir: string): boolean {
  const file = watchMarkerPath(vaultDir);
  if (readMarker(file)?.pid !== process.pid) return false;
  try {
    const now = new Date();
    utimesSync(file, now, now);
    return true;
  } catch {
    return false;
  }
}

/** Removes the marker when it is this process's (a clean exit). Never throws. */
export function removeWatchMarker(vaultDir: string): void {
  const marker = readMarker(watchMarkerPath(vaultDir));
  if (marker?.pid === process.pid && marker.host === hostname()) rmSync(watchMarkerPath(vaultDir), { force: true });
}

/** What a reader needs to match: its day and index settings. */
export interface WatchExpectation {
  today: string;
  settings: string;
  /** Milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
}

/**
 * True when a live watcher says the index is current for this reader: its
 * marker was touched within {@link STALE_AFTER_MS}, by a process that is
 * alive on this host, it has synced and nothing is pending, for the same
 * day and settings, and no other process wrote the index since. Anything else (no marker, a damaged one, a dead pid,
 * another host) is false: the reader checks the files itself.
 */
export function watcherKeepsCurrent(vaultDir: string, expect: WatchExpectation): boolean {
  const file = watchMarkerPath(vaultDir);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return false;
  }
  if ((expect.now ?? Date.now()) - mtimeMs > STALE_AFTER_MS) return false;
  const marker = readMarker(file);
  if (!marker || marker.pending || marker.synced === null) return false;
  if (marker.today !== expect.today || marker.settings !== expect.settings || marker.index !== indexStamp(vaultDir)) return false;
  return marker.host === hostname() && Number.isInteger(marker.pid) && processAlive(marker.pid);
}

/** The mtimes of `index/meta.json` and `index/cortex.db` (an index run that records a change rewrites meta.json). */
export function indexStamp(vaultDir: string): string {
  const { meta, db } = vaultPaths(vaultDir);
  return [meta, db].map((file) => {
    try {
      return String(statSync(file).mtimeMs);
    } catch {
      return "none";
    }
  }).join(":");
}

function readMarker(file: string): WatchMarker | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<WatchMarker>;
    return typeof parsed.pid === "number" && typeof parsed.host === "string" ? (parsed as WatchMarker) : null;
  } catch {
    return null;
  }
}
