// Worker thread of parallel-stat.ts: started early and idle until it is
// given the files, then claims blocks of them alongside the main thread.
import { parentPort } from "node:worker_threads";
import { statBlocks } from "./parallel-stat.js";

parentPort!.once("message", ({ files, out, control }: { files: string; out: Float64Array; control: Int32Array }) => {
  statBlocks(files.split("\0"), out, control);
  parentPort!.close();
});
