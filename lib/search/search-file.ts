import { INDEX_FORMAT } from "../indexes/types.js";
import type { SearchRecord } from "./types.js";

/**
 * `index/search.tsv`: the compact file search reads. After a header line,
 * one line per atom (path order) of tab-separated fields:
 * path, key, name, type, project, status, updated, tags, description —
 * where key is `name␟project␟description␟path` lowercased and tags are
 * joined by U+001F. Every way a keyword can score puts it, lowercased, in the
 * line, so search finds candidate lines by a byte search over the raw file
 * and decodes only those. Tabs, newlines and U+001F inside values become spaces.
 */
export const SEARCH_FILE_HEADER = `#cortex-search\t${INDEX_FORMAT}`;

const SEP = "\x1f";

/** Thrown for a search file of another format version. */
export class SearchFormatError extends Error {}

/** The whole search file for records in path order. */
export function serializeSearchFile(records: readonly SearchRecord[]): string {
  return searchFileChunks(records).join("");
}

/** {@link serializeSearchFile} in pieces (one per line), to be written without joining. */
export function searchFileChunks(records: readonly SearchRecord[]): string[] {
  const chunks = [`${SEARCH_FILE_HEADER}\n`];
  for (const r of records) chunks.push(`${searchFileLine(r)}\n`);
  return chunks;
}

/** One record's line (without the newline). */
export function searchFileLine(r: SearchRecord): string {
  const key = `${clean(r.name)}${SEP}${clean(r.project)}${SEP}${clean(r.description)}${SEP}${clean(r.path)}`.toLowerCase();
  const tags = r.tags.map(clean).join(SEP);
  return [clean(r.path), key, clean(r.name), clean(r.type), clean(r.project), clean(r.status), clean(r.updated), tags, clean(r.description)].join("\t");
}

/** The fields of a line, split; `key` lowercase as [name, project, description, path]. */
export interface SearchLine {
  record: SearchRecord;
  key: string[];
}

/** Splits one line into its record and lowercase key. */
export function parseSearchFileLine(line: string): SearchLine {
  const f = line.split("\t");
  const record: SearchRecord = { path: f[0]!, name: f[2]!, type: f[3]!, project: f[4]!, status: f[5]!, updated: f[6]!, tags: f[7] ? f[7].split(SEP) : [], description: f[8] ?? "" };
  return { record, key: f[1]!.split(SEP) };
}

/** Checks the header; returns the offset of the first line. @throws SearchFormatError */
export function searchFileStart(buf: Buffer): number {
  const end = buf.indexOf(10);
  const header = buf.toString("utf8", 0, end === -1 ? buf.length : end);
  if (header !== SEARCH_FILE_HEADER) throw new SearchFormatError(`search index header ${JSON.stringify(header.slice(0, 40))}, expected ${JSON.stringify(SEARCH_FILE_HEADER)}`);
  return end === -1 ? buf.length : end + 1;
}

/** Every record of a search file, in file (path) order. @throws SearchFormatError */
export function readSearchFile(buf: Buffer): SearchRecord[] {
  return lineRanges(buf, searchFileStart(buf)).map(([s, e]) => parseSearchFileLine(buf.toString("utf8", s, e)).record);
}

/** [start, end) of every line from `from` on. */
export function lineRanges(buf: Buffer, from: number): [number, number][] {
  const ranges: [number, number][] = [];
  let pos = from;
  while (pos < buf.length) {
    let end = buf.indexOf(10, pos);
    if (end === -1) end = buf.length;
    if (end > pos) ranges.push([pos, end]);
    pos = end + 1;
  }
  return ranges;
}

/**
 * [start, end) of the lines that contain at least one keyword's bytes, in
 * file order; null when a keyword could straddle fields (contains a tab,
 * U+001F or a newline), and every line must be scored.
 */
export function candidateLines(buf: Buffer, from: number, keywords: readonly string[]): [number, number][] | null {
  if (keywords.some((k) => /[\t\n\r\x1f]/.test(k))) return null;
  const found = new Map<number, number>();
  for (const keyword of keywords) {
    const needle = Buffer.from(keyword);
    let at = buf.indexOf(needle, from);
    while (at !== -1) {
      const start = buf.lastIndexOf(10, at) + 1;
      let end = buf.indexOf(10, at);
      if (end === -1) end = buf.length;
      found.set(start, end);
      at = buf.indexOf(needle, end);
    }
  }
  return [...found].sort((a, b) => a[0] - b[0]);
}

function clean(value: string): string {
  return /[\t\n\r\x1f]/.test(value) ? value.replace(/[\t\n\r\x1f]/g, " ") : value;
}
