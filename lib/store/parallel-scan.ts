import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { emptyScan, scanFolder, statEach, walk, type VaultScan } from "./scan.js";

/**
 * From this many files on, a second thread lists and stats half of the
 * vault (starting one takes ~40 ms: at 10k files a re-index took 320 ms
 * with a stat thread, 266 without).
 */
export const PARALLEL_SCAN_THRESHOLD = 25_000;

/** A scan worker started ahead of time, idle until it is given folders. */
export interface ScanHelper {
  worker: Worker;
}

/** A worker that has finished no folder for this long is taken for dead (its folders are scanned here). */
const STALL_MS = 5_000;

/**
 * Starts a scan worker now, so that its start-up overlaps what the caller
 * does next; null when workers are not available (from TypeScript sources in
 * development, or when the thread cannot start).
 */
export function startScanHelper(): ScanHelper | null {
  if (import.meta.url.endsWith(".ts")) return null;
  try {
    const worker = new Worker(new URL("./scan-worker.js", import.meta.url));
    // A worker that dies only leaves its folders to be scanned here.
    worker.on("error", () => {});
    worker.unref();
    return { worker };
  } catch {
    return null;
  }
}

/**
 * What `scanVault` finds, with `helper`'s thread taking part: this thread
 * lists the root and the folders in it, then both threads take the folders
 * below those from a shared counter, each listing one whole and stat'ing
 * its files (a listing or a stat is a system call of a few µs: 100k files
 * take ~0.2 s to list and ~0.4 s to stat on one thread). Callers stay
 * synchronous. Unsorted; the folders the worker did not deliver are scanned
 * here.
 */
export function scanOnTwoThreads(vaultDir: string, helper: ScanHelper): VaultScan {
  const scan = emptyScan();
  const folders: [abs: string, rel: string][] = [];
  walk(vaultDir, "", scan, folders);
  // [0]: next folder to claim; [1 + f]: raised once folder f's scan is posted (by the worker) or merged (here).
  const control = new Int32Array(new SharedArrayBuffer(4 * (folders.length + 1)));
  const { port1, port2 } = new MessageChannel();
  helper.worker.postMessage({ folders: JSON.stringify(folders), control, port: port2 }, [port2]);
  statEach(scan);
  const done = new Set<number>();
  for (let f = Atomics.add(control, 0, 1); f < folders.length; f = Atomics.add(control, 0, 1)) {
    merge(scan, scanFolder(...folders[f]!));
    done.add(f);
  }
  receiveFolders(port1, control, folders.length, done, scan);
  for (let f = 0; f < folders.length; f++) if (!done.has(f)) merge(scan, scanFolder(...folders[f]!));
  port1.close();
  void helper.worker.terminate();
  return scan;
}

// Merges the worker's folders as they are posted, until all are in `done`, or none has come for STALL_MS.
function receiveFolders(port: MessagePort, control: Int32Array, count: number, done: Set<number>, scan: VaultScan): void {
  let since = Date.now();
  for (let f = 0; f < count; f++) {
    while (!done.has(f)) {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        const { folder, text } = m.message as { folder: number; text: string };
        merge(scan, JSON.parse(text) as VaultScan);
        done.add(folder);
        since = Date.now();
      }
      if (done.has(f)) break;
      if (Date.now() - since > STALL_MS) return;
      Atomics.wait(control, 1 + f, 0, 20);
    }
  }
}

function merge(into: VaultScan, part: VaultScan): void {
  for (const file of part.files) into.files.push(file);
  for (const other of part.others) into.others.push(other);
  for (const skipped of part.skipped) into.skipped.push(skipped);
}
