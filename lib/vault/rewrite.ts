import { readFileSync } from "node:fs";
import { writeFileAtomic } from "./atomic.js";

/** A file's bytes and their text, read to be rewritten. */
export interface ReadForRewrite {
  bytes: Buffer;
  text: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads a file that a command may rewrite. Null when it cannot be read or is
 * not valid UTF-8 (rewriting it would lose bytes). A BOM is kept in `text`.
 */
export function readForRewrite(file: string): ReadForRewrite | null {
  try {
    const bytes = readFileSync(file);
    return { bytes, text: utf8.decode(bytes) };
  } catch {
    return null;
  }
}

/**
 * Writes `next` atomically over `file` only if the file still holds exactly
 * `expected` (what was read before computing `next`); false, and nothing
 * written, when someone changed it meanwhile.
 */
export function writeIfUnchanged(file: string, expected: Buffer, next: string): boolean {
  let current: Buffer;
  try {
    current = readFileSync(file);
  } catch {
    return false;
  }
  if (!current.equals(expected)) return false;
  writeFileAtomic(file, next);
  return true;
}
