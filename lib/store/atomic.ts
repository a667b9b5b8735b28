import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CortexError } from "../core/errors.js";

// Temp names carry the pid and a per-process random start, so a pid reused after a crash never meets its predecessor's leftovers.
let counter = Math.floor(Math.random() * 1e9);

/**
 * Writes a file atomically: the data goes to a temporary file in the same
 * folder, is flushed to disk, and is renamed over the target, so a reader or
 * a crash never sees a partial file. The first write of a process into a
 * folder removes the temporary files killed processes left there
 * ({@link removeStaleTemps}). With `onlyIf`, it is asked once the data
 * is on disk, just before the rename, with the temporary file's path:
 * false leaves the file alone (the moment between the check and the rename
 * is as short as it can be).
 * Returns whether the file was written.
 *
 * @throws CortexError (`IO`) naming the file when it cannot be written.
 */
export function writeFileAtomic(file: string, data: FileData, options: { onlyIf?: (temp: string) => boolean } = {}): boolean {
  sweepOnce(dirname(file));
  const temp = tempPathFor(file);
  try {
    writeFlushed(temp, data);
    if (options.onlyIf && !options.onlyIf(temp)) {
      rmSync(temp, { force: true });
      return false;
    }
    renameSync(temp, file);
    return true;
  } catch (error) {
    rmSync(temp, { force: true });
    throw writeError(file, error);
  }
}

/**
 * The one-line error of a failed write of `file`: the cause in words (the
 * folder that is not writable, a full disk, a read-only file system), then
 * the system's code.
 */
export function writeError(file: string, error: unknown): CortexError {
  const code = (error as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    EACCES: `no permission to write in the folder ${dirname(file)}`,
    EPERM: `no permission to write in the folder ${dirname(file)}`,
    EROFS: `the folder ${dirname(file)} is on a read-only file system`,
    ENOSPC: "no space left on the disk",
    EDQUOT: "the disk quota is used up",
    ENOENT: `the folder ${dirname(file)} does not exist`,
  };
  const reason = code !== undefined && Object.hasOwn(why, code) ? `${why[code]} (${code})` : (error as Error).message;
  return new CortexError("IO", `cannot write ${file}: ${reason}`, { cause: error });
}

/**
 * What a file write takes: text, bytes, or text in pieces (a 60 MB manifest
 * is written as it is made, never joined into one string).
 */
export type FileData = string | Uint8Array | Iterable<string | Uint8Array>;

/** Pieces are gathered up to about this many UTF-16 units per write. */
const BATCH = 1 << 16;

// Creates `temp` (which must not exist) with `data`, flushed to disk.
function writeFlushed(temp: string, data: FileData): void {
  const fd = openSync(temp, "wx", 0o644);
  try {
    if (typeof data === "string") writeText(fd, data);
    else if (data instanceof Uint8Array) writeAll(fd, data);
    else writePieces(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writePieces(fd: number, pieces: Iterable<string | Uint8Array>): void {
  let batch: string[] = [];
  let length = 0;
  const flush = () => {
    if (batch.length > 0) writeText(fd, batch.join(""));
    batch = [];
    length = 0;
  };
  for (const piece of pieces) {
    if (typeof piece !== "string") {
      flush();
      writeAll(fd, piece);
      continue;
    }
    batch.push(piece);
    length += piece.length;
    if (length >= BATCH) flush();
  }
  flush();
}

/** Text is encoded for the system this many UTF-16 units at a time. */
const SLICE = 1 << 20;

/**
 * Writes all of `text` to an open file as UTF-8, at its current position.
 * The text is encoded into memory freed at once (a Buffer of each 1–20 MB
 * piece would linger until a GC and raise the peak RSS of a large index run),
 * a megabyte at a time: a 15 MB text never needs 15 MB more to be written.
 */
export function writeText(fd: number, text: string): void {
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + SLICE, text.length);
    // Never between the two halves of a surrogate pair: each slice must be encoded whole.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    const slice = at === 0 && end === text.length ? text : text.slice(at, end);
    writeSlice(fd, slice);
    at = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function writeSlice(fd: number, text: string): void {
  const written = writeSync(fd, text);
  const bytes = Buffer.byteLength(text);
  if (written < bytes) writeAll(fd, Buffer.from(text).subarray(written));
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/**
 * Creates `dir` and its parents where missing.
 *
 * @throws CortexError (`IO`) naming the folder when it cannot be made (a file in the way, no permission).
 */
export function ensureDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "EEXIST" || code === "ENOTDIR" ? "a file is in the way" : (code ?? (error as Error).message);
    throw new CortexError("IO", `cannot create folder ${dir}: ${why}`, { cause: error });
  }
}

/** A unique temporary name beside `file`: `.name.PID.N.tmp`. */
export function tempPathFor(file: string): string {
  counter++;
  return join(dirname(file), `.${basename(file)}.${process.pid}.${counter}.tmp`);
}

/**
 * Creates `file` with `data` only if it does not exist yet, atomically: the
 * data is written and flushed to a temporary file beside it, which is then
 * hard-linked to the target name (a link never replaces an existing file).
 * Readers and crashes see either no file or the whole file, never a part.
 * Stale temporary files are swept as by {@link writeFileAtomic}. Returns false, writing nothing, when `file` already exists.
 *
 * @throws CortexError (`IO`) naming the file when it cannot be written.
 * @example if (!createFileExclusive("rules/x.md", text)) tryNextName();
 */
export function createFileExclusive(file: string, data: FileData): boolean {
  sweepOnce(dirname(file));
  const temp = tempPathFor(file);
  try {
    writeFlushed(temp, data);
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw writeError(file, error);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Removes temporary files (`.name.PID.N.tmp`) that {@link writeFileAtomic}
 * or {@link createFileExclusive} left in `dir` when their process was killed
 * (its PID no longer exists). Files of live processes are left alone.
 * Returns how many were removed; never throws.
 */
export function removeStaleTemps(dir: string): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const m = /^\..+\.(\d+)\.\d+\.tmp$/.exec(name);
    if (!m || processAlive(Number(m[1]))) continue;
    try {
      rmSync(join(dir, name), { force: true });
      removed++;
    } catch {
      // another cleaner got it first, or it is not ours to remove
    }
  }
  return removed;
}

// Folders this process has swept: a folder's leftovers are looked for once, at the first write into it, not at every write of a migrate.
const swept = new Set<string>();

function sweepOnce(dir: string): void {
  if (swept.has(dir)) return;
  swept.add(dir);
  removeStaleTemps(dir);
}

/** False only when no process has this PID (this process is alive; another user's counts as alive). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
