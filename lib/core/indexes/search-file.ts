import { CortexError } from "../errors.js";
import type { SearchRecord } from "./types.js";
import { parseSearchFileLine, SEARCH_FILE_HEADER } from "../formats/search.js";

/**
 * Reading `index/search.tsv` (its format, and writing it: formats/search.ts,
 * whose names are also exported here).
 */
export { decodeCasing, encodeCasing, F, parseSearchFileLine, SEARCH_FILE_HEADER, searchFileChunks, searchFileLine, serializeSearchFile, type SearchLine } from "../formats/search.js";

/** A search file of another format version: a {@link CortexError} with code `SEARCH_FORMAT`. */
export class SearchFormatError extends CortexError {
  constructor(message: string) {
    super("SEARCH_FORMAT", message);
    this.name = "SearchFormatError";
  }
}

/** True when `buf` starts with the current header. */
export function isCurrentSearchFile(buf: Buffer): boolean {
  const end = buf.indexOf(10);
  return buf.toString("utf8", 0, end === -1 ? buf.length : end) === SEARCH_FILE_HEADER;
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
