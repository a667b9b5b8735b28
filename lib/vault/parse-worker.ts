// Worker thread of parallel-parse.ts: claims chunks of files from the shared
// counter, posts each chunk's results, then raises its flag so the waiting
// main thread wakes.
import { workerData, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../config/types.js";
import { readAtomFiles, type ReadJob } from "./read-atom.js";

const { jobs, config, port, control, slot, chunk: size } = workerData as {
  jobs: ReadJob[];
  config: CortexConfig;
  port: MessagePort;
  control: Int32Array;
  slot: number;
  chunk: number;
};
const chunks = Math.ceil(jobs.length / size);
try {
  for (let c = Atomics.add(control, 0, 1); c < chunks; c = Atomics.add(control, 0, 1)) {
    try {
      port.postMessage({ chunk: c, results: readAtomFiles(jobs.slice(c * size, (c + 1) * size), config) });
    } catch (error) {
      port.postMessage({ chunk: c, error: String((error as Error).stack ?? error) });
    }
  }
} finally {
  Atomics.store(control, slot, 1);
  Atomics.notify(control, slot);
}
