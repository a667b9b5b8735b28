import type { ManifestEntry } from "../indexes/types.js";
import { INDEX_FORMAT } from "../indexes/types.js";
import type { SearchRecord } from "./types.js";

/**
 * Serializes the compact search file `index/search.jsonl`: a header line
 * `{"format":1,"atoms":N}`, then one JSON array per atom,
 * `[path, name, type, project, status, updated, tags, description]`, in
 * manifest (path) order. Derived from the manifest; about half its size, and
 * readable line by line so a search parses only the lines that can match.
 */
export function serializeSearchRecords(manifest: readonly ManifestEntry[]): string {
  const lines = [searchHeader(manifest.length)];
  for (const e of manifest) lines.push(searchLine(e));
  return `${lines.join("\n")}\n`;
}

/** The header line of search.jsonl. */
export function searchHeader(atoms: number): string {
  return JSON.stringify({ format: INDEX_FORMAT, atoms });
}

/** The line of one atom in search.jsonl. */
export function searchLine(e: SearchRecord): string {
  return JSON.stringify([e.path, e.name, e.type, e.project, e.status, e.updated, e.tags, e.description]);
}

/** Thrown by {@link parseSearchRecords} for a file of another format version. */
export class SearchFormatError extends Error {}

/**
 * Parses `index/search.jsonl`. With `keywords` (lowercase), only lines that
 * contain at least one keyword are parsed: every way a keyword can score
 * (name, tag, project, description, path) puts it in the line, so no
 * scoring atom is skipped.
 *
 * @throws SearchFormatError when the header names another format version.
 */
export function parseSearchRecords(text: string, keywords?: readonly string[]): SearchRecord[] {
  const headerEnd = text.indexOf("\n");
  const header = JSON.parse(headerEnd === -1 ? text : text.slice(0, headerEnd)) as { format?: unknown };
  if (header.format !== INDEX_FORMAT) throw new SearchFormatError(`search index format ${String(header.format)}, expected ${INDEX_FORMAT}`);
  const starts = keywords && keywords.length > 0 ? candidateLines(text, keywords, headerEnd + 1) : null;
  const records: SearchRecord[] = [];
  if (starts === null) {
    let pos = headerEnd + 1;
    while (pos > 0 && pos < text.length) {
      const end = text.indexOf("\n", pos);
      records.push(toRecord(text.slice(pos, end === -1 ? text.length : end)));
      pos = end + 1;
    }
    return records;
  }
  for (const start of starts) {
    const end = text.indexOf("\n", start);
    records.push(toRecord(text.slice(start, end === -1 ? text.length : end)));
  }
  return records;
}

// Start offsets of lines containing any keyword, in file order; null when the
// shortcut is not safe (lowercasing changed offsets, or a keyword needs JSON escaping).
function candidateLines(text: string, keywords: readonly string[], from: number): number[] | null {
  if (keywords.some((k) => /["\\\u0000-\u001f]/.test(k))) return null;
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return null;
  const starts = new Set<number>();
  for (const keyword of keywords) {
    let at = lower.indexOf(keyword, from);
    while (at !== -1) {
      const start = lower.lastIndexOf("\n", at) + 1;
      starts.add(start);
      const end = lower.indexOf("\n", at);
      if (end === -1) break;
      at = lower.indexOf(keyword, end);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

function toRecord(line: string): SearchRecord {
  const [path, name, type, project, status, updated, tags, description] = JSON.parse(line) as [string, string, string, string, string, string, string[], string];
  return { path, name, type, project, status, updated, tags, description };
}
