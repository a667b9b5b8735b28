import { WorkerPool } from "./worker-pool.js";
import { emptyScan, scanFolder, statFile, walk, type VaultFile, type VaultScan } from "./scan.js";

/**
 * From this many files on, a second thread lists and stats half of the
 * vault (starting one takes ~40 ms: at 10k files a re-index took 320 ms
 * with a stat thread, 266 without).
 */
export const PARALLEL_SCAN_THRESHOLD = 25_000;

/** A scan worker started ahead of time, idle until it is given folders. */
export type ScanHelper = WorkerPool;

/** Options of {@link startScanOnTwoThreads}. */
export interface TwoThreadOptions {
  /** Stamp each folder listed (see `VaultScan.folders`). */
  stampFolders?: boolean;
  /** The vault's files known without listing it (see `listFromStamps`): only stat'ed, on both threads. */
  listed?: VaultScan;
}

/** A scan under way on two threads: {@link StartedScan.finish} takes this thread's share and waits for the rest. */
export interface StartedScan {
  /**
   * Unsorted. Ends the helper. With `stop`, asked first and between units:
   * its yes abandons the scan (null).
   */
  finish(stop?: () => boolean): VaultScan | null;
}

/** A worker that has finished no unit for this long is taken for dead (its units are scanned here). */
const STALL_MS = 5_000;

/** Files of the top folders stat'ed per unit of work. */
const CHUNK = 256;

/**
 * Starts a scan worker now, so that its start-up overlaps what the caller
 * does next; null when workers are not available (from TypeScript sources in
 * development, or when the thread cannot start).
 */
export function startScanHelper(): ScanHelper | null {
  return WorkerPool.start({ script: new URL("./scan-worker.js", import.meta.url) });
}

/** What `scanVault` finds, with `helper`'s thread taking part (see {@link startScanOnTwoThreads}). Unsorted. */
export function scanOnTwoThreads(vaultDir: string, helper: ScanHelper): VaultScan {
  return startScanOnTwoThreads(vaultDir, helper).finish()!;
}

/**
 * Begins what `scanVault` finds with `helper`'s thread taking part: this
 * thread lists the root and the folders in it, and hands the work left to a
 * shared counter: each folder below those (listed whole and its files
 * stat'ed), then the files listed here, by chunks (stat'ed). The helper
 * takes units as soon as it has started; the caller may work meanwhile, then
 * calls `finish`, where this thread takes units too (a listing or a stat is
 * a system call of a few µs: 100k files take ~0.2 s to list and ~0.4 s to
 * stat on one thread). Callers stay synchronous. The units the worker did not
 * deliver are scanned here.
 */
export function startScanOnTwoThreads(vaultDir: string, helper: ScanHelper, options: TwoThreadOptions = {}): StartedScan {
  const scan = emptyScan();
  const folders: [abs: string, rel: string][] = [];
  if (options.listed) {
    scan.others = options.listed.others;
    scan.skipped = options.listed.skipped;
  } else {
    if (options.stampFolders) scan.folders = [];
    walk(vaultDir, "", scan, folders);
  }
  const listed = options.listed ? options.listed.files : scan.files;
  scan.files = [];
  const units = folders.length + Math.ceil(listed.length / CHUNK);
  // [0]: next unit to claim. `stats`: size and mtime of each listed file, written by the worker (NaN size: not stat'ed).
  const control = new Int32Array(new SharedArrayBuffer(4));
  const stats = new Float64Array(new SharedArrayBuffer(16 * listed.length));
  helper.post(1, 0, { folders: JSON.stringify(folders), files: listed.map((f) => f.abs), chunk: CHUNK, stats, control, stampFolders: scan.folders !== undefined });
  const done = new Uint8Array(units);
  let left = units;
  const deliver = (unit: number, part: VaultScan | null) => {
    if (done[unit]) return;
    if (part) merge(scan, part);
    else for (let i = (unit - folders.length) * CHUNK; i < Math.min(listed.length, (unit - folders.length + 1) * CHUNK); i++) keepStat(scan, listed[i]!, stats, i);
    done[unit] = 1;
    left--;
  };
  const runHere = (unit: number) => deliver(unit, unit < folders.length ? scanFolder(...folders[unit]!, scan.folders !== undefined) : statChunk(listed, unit - folders.length));
  const abandon = (): null => {
    Atomics.store(control, 0, units);
    helper.terminate();
    return null;
  };
  return {
    finish(stop) {
      if (stop?.()) return abandon();
      for (let u = Atomics.add(control, 0, 1); u < units; u = Atomics.add(control, 0, 1)) {
        if (stop?.()) return abandon();
        runHere(u);
      }
      // Merges the worker's units as they come, until all are done, or none has come for STALL_MS.
      let stopped = false;
      helper.waitUntil(() => left === 0 || (stopped = stop?.() === true), { stallMs: STALL_MS }, ({ id, result }) => deliver(id, result === null ? null : (JSON.parse(result as string) as VaultScan)));
      if (stopped) return abandon();
      for (let u = 0; u < units; u++) if (!done[u]) runHere(u);
      helper.terminate();
      return scan;
    },
  };
}

// Chunk `c` of the files listed here, stat'ed on this thread.
function statChunk(listed: readonly VaultFile[], c: number): VaultScan {
  const part = emptyScan();
  for (const file of listed.slice(c * CHUNK, (c + 1) * CHUNK)) {
    const failed = statFile(file);
    if (failed === null) part.files.push(file);
    else part.skipped.push({ path: file.path, reason: failed });
  }
  return part;
}

// Listed file `i` as the worker stat'ed it into `stats`; one it could not stat is stat'ed again here, for the reason.
function keepStat(scan: VaultScan, file: VaultFile, stats: Float64Array, i: number): void {
  let failed: string | null = null;
  if (Number.isNaN(stats[2 * i])) failed = statFile(file);
  else [file.size, file.mtimeMs] = [stats[2 * i]!, stats[2 * i + 1]!];
  if (failed === null) scan.files.push(file);
  else scan.skipped.push({ path: file.path, reason: failed });
}

function merge(into: VaultScan, part: VaultScan): void {
  if (into.folders && part.folders) for (const folder of part.folders) into.folders.push(folder);
  for (const file of part.files) into.files.push(file);
  for (const other of part.others) into.others.push(other);
  for (const skipped of part.skipped) into.skipped.push(skipped);
}
