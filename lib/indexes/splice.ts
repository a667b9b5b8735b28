import type { ManifestEntry } from "./types.js";
import { serializeManifestEntry } from "./serialize.js";
import { isCurrentSearchFile } from "../search/search-file.js";

/**
 * Pure edits of index files this tool wrote, on their bytes: incremental
 * indexing changes one atom's entry of a 60 MB manifest without decoding,
 * parsing or re-encoding the other 100k. Each returns null when the file is
 * not laid out as expected; the caller then rebuilds it from scratch.
 */

/** Byte offsets of a path's entry in manifest.json (from `  {` to `  }`). */
export function manifestEntryRange(buf: Buffer, path: string): [number, number] | null {
  const at = buf.indexOf(`\n  {\n    "path": ${JSON.stringify(path)},\n`);
  if (at === -1) return null;
  const end = buf.indexOf("\n  }", at + 1);
  return end === -1 ? null : [at + 1, end + 4];
}

/** The entry of `path` in manifest.json, parsed; null when absent. */
export function readManifestEntry(buf: Buffer, path: string): ManifestEntry | null {
  const range = manifestEntryRange(buf, path);
  return range ? (JSON.parse(buf.toString("utf8", range[0], range[1])) as ManifestEntry) : null;
}

/** manifest.json with the entry of `entry.path` replaced. */
export function replaceManifestEntry(buf: Buffer, entry: ManifestEntry): Buffer | null {
  const range = manifestEntryRange(buf, entry.path);
  return range ? Buffer.concat([buf.subarray(0, range[0]), Buffer.from(serializeManifestEntry(entry)), buf.subarray(range[1])]) : null;
}

/** Byte offsets of the line of `path` in search.tsv (the end excludes the newline). */
export function searchLineRange(buf: Buffer, path: string): [number, number] | null {
  const at = buf.indexOf(`\n${path}\t`);
  if (at === -1) return null;
  const end = buf.indexOf(10, at + 1);
  return [at + 1, end === -1 ? buf.length : end];
}

/** search.tsv with the line of `path` replaced by `line` (the same buffer when the line is unchanged); null for a file of another format version. */
export function replaceSearchLine(buf: Buffer, path: string, line: string): Buffer | null {
  if (!isCurrentSearchFile(buf)) return null;
  const range = searchLineRange(buf, path);
  if (!range) return null;
  const bytes = Buffer.from(line);
  if (bytes.equals(buf.subarray(range[0], range[1]))) return buf;
  return Buffer.concat([buf.subarray(0, range[0]), bytes, buf.subarray(range[1])]);
}

/** The targets of `path` in graph.json: [] when it has no entry. */
export function readGraphTargets(buf: Buffer, path: string): string[] {
  const key = `\n  ${JSON.stringify(path)}: [`;
  const at = buf.indexOf(key);
  if (at === -1) return [];
  const open = at + Buffer.byteLength(key) - 1;
  if (buf[open + 1] === 0x5d) return [];
  const end = buf.indexOf("\n  ]", open);
  return end === -1 ? [] : (JSON.parse(buf.toString("utf8", open, end + 4)) as string[]);
}
