import { closeSync, openSync, readSync } from "node:fs";
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
 * when they are not there: when most of a sample of reads (see
 * {@link waitsOnDisk}) waited on the disk, a worker thread reads one byte of
 * each file (the whole of a note, through the kernel's read-ahead) many at
 * a time on libuv's threads, a few chunks ahead of the claimed ones
 * (`control[0]`: the next chunk to claim). A parse worker reads one file
 * after the other, so with two of them only two reads wait on the disk at a
 * time; a vault whose notes are cached costs the sample, on this thread.
 * Reads only: nothing it does changes what is parsed.
 * `CORTEX_READ_AHEAD=always` reads ahead without the sample, `never` neither
 * samples nor reads. Null when no worker runs. The caller ends it with
 * `terminate()` once the parse is done.
 */
export function startReadAhead(chunkJobs: readonly string[], control: Int32Array): WorkerPool | null {
  const setting = process.env.CORTEX_READ_AHEAD;
  if (setting === "never" || (setting !== "always" && !waitsOnDisk(chunkJobs))) return null;
  return WorkerPool.start({ script: new URL("./read-ahead-worker.js", import.meta.url), data: () => ({ chunkJobs, control }) });
}

/**
 * Whether most of {@link SAMPLE_READS} one-byte reads, of files of the third
 * chunk (which the parse workers reach after their first two), each took
 * longer than {@link COLD_READ_MS}: the notes wait on the disk. False when
 * there is no third chunk.
 */
export function waitsOnDisk(chunkJobs: readonly string[]): boolean {
  const sample = chunkJobs.length > 2 ? chunkPaths(chunkJobs, 2).slice(0, SAMPLE_READS) : [];
  const byte = Buffer.alloc(1);
  let slow = 0;
  for (const path of sample) {
    const started = performance.now();
    try {
      const fd = openSync(path, "r");
      readSync(fd, byte, 0, 1, 0);
      closeSync(fd);
    } catch {
      // gone or unreadable: its parse says so
    }
    if (performance.now() - started > COLD_READ_MS) slow++;
  }
  return sample.length > 0 && slow > sample.length / 2;
}

/** The absolute paths of a chunk's jobs (each job's JSON starts with it). */
export function chunkPaths(chunkJobs: readonly string[], chunk: number): string[] {
  return (JSON.parse(chunkJobs[chunk]!) as [string, ...unknown[]][]).map((job) => job[0]);
}
