import { availableParallelism } from "node:os";
import type { CortexConfig } from "../core/config/types.js";
import type { RowChunk } from "./fts-row-wire.js";
import { readAtomFiles, type ReadJob, type ReadResult } from "../store/read-atom.js";
import { decodeReadResultBytes } from "./read-wire.js";
import { pushAll } from "../core/util/arrays.js";
import { workersAvailable, WorkerPool, type PoolReply } from "../store/worker-pool.js";
import { startReadAhead } from "../store/read-ahead.js";

/** Below this many files, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 2000;

/** Files per chunk that a worker claims at a time. */
const CHUNK = 250;

/**
 * Reads and parses files on every core. One worker thread per core claims
 * chunks of files from a shared counter (a slow worker simply takes fewer)
 * and posts each chunk's atoms; this thread only receives them as they come,
 * so it keeps compact copies and none of the parsing garbage, and blocks
 * until every chunk is back (callers stay synchronous). Results come back in
 * job order. Falls back to this thread alone for small batches, one core, or
 * when workers cannot start, and parses here any chunk a worker failed to
 * deliver (it threw, ran out of memory, or died).
 */
export function readAtomFilesParallel(jobs: readonly ReadJob[], config: CortexConfig, options: ParallelReadOptions = {}): ReadResult[] {
  if (!canParseInParallel(jobs.length, options)) return readHere(jobs, config, options.onProgress);
  const results: (ReadResult[] | undefined)[] = [];
  const parsed = parseOnWorkers(jobs, config, options, (chunk, posted) => (results[chunk] = decodeReadResultBytes(posted.bytes!)));
  if (!parsed) return readAtomFiles(jobs, config);
  const all: ReadResult[] = [];
  for (let c = 0; c < parsed.chunks; c++) pushAll(all, results[c] ?? readAtomFiles(chunkOf(jobs, c), config));
  options.onProgress?.(jobs.length);
  return all;
}

/** Whether {@link parseOnWorkers} is worth it (and possible) for this many files. */
export function canParseInParallel(files: number, options: ParallelReadOptions = {}): boolean {
  // From TypeScript sources (tsx, in development) a worker would need the loader hooks of
  // this thread, which is blocked waiting: parse here instead.
  return files >= PARALLEL_THRESHOLD && threadsOf(options) >= 2 && workersAvailable();
}

/** The jobs of chunk `c`. */
export function chunkOf<T>(jobs: readonly T[], c: number): T[] {
  return jobs.slice(c * CHUNK, (c + 1) * CHUNK);
}

/** What the workers make of each chunk (see {@link PostedChunk}). */
export type ChunkTask = "atoms" | "search-rows" | "atoms+rows";

/**
 * What a worker posts for a chunk: its read results (read-wire.ts), for the
 * tasks `atoms` and `atoms+rows`, and its full-text rows, for `search-rows`
 * and `atoms+rows` (lib/fts/row-wire.ts).
 */
export interface PostedChunk {
  bytes?: Uint8Array;
  rows?: RowChunk;
}

/**
 * Cells of the `rowGate` that a thread inserting rows shares with the
 * workers: [ROWS_INSERTED] chunks inserted so far (in chunk order), and
 * [ROWS_FAILED] non-zero once it failed. A worker making rows stays at most
 * ROWS_AHEAD chunks ahead of it, so that the rows waiting for it stay few.
 */
export const ROWS_INSERTED = 0;
/** See {@link ROWS_INSERTED}. */
export const ROWS_FAILED = 1;
/** See {@link ROWS_INSERTED}. */
export const ROWS_AHEAD = 16;
/** A worker waiting on an inserter that has taken nothing for this long marks it failed and goes on. */
export const ROWS_STALL_MS = 15_000;

