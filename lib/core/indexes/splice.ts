import type { ManifestEntry } from "./types.js";
import { MANIFEST_ENTRY_END, manifestEntryStart, manifestEntryText } from "../formats/manifest.js";
import { isCurrentSearchFile } from "./search-file.js";
import { searchLineStart } from "../formats/search.js";
import { GROUP_LIST_FRAME, groupMemberStart } from "../formats/groups.js";

/**
 * Pure edits of index files this tool wrote, on their bytes: incremental
 * indexing changes one atom's entry of a 60 MB manifest without decoding,
 * parsing or re-encoding the other 100k. Each returns null when the file is
 * not laid out as expected; the caller then rebuilds it from scratch.
 */

/** Byte offsets of a path's entry in manifest.json (from `  {` to `  }`). */
export function manifestEntryRange(buf: Buffer, path: string): [number, number] | null {
  const at = buf.indexOf(manifestEntryStart(path));
  if (at === -1) return null;
  const end = buf.indexOf(MANIFEST_ENTRY_END, at + 1);
  return end === -1 ? null : [at + 1, end + MANIFEST_ENTRY_END.length];
}

/** The entry of `path` in manifest.json, parsed; null when absent. */
export function readManifestEntry(buf: Buffer, path: string): ManifestEntry | null {
  const range = manifestEntryRange(buf, path);
  return range ? (JSON.parse(buf.toString("utf8", range[0], range[1])) as ManifestEntry) : null;
}

/** A replacement of bytes [start, end) of a file by `bytes`. */
export interface ByteEdit {
  start: number;
  end: number;
  bytes: Buffer;
}

/** The edit of manifest.json that replaces the entry of `entry.path`; null when it has none. */
export function manifestEntryEdit(buf: Buffer, entry: ManifestEntry): ByteEdit | null {
  const range = manifestEntryRange(buf, entry.path);
  return range ? { start: range[0], end: range[1], bytes: Buffer.from(manifestEntryText(entry)) } : null;
}

/**
 * A file's bytes after edits of non-overlapping ranges of it, as pieces to be
 * written one after another (slices of `buf` and the new bytes: nothing of a
 * 60 MB file is copied).
 */
export function splicedPieces(buf: Buffer, edits: readonly ByteEdit[]): Buffer[] {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    pieces.push(buf.subarray(at, edit.start), edit.bytes);
    at = edit.end;
  }
  pieces.push(buf.subarray(at));
  return pieces;
}

/** Byte offsets of the line of `path` in search.tsv (the end excludes the newline). */
export function searchLineRange(buf: Buffer, path: string): [number, number] | null {
  const at = buf.indexOf(searchLineStart(path));
  if (at === -1) return null;
  const end = buf.indexOf(10, at + 1);
  return [at + 1, end === -1 ? buf.length : end];
}

/**
 * The edit of search.tsv that replaces the line of `path` by `line`; "same"
 * when the line is unchanged; null for a file of another format version or
 * without that line.
 */
export function searchLineEdit(buf: Buffer, path: string, line: string): ByteEdit | "same" | null {
  if (!isCurrentSearchFile(buf)) return null;
  const range = searchLineRange(buf, path);
  if (!range) return null;
  const bytes = Buffer.from(line);
  return bytes.equals(buf.subarray(range[0], range[1])) ? "same" : { start: range[0], end: range[1], bytes };
}

/** The targets of `path` in graph.json: [] when it has no entry. */
export function readGraphTargets(buf: Buffer, path: string): string[] {
  const key = groupMemberStart(path);
  const at = buf.indexOf(key);
  if (at === -1) return [];
  const open = at + Buffer.byteLength(key) - 1;
  if (buf[open + 1] === 0x5d) return [];
  const end = buf.indexOf(GROUP_LIST_FRAME.close, open);
  return end === -1 ? [] : (JSON.parse(buf.toString("utf8", open, end + GROUP_LIST_FRAME.close.length)) as string[]);
}
