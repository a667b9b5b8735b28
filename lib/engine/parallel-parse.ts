import { availableParallelism } from "node:os";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../core/config/types.js";
import type { RowChunk } from "./fts-row-wire.js";
import { readAtomFiles, type ReadJob, type ReadResult } from "../store/read-atom.js";
import { decodeReadResultBytes } from "./read-wire.js";
import { pushAll } from "../core/util/arrays.js";

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
  return files >= PARALLEL_THRESHOLD && threadsOf(options) >= 2 && !import.meta.url.endsWith(".ts");
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
  const threads = threadsOf(options);
  const chunks = Math.ceil(jobs.length / CHUNK);
  // [0]: next chunk to claim; [slot]: non-zero once the worker in that slot has posted its last chunk;
  // [threads + 1]: chunks this thread has taken (a worker stays at most AHEAD chunks ahead of it).
  const control = new Int32Array(new SharedArrayBuffer(4 * (threads + 2)));
  const started: { worker: Worker; port: MessagePort }[] = [];
  // One JSON string per chunk: copied to a worker in a blink (100k job objects took ~0.1 s each to
  // clone), and a worker turns into objects only the chunks it claims.
  const chunkJobs = Array.from({ length: chunks }, (_, c) => JSON.stringify(chunkOf(jobs, c).map((j) => [j.abs, j.path, j.mtimeMs, j.size])));
  const stop = () => {
    for (const s of started) void s.worker.terminate();
  };
  try {
    for (let slot = 1; slot <= threads; slot++) started.push(startWorker({ chunkJobs, config, control, slot, task: options.task ?? "atoms", rowGate: options.rowGate }, options.script));
  } catch {
    stop();
    return null;
  }
  const { onProgress } = options;
  const limits = { deadline: Date.now() + 60_000 + jobs.length * 2, stallMs: options.stallMs ?? STALL_MS };
  receiveUntilDone(started, control, onChunk, limits, (received) => onProgress?.(Math.min(received * CHUNK, jobs.length)));
  stop();
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

function startWorker(data: { chunkJobs: string[]; config: CortexConfig; control: Int32Array; slot: number; task: ChunkTask; rowGate?: Int32Array }, script = new URL("./parse-worker.js", import.meta.url)): { worker: Worker; port: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(script, { workerData: { ...data, port: port2 }, transferList: [port2] });
  // A worker that dies (out of memory, killed) only leaves chunks undelivered, which are parsed here.
  worker.on("error", () => {});
  worker.unref();
  return { worker, port: port1 };
}

/** A worker that has delivered nothing for this long is taken for dead (its chunks are parsed here). */
const STALL_MS = 15_000;

// Takes chunks as the workers post them until every worker is done, none has delivered
// anything for `stallMs` (a worker that died cannot say so while this thread blocks), or the deadline passes.
function receiveUntilDone(started: { port: MessagePort }[], control: Int32Array, onChunk: (chunk: number, posted: PostedChunk) => void, limits: { deadline: number; stallMs: number }, onChunks: (received: number) => void): void {
  let lastDelivery = Date.now();
  let received = 0;
  for (;;) {
    // Read before draining: a worker posts its last chunk before it raises its flag.
    const done = started.every((_, i) => Atomics.load(control, i + 1) !== 0);
    let now = 0;
    for (const s of started) now += drain(s.port, onChunk, control);
    if (now > 0) {
      lastDelivery = Date.now();
      onChunks((received += now));
    }
    const time = Date.now();
    if (done || time > limits.deadline || time - lastDelivery > limits.stallMs) break;
    Atomics.wait(control, 1, 0, 5);
  }
}

// Takes every chunk a worker has posted so far; a chunk it could not parse is not handed on (it is parsed here).
function drain(port: MessagePort, onChunk: (chunk: number, posted: PostedChunk) => void, control: Int32Array): number {
  let received = 0;
  for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
    const { chunk, error, ...posted } = m.message as PostedChunk & { chunk: number; error?: string };
    if (error === undefined) onChunk(chunk, posted);
    received++;
    Atomics.add(control, control.length - 1, 1);
    Atomics.notify(control, control.length - 1);
  }
  return received;
}
