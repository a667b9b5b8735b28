import { closeSync, fstatSync, mkdirSync, openSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { writeText } from "./atomic.js";

/**
 * Appends whole lines (`text` ends with a newline) to a log file with
 * O_APPEND, creating it and its folder when missing. A file that does not end
 * with a newline (a writer was killed mid-line) first gets one, so the new
 * lines never glue onto the partial one and get lost with it.
 *
 * @throws the fs error when the file cannot be opened or written.
 */
export function appendLines(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, "a+");
  try {
    writeText(fd, endsMidLine(fd) ? `\n${text}` : text);
  } finally {
    closeSync(fd);
  }
}

function endsMidLine(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}
