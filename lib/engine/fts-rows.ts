import { join } from "node:path";
import { decodeAtomBytes } from "../core/atoms/decode.js";
import { parseAtom } from "../core/atoms/parse.js";
import type { Atom } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { readAtomAndText, readWithStat, type ReadJob, type ReadResult, type ReadStat } from "../store/read-atom.js";
import { textFields, type TextFields } from "../core/fts/fields.js";

/** One note as `search.db` stores it: the file version read, the atom, its text fields. */
export interface SearchRow {
  path: string;
  /** mtime of the bytes read, whole microseconds. */
  mtimeUs: number;
  size: number;
  atom: Atom;
  text: TextFields;
}

/**
 * Reads a note and makes its row: parsed as the index parses it, text split
 * into fields. Null when the file cannot be read or is not text (binary).
 */
export function readSearchRow(vaultDir: string, path: string, config: CortexConfig): SearchRow | null {
  let read: ReturnType<typeof readWithStat>;
  try {
    read = readWithStat(join(vaultDir, path));
  } catch {
    return null;
  }
  const decoded = decodeAtomBytes(read.bytes, path);
  if (!decoded.ok) return null;
  return searchRowOf(path, decoded.text, read.stat, config);
}

/**
 * A note's row from its decoded text and the stat of the bytes read.
 * `parsed`: the atom already parsed from this same text and stat, reused
 * instead of parsing again.
 */
export function searchRowOf(path: string, text: string, stat: ReadStat, config: CortexConfig, parsed?: Atom): SearchRow {
  const atom = parsed ?? parseAtom(text, { path, mtimeMs: stat.mtimeMs, size: stat.size }, config).atom;
  return { path, mtimeUs: Math.round(stat.mtimeMs * 1000), size: stat.size, atom, text: textFields(atom, text) };
}

/**
 * Reads and parses files for the index ({@link readAtomAndText}) and makes
 * the full-text row of every atom from the same read: what
 * {@link readSearchRow} would make of it, the parse done once.
 */
export function readAtomsAndRows(jobs: readonly ReadJob[], config: CortexConfig): { results: ReadResult[]; rows: SearchRow[] } {
  const results: ReadResult[] = [];
  const rows: SearchRow[] = [];
  for (const job of jobs) {
    const { result, text, stat } = readAtomAndText(job.abs, job, config);
    results.push(result);
    if (!result.atom || text === undefined || !stat) continue;
    // The index parsed a stray NUL as a space, and a scan's stat when it had one: the row's atom is then parsed again.
    const same = !text.includes("\u0000") && (Number.isNaN(job.mtimeMs) || (job.mtimeMs === stat.mtimeMs && job.size === stat.size));
    rows.push(searchRowOf(job.path, text, stat, config, same ? result.atom.atom : undefined));
  }
  return { results, rows };
}
