// Worker thread of parallel-stat.ts: stats its files into the shared array,
// then raises the flag after the last slot so the waiting main thread wakes.
import { workerData } from "node:worker_threads";
import { statRange } from "./parallel-stat.js";

const { files, out, offset } = workerData as { files: string[]; out: Float64Array; offset: number };
const control = new Int32Array(out.buffer, out.byteLength - 8, 2);
let state = 2;
try {
  statRange(files, out, 0, files.length, offset, control);
  state = 1;
} finally {
  Atomics.store(control, 0, state);
  Atomics.notify(control, 0);
}
