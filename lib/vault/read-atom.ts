import { readFileSync } from "node:fs";
import { decodeAtomBytes } from "../atoms/decode.js";
import { parseAtom } from "../atoms/parse.js";
import type { Diagnostic, ParsedAtom } from "../atoms/types.js";
import type { CortexConfig } from "../config/types.js";

/** A file to read: absolute path plus the facts the parser needs. */
export interface ReadJob {
  abs: string;
  path: string;
  mtimeMs: number;
  size: number;
}

/** An atom, or why the file is not one. */
export type ReadResult = { atom: ParsedAtom; diagnostic?: undefined } | { atom?: undefined; diagnostic: Diagnostic };

/** Reads and parses one file; a binary or unreadable file gives a diagnostic instead of an atom. */
export function readAtomFile(abs: string, facts: { path: string; mtimeMs: number; size: number }, config: CortexConfig): ReadResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    return { diagnostic: { file: facts.path, line: 1, rule: "unreadable", message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, severity: "error" } };
  }
  const decoded = decodeAtomBytes(bytes, facts.path);
  if (!decoded.ok) return { diagnostic: decoded.diagnostic };
  const parsed = parseAtom(decoded.text, facts, config);
  parsed.diagnostics.unshift(...decoded.diagnostics);
  return { atom: parsed };
}

/** Reads every job in order. */
export function readAtomFiles(jobs: readonly ReadJob[], config: CortexConfig): ReadResult[] {
  return jobs.map((job) => readAtomFile(job.abs, job, config));
}
