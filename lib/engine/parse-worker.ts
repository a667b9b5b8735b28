// Worker thread of parallel-parse.ts: claims chunks of files from the shared
// counter, posts each chunk's results, then raises its flag so the waiting
// main thread wakes.
import { workerData, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../core/config/types.js";
import { readAtomFiles, type ReadJob } from "../store/read-atom.js";
import { encodeReadResultBytes } from "./read-wire.js";

const { chunkJobs, config, port, control, slot, task } = workerData as {
  /** Per chunk, its jobs as JSON: [abs, path, mtimeMs, size] each, a NaN (not stat'ed) as null. */
  chunkJobs: string[];
  config: CortexConfig;
  port: MessagePort;
  control: Int32Array;
  slot: number;
  /** `atoms` (default): parsed atoms in read-wire bytes; `search-rows`: full-text rows (lib/engine/fts-rows.ts). */
  task?: "atoms" | "search-rows";
};

// Full-text rows are read relative to the vault, which a job's absolute path ends in.
const rows = task === "search-rows" ? await import("./fts-rows.js") : null;

function encodeChunk(chunk: number): Uint8Array {
  const jobs = jobsOf(chunk);
  if (!rows) return encodeReadResultBytes(readAtomFiles(jobs, config));
  const vaultDir = jobs.length > 0 ? jobs[0]!.abs.slice(0, jobs[0]!.abs.length - jobs[0]!.path.length) : "";
  return rows.encodeSearchRows(vaultDir, jobs.map((j) => j.path), config);
}

function jobsOf(chunk: number): ReadJob[] {
  return (JSON.parse(chunkJobs[chunk]!) as [string, string, number | null, number | null][]).map(([abs, path, mtimeMs, size]) => ({ abs, path, mtimeMs: mtimeMs ?? NaN, size: size ?? NaN }));
}

// How many chunks a worker may run ahead of the thread taking them: what waits in between is memory.
const AHEAD = 8;
const taken = control.length - 1;

try {
  for (let c = Atomics.add(control, 0, 1); c < chunkJobs.length; c = Atomics.add(control, 0, 1)) {
    for (let t = Atomics.load(control, taken); c - t >= AHEAD; t = Atomics.load(control, taken)) Atomics.wait(control, taken, t, 100);
    try {
      const bytes = encodeChunk(c);
      port.postMessage({ chunk: c, bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ chunk: c, error: String((error as Error).stack ?? error) });
    }
  }
} finally {
  Atomics.store(control, slot, 1);
  Atomics.notify(control, slot);
}
