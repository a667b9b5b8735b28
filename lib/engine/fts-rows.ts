import { join } from "node:path";
import { decodeAtomBytes } from "../core/atoms/decode.js";
import { parseAtom } from "../core/atoms/parse.js";
import type { Atom } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { readWithStat } from "../store/read-atom.js";
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
  const { atom } = parseAtom(decoded.text, { path, mtimeMs: read.stat.mtimeMs, size: read.stat.size }, config);
  return { path, mtimeUs: Math.round(read.stat.mtimeMs * 1000), size: read.stat.size, atom, text: textFields(atom, decoded.text) };
}

/** The rows of a chunk of notes as UTF-8 JSON bytes (what a worker posts): `[path, row | null][]`. */
export function encodeSearchRows(vaultDir: string, paths: readonly string[], config: CortexConfig): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(paths.map((p) => [p, readSearchRow(vaultDir, p, config)])));
}

/** The rows {@link encodeSearchRows} encoded. */
export function decodeSearchRows(bytes: Uint8Array): [string, SearchRow | null][] {
  return JSON.parse(new TextDecoder().decode(bytes)) as [string, SearchRow | null][];
}
