import { closeSync, fstatSync, open, read } from "node:fs";
import { readFileNow, type FileRead, type ReadStat } from "./read-atom.js";

export type { FileRead } from "./read-atom.js";

/**
 * Reads files on libuv's threads, up to `inFlight` at a time, each as
 * {@link readFileNow} would (same bytes, stat and error codes). When the
 * files are not in the page cache, a thread reading them one by one waits on
 * the disk for each; with several reads in flight the disk serves them
 * together. Costs more CPU per file than reading here when they are cached.
 */
export function readFilesAsync(paths: readonly string[], inFlight: number): Promise<FileRead[]> {
  const out: FileRead[] = new Array<FileRead>(paths.length);
  if (paths.length === 0) return Promise.resolve(out);
  return new Promise((resolve) => {
    let next = 0;
    let done = 0;
    const start = (): void => {
      const i = next++;
      readOne(paths[i]!, (result) => {
        out[i] = result;
        if (++done === paths.length) resolve(out);
        else if (next < paths.length) start();
      });
    };
    for (let k = 0; k < Math.min(inFlight, paths.length); k++) start();
  });
}

// What readWithStat does: open, fstat, one read of a byte more than the size, close. The open and the read wait
// on the disk (on libuv's threads); the fstat and the close then find what they need in memory (on this thread).
// A file that grew since the fstat (the read filled the buffer) is read again here, to its end.
function readOne(abs: string, settle: (read: FileRead) => void): void {
  open(abs, "r", (openError, fd) => {
    if (openError) return settle({ error: openError });
    let bytes: Buffer;
    let stat: ReadStat;
    try {
      const st = fstatSync(fd);
      bytes = Buffer.allocUnsafe(st.size + 1);
      stat = { size: st.size, mtimeMs: st.mtimeMs };
    } catch (error) {
      return settle(closed(fd, { error }));
    }
    read(fd, bytes, 0, bytes.length, null, (readError, n) => {
      if (readError) return settle(closed(fd, { error: readError }));
      if (n === bytes.length) return settle(closed(fd, null) ?? readFileNow(abs));
      settle(closed(fd, { bytes: bytes.subarray(0, n), stat }));
    });
  });
}

// Closes fd and gives `read`, or the close's error when it failed (as readWithStat's close would throw).
function closed<T extends FileRead | null>(fd: number, read: T): T | FileRead {
  try {
    closeSync(fd);
    return read;
  } catch (error) {
    return read?.error ? read : { error };
  }
}

/** A read that takes longer is taken to wait on the disk (from the page cache, one takes a few µs). */
const COLD_MS_PER_FILE = 0.05;
/** While reading ahead, one batch in this many is read on the thread, timed, to see whether the disk is still the wait. */
const PROBE_EVERY = 8;
/** Reads in flight per thread when reading ahead. */
const IN_FLIGHT = 16;

/**
 * Reads batches of files for a thread that parses them, choosing how by
 * measure: on this thread (timed) while the files come from the page cache,
 * and, once a batch's reads waited on the disk, the next batch's files ahead
 * of time, many at a time ({@link readFilesAsync}) while this one is parsed.
 */
export class BatchReader {
  private cold = false;
  private batches = 0;

  /** Reads a batch on this thread now, timing each read. */
  readNow(paths: readonly string[]): FileRead[] {
    let slow = 0;
    const reads = paths.map((path) => {
      const started = performance.now();
      const read = readFileNow(path);
      if (performance.now() - started > COLD_MS_PER_FILE) slow++;
      return read;
    });
    if (paths.length === 0) return reads;
    // Most reads slow: they waited on the disk. A thread kept off the cores a while slows only the few reads it was in.
    const cold = slow > paths.length / 2;
    // The batch after the next is read here again, to confirm.
    if (cold && !this.cold) this.batches = PROBE_EVERY - 2;
    this.cold = cold;
    return reads;
  }

  /** Whether the next batch is to be read ahead ({@link readAhead}): reads wait on the disk. Otherwise it is read with {@link readNow} when its turn comes. */
  readsAhead(): boolean {
    return this.cold && ++this.batches % PROBE_EVERY !== 0;
  }

  /** Starts reading a batch that will be parsed next (see {@link readsAhead}). */
  readAhead(paths: readonly string[]): Promise<FileRead[]> {
    return readFilesAsync(paths, IN_FLIGHT);
  }
}
