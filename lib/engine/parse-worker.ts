// Worker thread of parallel-parse.ts: claims chunks of files from the shared
// counter, replies with each chunk's results (its id: the chunk's number),
// then says it is finished, so the waiting main thread wakes.
import type { CortexConfig } from "../core/config/types.js";
import { readAtomFiles, type ReadJob } from "../store/read-atom.js";
import { encodeReadResultBytes } from "./read-wire.js";
import { ROWS_AHEAD, ROWS_FAILED, ROWS_INSERTED, ROWS_STALL_MS, type ChunkTask, type PostedChunk } from "./parallel-parse.js";
import { finish, poolData, reply, replyError } from "../store/pool-worker.js";

const { chunkJobs, config, control, task, rowGate } = poolData as unknown as {
  /** Per chunk, its jobs as JSON: [abs, path, mtimeMs, size] each, a NaN (not stat'ed) as null. */
  chunkJobs: string[];
  config: CortexConfig;
  /** [0]: next chunk to claim; [1]: chunks the main thread has taken. */
  control: Int32Array;
  task: ChunkTask;
  /** With rows for a search.db being built: its inserter's shared cells (see parallel-parse.ts). */
  rowGate?: Int32Array;
};

// Full-text rows are loaded only by the tasks that make them.
const fts = task === "atoms" ? null : { ...(await import("./fts-rows.js")), ...(await import("./fts-row-wire.js")) };

function encodeChunk(chunk: number): { posted: PostedChunk; transfer: ArrayBuffer[] } {
  const jobs = jobsOf(chunk);
  if (!fts) return withBuffers({ bytes: encodeReadResultBytes(readAtomFiles(jobs, config)) });
  if (task === "atoms+rows") {
    const { results, rows } = fts.readAtomsAndRows(jobs, config);
    return withBuffers({ bytes: encodeReadResultBytes(results), rows: fts.encodeRowChunk(rows) });
  }
  // Full-text rows are read relative to the vault, which a job's absolute path ends in.
  const vaultDir = jobs.length > 0 ? jobs[0]!.abs.slice(0, jobs[0]!.abs.length - jobs[0]!.path.length) : "";
  const rows = jobs.map((j) => fts.readSearchRow(vaultDir, j.path, config)).filter((r) => r !== null);
  return withBuffers({ rows: fts.encodeRowChunk(rows) });
}

function withBuffers(posted: PostedChunk): { posted: PostedChunk; transfer: ArrayBuffer[] } {
  const transfer = posted.bytes ? [posted.bytes.buffer as ArrayBuffer] : [];
  if (posted.rows) transfer.push(...fts!.rowChunkBuffers(posted.rows));
  return { posted, transfer };
}

function jobsOf(chunk: number): ReadJob[] {
  return (JSON.parse(chunkJobs[chunk]!) as [string, string, number | null, number | null][]).map(([abs, path, mtimeMs, size]) => ({ abs, path, mtimeMs: mtimeMs ?? NaN, size: size ?? NaN }));
}

// How many chunks a worker may run ahead of the thread taking them: what waits in between is memory.
const AHEAD = 8;
const taken = 1;

// Waits until chunk c is at most ROWS_AHEAD ahead of the rows inserted; an inserter that has taken nothing
// for ROWS_STALL_MS is taken for dead (marked failed: its rows are no longer sent).
function waitForInserter(gate: Int32Array, c: number): void {
  let since = Date.now();
  for (let t = Atomics.load(gate, ROWS_INSERTED); c - t >= ROWS_AHEAD && Atomics.load(gate, ROWS_FAILED) === 0; ) {
    Atomics.wait(gate, ROWS_INSERTED, t, 100);
    const now = Atomics.load(gate, ROWS_INSERTED);
    if (now !== t) [t, since] = [now, Date.now()];
    else if (Date.now() - since > ROWS_STALL_MS) Atomics.store(gate, ROWS_FAILED, 1);
  }
}

try {
  for (let c = Atomics.add(control, 0, 1); c < chunkJobs.length; c = Atomics.add(control, 0, 1)) {
    for (let t = Atomics.load(control, taken); c - t >= AHEAD; t = Atomics.load(control, taken)) Atomics.wait(control, taken, t, 100);
    if (rowGate) waitForInserter(rowGate, c);
    try {
      const { posted, transfer } = encodeChunk(c);
      reply(c, posted, transfer);
    } catch (error) {
      replyError(c, error);
    }
  }
} finally {
  finish();
}
