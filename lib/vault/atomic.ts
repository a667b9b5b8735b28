import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CortexError } from "../errors.js";

let counter = 0;

/**
 * Writes a file atomically: the data goes to a temporary file in the same
 * folder, is flushed to disk, and is renamed over the target, so a reader or
 * a crash never sees a partial file.
 *
 * @throws CortexError (`IO`) naming the file when it cannot be written.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const temp = tempPathFor(file);
  try {
    const fd = openSync(temp, "wx", 0o644);
    try {
      writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CortexError("IO", `cannot write ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** A unique temporary name beside `file`: `.name.PID.N.tmp`. */
export function tempPathFor(file: string): string {
  counter++;
  return join(dirname(file), `.${basename(file)}.${process.pid}.${counter}.tmp`);
}
