// Worker thread of parallel-parse.ts: claims chunks of files from the shared
// counter, posts each chunk's results, then raises its flag so the waiting
// main thread wakes.
import { workerData, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../config/types.js";
import { readAtomFiles, type ReadJob } from "./read-atom.js";
import { encodeReadResultBytes } from "./read-wire.js";

const { chunkJobs, config, port, control, slot } = workerData as {
  /** Per chunk, its jobs as JSON: [abs, path, mtimeMs, size] each, a NaN (not stat'ed) as null. */
  chunkJobs: string[];
  config: CortexConfig;
  port: MessagePort;
  control: Int32Array;
  slot: number;
};

function jobsOf(chunk: number): ReadJob[] {
  return (JSON.parse(chunkJobs[chunk]!) as [string, string, number | null, number | null][]).map(([abs, path, mtimeMs, size]) => ({ abs, path, mtimeMs: mtimeMs ?? NaN, size: size ?? NaN }));
}

try {
  for (let c = Atomics.add(control, 0, 1); c < chunkJobs.length; c = Atomics.add(control, 0, 1)) {
    try {
      const bytes = encodeReadResultBytes(readAtomFiles(jobsOf(c), config));
      port.postMessage({ chunk: c, bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ chunk: c, error: String((error as Error).stack ?? error) });
    }
  }
} finally {
  Atomics.store(control, slot, 1);
  Atomics.notify(control, slot);
}
