// Worker thread of note-reads.ts: claims chunks of files from the shared counter, replies with each
// chunk's notes read and parsed (its id: the chunk's number), then says it is finished.
import type { CortexConfig } from "../core/config/types.js";
import type { ReadJob } from "../store/read-atom.js";
import { finish, poolData, reply, replyError } from "../store/pool-worker.js";
import { readNote } from "./note-reads.js";

const { chunkJobs, config, control } = poolData as unknown as {
  /** Per chunk, its jobs as JSON: [abs, path, mtimeMs, size] each (NaN as null). */
  chunkJobs: string[];
  config: CortexConfig;
  /** [0]: next chunk to claim; [1]: chunks the main thread has taken. */
  control: Int32Array;
};

// How many chunks a worker may run ahead of the thread taking them: what waits in between is memory.
const AHEAD = 8;

function jobsOf(chunk: number): ReadJob[] {
  return (JSON.parse(chunkJobs[chunk]!) as [string, string, number | null, number | null][]).map(([abs, path, mtimeMs, size]) => ({ abs, path, mtimeMs: mtimeMs ?? NaN, size: size ?? NaN }));
}

try {
  for (let c = Atomics.add(control, 0, 1); c < chunkJobs.length; c = Atomics.add(control, 0, 1)) {
    for (let t = Atomics.load(control, 1); c - t >= AHEAD; t = Atomics.load(control, 1)) Atomics.wait(control, 1, t, 100);
    try {
      reply(c, jobsOf(c).map((job) => readNote(job, config)));
    } catch (error) {
      replyError(c, error);
    }
  }
} finally {
  finish();
}
