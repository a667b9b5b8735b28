// Worker thread of read-ahead.ts: when the files to be parsed are not in the
// page cache, reads one byte of each (which brings the whole of a small file
// in), many at a time on libuv's threads, a little ahead of the chunks the
// parse workers have claimed; when a sample shows them cached, does nothing.
import { close, closeSync, open, openSync, read, readSync } from "node:fs";
import { poolData } from "./pool-worker.js";
import { COLD_READ_MS, READS_IN_FLIGHT, READ_AHEAD_CHUNKS, SAMPLE_READS } from "./read-ahead.js";

const { chunkJobs, control } = poolData as unknown as {
  /** Per chunk, its jobs as JSON: the absolute path first in each. */
  chunkJobs: string[];
  /** [0]: the next chunk the parse workers will claim. */
  control: Int32Array;
};

const byte = Buffer.alloc(1);
const chunkPaths = (c: number): string[] => (JSON.parse(chunkJobs[c]!) as [string, ...unknown[]][]).map((job) => job[0]);

// Most of a sample of reads (from a chunk the parse workers reach later) waited on the disk.
function waitsOnDisk(): boolean {
  const sample = chunkJobs.length > 2 ? chunkPaths(2).slice(0, SAMPLE_READS) : [];
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

// Reads files ahead, READS_IN_FLIGHT at a time, never more than READ_AHEAD_CHUNKS past the chunk claimed last.
function readAhead(): void {
  let chunk = 2;
  let queue: string[] = [];
  let inFlight = 0;
  const next = (): void => {
    while (inFlight < READS_IN_FLIGHT) {
      const claimed = Atomics.load(control, 0);
      if (chunk < claimed) [chunk, queue] = [claimed, []];
      if (queue.length === 0) {
        if (chunk >= chunkJobs.length) return;
        if (chunk >= claimed + READ_AHEAD_CHUNKS) return void setTimeout(next, 2);
        queue = chunkPaths(chunk++);
      }
      inFlight++;
      touch(queue.shift()!, () => {
        inFlight--;
        next();
      });
    }
  };
  next();
}

// One byte of the file read, the file closed; what fails is left to the parse.
function touch(path: string, done: () => void): void {
  open(path, "r", (openError, fd) => {
    if (openError) return done();
    // Into the one byte shared by every read: what is read is not kept.
    read(fd, byte, 0, 1, 0, () => close(fd, () => done()));
  });
}

// The worker's environment is the caller's (see read-ahead.ts for the setting).
if (process.env.CORTEX_READ_AHEAD === "always" || waitsOnDisk()) readAhead();
