import type { ManifestEntry } from "./types.js";
import { serializeManifestEntry } from "./serialize.js";

/**
 * Pure edits of index texts this tool wrote, used by incremental indexing to
 * change one atom's entry without parsing and re-serializing 100k others.
 * Each returns null when the text is not laid out as expected; the caller
 * then rebuilds the file from scratch.
 */

/** Start and end offsets of a path's entry in manifest.json (from `  {` to `  }`). */
export function manifestEntryRange(text: string, path: string): [number, number] | null {
  const at = text.indexOf(`\n  {\n    "path": ${JSON.stringify(path)},\n`);
  if (at === -1) return null;
  const end = text.indexOf("\n  }", at + 1);
  return end === -1 ? null : [at + 1, end + 4];
}

/** The entry of `path` in manifest.json text, parsed; null when absent. */
export function readManifestEntry(text: string, path: string): ManifestEntry | null {
  const range = manifestEntryRange(text, path);
  return range ? (JSON.parse(text.slice(range[0], range[1])) as ManifestEntry) : null;
}

/** manifest.json text with the entry of `entry.path` replaced. */
export function replaceManifestEntry(text: string, entry: ManifestEntry): string | null {
  const range = manifestEntryRange(text, entry.path);
  return range ? text.slice(0, range[0]) + serializeManifestEntry(entry) + text.slice(range[1]) : null;
}

/** Start and end offsets of the line of `path` in search.tsv (end excludes the newline). */
export function searchLineRange(text: string, path: string): [number, number] | null {
  const at = text.indexOf(`\n${path}\t`);
  if (at === -1) return null;
  const end = text.indexOf("\n", at + 1);
  return [at + 1, end === -1 ? text.length : end];
}

/** search.tsv text with the line of `path` replaced by `line`. */
export function replaceSearchLine(text: string, path: string, line: string): string | null {
  const range = searchLineRange(text, path);
  return range ? text.slice(0, range[0]) + line + text.slice(range[1]) : null;
}

/** The targets of `path` in graph.json text: [] when it has no entry. */
export function readGraphTargets(text: string, path: string): string[] {
  const key = `\n  ${JSON.stringify(path)}: [`;
  const at = text.indexOf(key);
  if (at === -1) return [];
  const open = at + key.length - 1;
  if (text.startsWith("[]", open)) return [];
  const end = text.indexOf("\n  ]", open);
  return end === -1 ? [] : (JSON.parse(text.slice(open, end + 4)) as string[]);
}
