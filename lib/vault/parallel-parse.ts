import { availableParallelism } from "node:os";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../config/types.js";
import { readAtomFiles, type ReadJob, type ReadResult } from "./read-atom.js";

/** Below this many files, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 2000;

/** Files per chunk that a thread claims at a time. */
const CHUNK = 250;

/**
 * Reads and parses files on every core. The jobs are cut into chunks that
 * this thread and the workers claim one at a time from a shared counter, so
 * a slow thread simply takes fewer; this thread blocks until every chunk is
 * back (callers stay synchronous). Results come back in job order. Falls
 * back to this thread alone for small batches or when workers cannot start,
 * and re-reads here any chunk a worker failed to deliver.
 */
export function readAtomFilesParallel(jobs: readonly ReadJob[], config: CortexConfig, threads = Math.min(availableParallelism(), 4)): ReadResult[] {
  // From TypeScript sources (tsx, in development) a worker would need the loader hooks of
  // this thread, which is blocked waiting: parse here instead.
  if (jobs.length < PARALLEL_THRESHOLD || threads < 2 || import.meta.url.endsWith(".ts")) return readAtomFiles(jobs, config);
  const chunks = Math.ceil(jobs.length / CHUNK);
  // [0]: next chunk to claim; [slot]: 1 once the worker in that slot has posted its last chunk.
  const control = new Int32Array(new SharedArrayBuffer(4 * threads));
  const started: { worker: Worker; port: MessagePort }[] = [];
  try {
    for (let slot = 1; slot < threads; slot++) started.push(startWorker(jobs, config, control, slot));
  } catch {
    for (const s of started) void s.worker.terminate();
    return readAtomFiles(jobs, config);
  }
  const results: (ReadResult[] | undefined)[] = new Array(chunks);
  const chunkOf = (c: number) => jobs.slice(c * CHUNK, (c + 1) * CHUNK);
  for (let c = Atomics.add(control, 0, 1); c < chunks; c = Atomics.add(control, 0, 1)) {
    results[c] = readAtomFiles(chunkOf(c), config);
    for (const s of started) drain(s.port, results);
  }
  const deadline = Date.now() + 60_000 + jobs.length * 2;
  started.forEach((s, i) => {
    waitForFlag(control, i + 1, deadline);
    drain(s.port, results);
    void s.worker.terminate();
  });
  const all: ReadResult[] = [];
  for (let c = 0; c < chunks; c++) all.push(...(results[c] ?? readAtomFiles(chunkOf(c), config)));
  return all;
}

function startWorker(jobs: readonly ReadJob[], config: CortexConfig, control: Int32Array, slot: number): { worker: Worker; port: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  const file = new URL("./parse-worker.js", import.meta.url);
  const worker = new Worker(file, { workerData: { jobs, config, port: port2, control, slot, chunk: CHUNK }, transferList: [port2] });
  worker.unref();
  return { worker, port: port1 };
}

// Takes every chunk a worker has posted so far; a chunk it could not parse stays empty (it is parsed here).
function drain(port: MessagePort, results: (ReadResult[] | undefined)[]): void {
  for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
    const { chunk, results: got } = m.message as { chunk: number; results?: ReadResult[] };
    if (got) results[chunk] = got;
  }
}

// Blocks until the worker in `slot` is done, or the deadline passes (its missing chunks are then parsed here).
function waitForFlag(control: Int32Array, slot: number, deadline: number): void {
  while (Atomics.load(control, slot) === 0 && Date.now() < deadline) Atomics.wait(control, slot, 0, 50);
}
