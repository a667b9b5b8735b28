// Worker thread of parallel-parse.ts: reads and parses its share of files,
// posts the results, then raises its flag so the waiting main thread wakes.
import { workerData, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../config/types.js";
import { readAtomFiles, type ReadJob } from "./read-atom.js";

const { jobs, config, port, flags, slot } = workerData as { jobs: ReadJob[]; config: CortexConfig; port: MessagePort; flags: Int32Array; slot: number };
try {
  port.postMessage({ results: readAtomFiles(jobs, config) });
} catch (error) {
  port.postMessage({ error: String((error as Error).stack ?? error) });
}
Atomics.store(flags, slot, 1);
Atomics.notify(flags, slot);
