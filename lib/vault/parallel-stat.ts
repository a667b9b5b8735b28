import { lstatSync } from "node:fs";
import { Worker } from "node:worker_threads";

/** Below this many files, a second thread costs more than it saves. */
export const PARALLEL_STAT_THRESHOLD = 5000;

/**
 * lstat of every file: `[mtimeMs, size]` per file, in order, with size -1
 * when the file could not be stat'ed. For many files a worker thread takes
 * the second half while this thread does the first (a stat is a system call
 * of a few µs: 100k of them take ~0.4 s on one thread); callers stay
 * synchronous. Whatever the worker did not deliver is stat'ed here.
 */
export function statFilesParallel(files: readonly string[]): Float64Array {
  const out = new Float64Array(new SharedArrayBuffer(16 * files.length + 8));
  const half = Math.ceil(files.length / 2);
  const done = new Int32Array(out.buffer, 16 * files.length, 1);
  const worker = files.length >= PARALLEL_STAT_THRESHOLD && !import.meta.url.endsWith(".ts") ? startWorker(files.slice(half), out, half) : null;
  statRange(files, out, 0, worker ? half : files.length);
  if (!worker) return out.slice(0, 2 * files.length);
  const deadline = Date.now() + 30_000;
  while (Atomics.load(done, 0) === 0 && Date.now() < deadline) Atomics.wait(done, 0, 0, 50);
  if (Atomics.load(done, 0) !== 1) statRange(files, out, half, files.length);
  void worker.terminate();
  return out.slice(0, 2 * files.length);
}

function startWorker(files: string[], out: Float64Array, offset: number): Worker | null {
  try {
    const worker = new Worker(new URL("./stat-worker.js", import.meta.url), { workerData: { files, out, offset } });
    worker.unref();
    return worker;
  } catch {
    return null;
  }
}

/** lstat of files [from, to) into `out` at their own index. */
export function statRange(files: readonly string[], out: Float64Array, from: number, to: number, offset = 0): void {
  for (let i = from; i < to; i++) {
    let stat;
    try {
      stat = lstatSync(files[i]!, { throwIfNoEntry: false });
    } catch {
      stat = undefined;
    }
    out[2 * (i + offset)] = stat ? stat.mtimeMs : NaN;
    out[2 * (i + offset) + 1] = stat ? stat.size : -1;
  }
}
