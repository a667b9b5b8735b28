import { readFileSync } from "node:fs";
import { writeFileAtomic } from "./atomic.js";
import { CortexError } from "../core/errors.js";

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
export function writeIfUnchanged(file: string, expected: Uint8Array, next: string | Uint8Array): boolean {
  // The new bytes are flushed first and compared just before the rename: an editor's save can only be lost in that instant.
  const unchanged = (): boolean => {
    try {
      return readFileSync(file).equals(expected);
    } catch {
      return false;
    }
  };
  return writeFileAtomic(file, next, { onlyIf: unchanged });
}

/**
 * {@link writeIfUnchanged} for a command that cannot go on when a file it
 * rewrites was changed meanwhile (an editor saved it): throws instead.
 *
 * @throws CortexError (`CHANGED`) naming the file (vault-relative `path`); nothing was written to it.
 */
export function rewriteOrThrow(file: string, path: string, expected: Uint8Array, next: string | Uint8Array): void {
  if (!writeIfUnchanged(file, expected, next)) throw changedError(path);
}

/** The error of a file changed on disk since a command read it. */
export function changedError(path: string): CortexError {
  return new CortexError("CHANGED", `${path} changed on disk while cortex was editing it (saved by another program?); it was left as it is`);
}
