// Worker thread of parallel-parse.ts: claims chunks of files from the shared
// counter, posts each chunk's results, then raises its flag so the waiting
// main thread wakes.
import { workerData, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../config/types.js";
import { readAtomFiles, type ReadJob } from "./read-atom.js";
import { encodeReadResults } from "./read-wire.js";

const { jobs: jobText, config, port, control, slot, chunk: size } = workerData as {
  jobs: string;
  config: CortexConfig;
  port: MessagePort;
  control: Int32Array;
  slot: number;
  chunk: number;
};
// [abs, path, mtimeMs, size] per job; a NaN (not stat'ed) arrives as null.
const jobs: ReadJob[] = (JSON.parse(jobText) as [string, string, number | null, number | null][]).map(([abs, path, mtimeMs, bytes]) => ({ abs, path, mtimeMs: mtimeMs ?? NaN, size: bytes ?? NaN }));
const chunks = Math.ceil(jobs.length / size);
try {
  for (let c = Atomics.add(control, 0, 1); c < chunks; c = Atomics.add(control, 0, 1)) {
    try {
      port.postMessage({ chunk: c, text: encodeReadResults(readAtomFiles(jobs.slice(c * size, (c + 1) * size), config)) });
    } catch (error) {
      port.postMessage({ chunk: c, error: String((error as Error).stack ?? error) });
    }
  }
} finally {
  Atomics.store(control, slot, 1);
  Atomics.notify(control, slot);
}
