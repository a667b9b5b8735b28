// Worker thread of read-ahead.ts, started when a sample of reads showed the
// files to be parsed not in the page cache: reads one byte of each (which
// brings the whole of a small file in), many at a time on libuv's threads, a
// little ahead of the chunks the parse workers have claimed.
import { close, open, read } from "node:fs";
import { poolData } from "./pool-worker.js";
import { READS_IN_FLIGHT, READ_AHEAD_CHUNKS, chunkPaths as pathsOf } from "./read-ahead.js";

const { chunkJobs, control } = poolData as unknown as {
  /** Per chunk, its jobs as JSON: the absolute path first in each. */
  chunkJobs: string[];
  /** [0]: the next chunk the parse workers will claim. */
  control: Int32Array;
};

const byte = Buffer.alloc(1);
const chunkPaths = (c: number): string[] => pathsOf(chunkJobs, c);

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

readAhead();
