import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { decodeAtomBytes } from "../core/atoms/decode.js";
import { parseAtom } from "../core/atoms/parse.js";
import { overScanLimit, tooLargeDiagnostic } from "../core/atoms/scan-limit.js";
import type { Diagnostic, ParsedAtom } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { pushAll } from "../core/util/arrays.js";
import { readTextOrNull } from "./files.js";

/** A file to read: absolute path plus the facts the parser needs. */
export interface ReadJob {
  abs: string;
  path: string;
  /** Size and mtime as the scan saw them; NaN when the file was not stat'ed (they are then read from the open file). */
  mtimeMs: number;
  size: number;
}

/** Size and mtime of a file as read. */
export interface ReadStat {
  size: number;
  mtimeMs: number;
}

/**
 * An atom, or why the file is not one; `stat` is the file's size and mtime
 * when the job did not give them (a full index does not stat files twice).
 */
export type ReadResult = ({ atom: ParsedAtom; diagnostic?: undefined } | { atom?: undefined; diagnostic: Diagnostic }) & { stat?: ReadStat };

/**
 * Reads and parses one file (a binary or unreadable file gives a diagnostic
 * instead of an atom), also giving the note's text as decoded (a stray NUL
 * kept, unlike the text parsed) and the stat of the bytes read, for a caller
 * that makes more of the same read (the full-text row, lib/fts/rows.ts).
 * `text` and `stat` are absent when the file could not be read or decoded.
 */
export function readAtomAndText(abs: string, facts: { path: string; mtimeMs: number; size: number }, config: CortexConfig): { result: ReadResult; text?: string; stat?: ReadStat } {
  let read: { bytes: Buffer; stat: ReadStat };
  try {
    read = readWithStat(abs);
  } catch (error) {
    return { result: { diagnostic: { file: facts.path, line: 1, rule: "unreadable", message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, severity: "error" } } };
  }
  const stat = Number.isNaN(facts.mtimeMs) ? read.stat : undefined;
  const decoded = decodeAtomBytes(read.bytes, facts.path);
  if (!decoded.ok) return { result: { diagnostic: decoded.diagnostic, stat } };
  // A stray NUL (reported by decodeAtomBytes) is a space to the index: no line format or YAML parser has to meet it.
  const text = decoded.diagnostics.some((d) => d.rule === "nul-byte") ? decoded.text.replace(/\u0000/g, " ") : decoded.text;
  const parsed = parseAtom(text, stat ? { path: facts.path, ...stat } : facts, config);
  parsed.diagnostics = pushAll([...decoded.diagnostics], parsed.diagnostics);
  if (overScanLimit(read.bytes.length)) parsed.diagnostics.push(tooLargeDiagnostic(facts.path, read.bytes.length));
  return { result: { atom: parsed, stat }, text: decoded.text, stat: read.stat };
}

/** The whole file and the size and mtime of what was read (open, fstat, read, close: what readFileSync does, keeping the stat). */
export function readWithStat(abs: string): { bytes: Buffer; stat: ReadStat } {
  const fd = openSync(abs, "r");
  try {
    const st = fstatSync(fd);
    let bytes = Buffer.allocUnsafe(st.size + 1);
    let length = 0;
    // One byte more than the size, to see the end: a read that does not fill the buffer ended at the file's end
    // (one read per file, not a second one to find nothing); a file that grew meanwhile is read to its end.
    for (let want = bytes.length; ; want = bytes.length - length) {
      const n = readSync(fd, bytes, length, want, null);
      length += n;
      if (n < want) break;
      bytes = Buffer.concat([bytes, Buffer.allocUnsafe(bytes.length)]);
    }
    return { bytes: bytes.subarray(0, length), stat: { size: st.size, mtimeMs: st.mtimeMs } };
  } finally {
    closeSync(fd);
  }
}

/** The text of an atom file (BOM removed), or null when it cannot be read. */
export function readAtomText(vaultDir: string, path: string): string | null {
  return readTextOrNull(join(vaultDir, path))?.replace(/^\uFEFF/, "") ?? null;
}
