import { WorkerPool } from "./worker-pool.js";

/** A read of one byte that takes longer waited on the disk (from the page cache it takes a few µs). */
export const COLD_READ_MS = 0.04;
/** Files read, timed, to tell whether the notes wait on the disk. */
export const SAMPLE_READS = 24;
/** Reads in flight while reading ahead (libuv's pool runs four at a time). */
export const READS_IN_FLIGHT = 16;
/** How many chunks past the one claimed last the reads may go. */
export const READ_AHEAD_CHUNKS = 12;

/**
 * Brings the files the parse workers are about to read into the page cache
 * when they are not there: a worker thread samples a few reads, and when
 * most of them waited on the disk it reads one byte of each file (the whole
 * of a note, through the kernel's read-ahead) many at a time on libuv's
 * threads, a few chunks ahead of the claimed ones (`control[0]`: the next
 * chunk to claim). A parse worker reads one file after the other, so with
 * two of them only two reads wait on the disk at a time; a vault whose
 * notes are cached costs the sample and a thread's start-up. Reads only:
 * nothing it does changes what is parsed. `CORTEX_READ_AHEAD=always` reads
 * ahead without the sample, `never` starts no thread. Null when no worker
 * runs. The caller ends it with `terminate()` once the parse is done.
 */
export function startReadAhead(chunkJobs: readonly string[], control: Int32Array): WorkerPool | null {
  if (process.env.CORTEX_READ_AHEAD === "never") return null;
  return WorkerPool.start({ script: new URL("./read-ahead-worker.js", import.meta.url), data: () => ({ chunkJobs, control }) });
}
