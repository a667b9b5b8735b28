import { availableParallelism } from "node:os";
import type { Atom } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { textFields, type TextFields } from "../core/fts/fields.js";
import { readAtomAndText, type ReadJob } from "../store/read-atom.js";
import type { FileRow } from "../store/index-db.js";
import { workersAvailable, WorkerPool, type PoolReply } from "../store/worker-pool.js";

/** Below this many files, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 2000;

/** Files per chunk that a worker claims at a time. */
export const CHUNK = 250;

/** A worker that has delivered nothing for this long is taken for dead (its chunks are read here). */
const STALL_MS = 15_000;

/** One markdown file as the index records it, read and parsed once: its row of `files`, and its atom when it is one. */
export interface NoteRead {
  file: FileRow;
  parsed: { atom: Atom; targets: string[]; text: TextFields } | null;
}

/**
 * Reads and parses one file. The version recorded is the one read (its
 * fstat), so a file changed between a scan and this read is recorded as
 * read; one that cannot be read at all keeps the scan's size and mtime (it
 * is not read again until they change).
 */
export function readNote(job: ReadJob, config: CortexConfig): NoteRead {
  const { result, text, stat } = readAtomAndText(job.abs, { path: job.path, mtimeMs: NaN, size: NaN }, config);
  const version = stat ?? { mtimeMs: job.mtimeMs, size: job.size };
  const file = { path: job.path, mtimeUs: recordedMtimeUs(version.mtimeMs), size: version.size || 0 };
  if (!result.atom) return { file: { ...file, atom: false, diagnostics: [result.diagnostic] }, parsed: null };
  const { atom, targets, diagnostics } = result.atom;
  return { file: { ...file, atom: true, diagnostics }, parsed: { atom, targets, text: textFields(atom, text!) } };
}

/**
 * A file's mtime as `files.mtime_us` records it: whole microseconds; -1 when
 * this process may not read it (the scan gives such a file no mtime), so that
 * the next scan finds it as recorded until it can be read.
 */
export function recordedMtimeUs(mtimeMs: number): number {
  return Number.isNaN(mtimeMs) ? -1 : Math.round(mtimeMs * 1000);
}

/** Options of {@link readNotes}. */
export interface ReadNotesOptions {
  /** Called as files are done, with how many so far. */
  onProgress?: (done: number) => void;
  /** Worker threads. Default: the number of cores, at most 4 (1: this thread only). */
  threads?: number;
  /** The workers' script (tests give one that dies). Default read-worker.js. */
  script?: URL;
  /** A worker that has delivered nothing for this long is taken for dead. Default 15 s. */
  stallMs?: number;
}

/**
 * Reads and parses `jobs`, handing each note to `onRead` (in chunks of job
 * order, chunks in the order they are done). Many files are parsed on worker
 * threads while this thread takes what they post (an index run inserts rows
 * meanwhile); a chunk a worker failed to deliver (it threw or died) is read
 * here. Few files, one core, or no workers: all on this thread.
 */
export function readNotes(jobs: readonly ReadJob[], config: CortexConfig, onRead: (read: NoteRead) => void, options: ReadNotesOptions = {}): void {
  const threads = options.threads ?? Math.min(availableParallelism(), 4);
  const chunks = Math.ceil(jobs.length / CHUNK);
  const chunkOf = (c: number) => jobs.slice(c * CHUNK, (c + 1) * CHUNK);
  const delivered = new Uint8Array(chunks);
  let done = 0;
  const take = (c: number, reads: readonly NoteRead[]) => {
    delivered[c] = 1;
    for (const read of reads) onRead(read);
    options.onProgress?.((done += reads.length));
  };
  if (jobs.length >= PARALLEL_THRESHOLD && threads >= 2 && workersAvailable()) onWorkers(jobs.length, chunkOf, chunks, threads, config, options, take);
  for (let c = 0; c < chunks; c++) if (!delivered[c]) take(c, chunkOf(c).map((job) => readNote(job, config)));
}

// The workers claim chunks from a shared counter; this thread takes each chunk's notes as posted.
function onWorkers(total: number, chunkOf: (c: number) => ReadJob[], chunks: number, threads: number, config: CortexConfig, options: ReadNotesOptions, take: (c: number, reads: NoteRead[]) => void): void {
  // [0]: next chunk to claim; [1]: chunks this thread has taken (a worker stays a few chunks ahead of it).
  const control = new Int32Array(new SharedArrayBuffer(8));
  const chunkJobs = Array.from({ length: chunks }, (_, c) => JSON.stringify(chunkOf(c).map((j) => [j.abs, j.path, j.mtimeMs, j.size])));
  const data = { chunkJobs, config, control };
  const pool = WorkerPool.start({ script: options.script ?? new URL("./read-worker.js", import.meta.url), count: threads, data: () => data });
  if (!pool) return;
  try {
    pool.waitUntil(() => pool.finished, { stallMs: options.stallMs ?? STALL_MS, deadline: Date.now() + 60_000 + total * 2 }, (reply: PoolReply) => {
      if (reply.error === undefined) take(reply.id, reply.result as NoteRead[]);
      Atomics.add(control, 1, 1);
      Atomics.notify(control, 1);
    });
  } finally {
    pool.terminate();
  }
}