/**
 * Parses `jobs` on one worker per core, blocking until every chunk is
 * delivered (or a worker is taken for dead), and hands each chunk's results
 * to `onChunk` as the worker posted them (see {@link PostedChunk}). Returns how
 * many chunks there were (those not handed on are the caller's to parse), or
 * null when workers cannot start.
 */
export function parseOnWorkers(jobs: readonly ReadJob[], config: CortexConfig, options: ParallelReadOptions, onChunk: (chunk: number, posted: PostedChunk) => void): { chunks: number } | null {
  const chunks = Math.ceil(jobs.length / CHUNK);
  // [0]: next chunk to claim; [1]: chunks this thread has taken (a worker stays at most AHEAD chunks ahead of it).
  const control = new Int32Array(new SharedArrayBuffer(8));
  // One JSON string per chunk: copied to a worker in a blink (100k job objects took ~0.1 s each to
  // clone), and a worker turns into objects only the chunks it claims.
  const chunkJobs = Array.from({ length: chunks }, (_, c) => JSON.stringify(chunkOf(jobs, c).map((j) => [j.abs, j.path, j.mtimeMs, j.size])));
  const data = { chunkJobs, config, control, task: options.task ?? "atoms", rowGate: options.rowGate };
  // A worker that dies (out of memory, killed) only leaves chunks undelivered, which are parsed here.
  const pool = WorkerPool.start({ script: options.script ?? new URL("./parse-worker.js", import.meta.url), count: threadsOf(options), data: () => data });
  if (!pool) return null;
  const readAhead = startReadAhead(chunkJobs, control);
  let received = 0;
  // Takes chunks as the workers post them until every worker is done, none has delivered anything for
  // the stall time, or the deadline passes; a chunk a worker could not parse is not handed on (it is parsed here).
  pool.waitUntil(() => pool.finished, { stallMs: options.stallMs ?? STALL_MS, deadline: Date.now() + 60_000 + jobs.length * 2 }, (reply: PoolReply) => {
    if (reply.error === undefined) onChunk(reply.id, reply.result as PostedChunk);
    Atomics.add(control, 1, 1);
    Atomics.notify(control, 1);
    options.onProgress?.(Math.min(++received * CHUNK, jobs.length));
  });
  pool.terminate();
  readAhead?.terminate();
  return { chunks };
}

/** Options of {@link readAtomFilesParallel}. */
export interface ParallelReadOptions {
  /** Worker threads. Default: the number of cores, at most 4. */
  threads?: number;
  /**
   * The workers' script. Default: parse-worker.js (tests give one that dies). No heap limit is set on
   * the workers: from Node 22 on, a heap too small to load the engine's start-up snapshot aborts the whole process.
   */
  script?: URL;
  /** A worker that has delivered nothing for this long is taken for dead. Default 15 s. */
  stallMs?: number;
  /** Called as files are done, with how many so far. */
  onProgress?: (done: number) => void;
  /** What the workers make of each chunk: parsed atoms (default), full-text rows (see lib/engine/fts-rows.ts), or both from one read. */
  task?: ChunkTask;
  /** With rows: the cells of the thread inserting them (see {@link ROWS_INSERTED}), which the workers keep pace with. */
  rowGate?: Int32Array;
}

function threadsOf(options: ParallelReadOptions): number {
  return options.threads ?? Math.min(availableParallelism(), 4);
}

// Reads on this thread, a chunk at a time, reporting progress after each.
function readHere(jobs: readonly ReadJob[], config: CortexConfig, onProgress?: (done: number) => void): ReadResult[] {
  if (!onProgress) return readAtomFiles(jobs, config);
  const all: ReadResult[] = [];
  for (let at = 0; at < jobs.length; at += CHUNK) {
    pushAll(all, readAtomFiles(jobs.slice(at, at + CHUNK), config));
    onProgress(Math.min(at + CHUNK, jobs.length));
  }
  return all;
}

/** A worker that has delivered nothing for this long is taken for dead (its chunks are parsed here). */
const STALL_MS = 15_000;
