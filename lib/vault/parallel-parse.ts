import { availableParallelism } from "node:os";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { CortexConfig } from "../config/types.js";
import { readAtomFiles, type ReadJob, type ReadResult } from "./read-atom.js";

/** Below this many files, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 2000;

/**
 * Reads and parses files on every core: worker threads take equal shares
 * while this thread parses the first one, then it blocks until they are done
 * (so callers stay synchronous). Results come back in job order. Falls back
 * to this thread alone for small batches or when workers cannot start.
 */
export function readAtomFilesParallel(jobs: readonly ReadJob[], config: CortexConfig, threads = Math.min(availableParallelism(), 4)): ReadResult[] {
  // From TypeScript sources (tsx, in development) a worker would need the loader hooks of
  // this thread, which is blocked waiting: parse here instead.
  if (jobs.length < PARALLEL_THRESHOLD || threads < 2 || import.meta.url.endsWith(".ts")) return readAtomFiles(jobs, config);
  const shares = split(jobs, threads);
  const flags = new Int32Array(new SharedArrayBuffer(4 * threads));
  const started: { worker: Worker; port: MessagePort }[] = [];
  try {
    for (let slot = 1; slot < threads; slot++) started.push(startWorker(shares[slot]!, config, flags, slot));
  } catch {
    for (const s of started) void s.worker.terminate();
    return readAtomFiles(jobs, config);
  }
  const results = readAtomFiles(shares[0]!, config);
  const deadline = Date.now() + 60_000 + jobs.length * 2;
  started.forEach((s, i) => results.push(...(collect(s.port, flags, i + 1, deadline) ?? readAtomFiles(shares[i + 1]!, config))));
  for (const s of started) void s.worker.terminate();
  return results;
}

function startWorker(jobs: ReadJob[], config: CortexConfig, flags: Int32Array, slot: number): { worker: Worker; port: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  const file = new URL("./parse-worker.js", import.meta.url);
  const worker = new Worker(file, { workerData: { jobs, config, port: port2, flags, slot }, transferList: [port2] });
  worker.unref();
  return { worker, port: port1 };
}

// Blocks until the worker in `slot` has posted, then takes its message synchronously;
// null when it failed or is still not done at the deadline (its share is then parsed here).
function collect(port: MessagePort, flags: Int32Array, slot: number, deadline: number): ReadResult[] | null {
  while (Atomics.load(flags, slot) === 0) {
    if (Date.now() > deadline) return null;
    Atomics.wait(flags, slot, 0, 50);
  }
  const message = receiveMessageOnPort(port)?.message as { results?: ReadResult[]; error?: string } | undefined;
  return message?.results ?? null;
}

function split<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, i) => items.slice(i * size, (i + 1) * size));
}
