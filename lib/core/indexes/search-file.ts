import { CortexError } from "../errors.js";
import { INDEX_FORMAT, type SearchRecord } from "./types.js";
import { pathField, pathFromField } from "../util/text.js";

/**
 * `index/search.tsv`: the compact file search reads. After a header line,
 * one line per atom (path order) of tab-separated fields:
 *
 *   0 path, 1 lowercase path ("" when the path is lowercase already),
 *   2 updated, 3 status, 4 lowercase name, 5 lowercase project,
 *   6 tags (joined by U+001F), 7 lowercase description, 8 type,
 *   9 casing: how to get name, project and description back from their
 *     lowercase form (three parts joined by U+001F, see {@link encodeCasing}).
 *
 * Every way a keyword can score puts it in fields 0–7, lowercase, so search
 * finds candidate lines by a plain substring search over the whole file and
 * decodes only the lines it keeps; the original text is stored only where it
 * is not its lowercase form with some ASCII letters capitalized. Tabs,
 * newlines and U+001F inside values become spaces, except in the path, which
 * is JSON-quoted when it holds one (see `pathField`; its lowercase field is
 * then never empty, so scoring never reads the quoted form).
 */
export const SEARCH_FILE_HEADER = `#cortex-search\t${INDEX_FORMAT}\tv2`;

/** Field numbers of a search file line. */
export const F = { path: 0, lowerPath: 1, updated: 2, status: 3, name: 4, project: 5, tags: 6, description: 7, type: 8, casing: 9 } as const;

const SEP = "\x1f";

/** A search file of another format version: a {@link CortexError} with code `SEARCH_FORMAT`. */
export class SearchFormatError extends CortexError {
  constructor(message: string) {
    super("SEARCH_FORMAT", message);
    this.name = "SearchFormatError";
  }
}

/** The whole search file for records in path order. */
export function serializeSearchFile(records: readonly SearchRecord[]): string {
  return [...searchFileChunks(records)].join("");
}

/**
 * {@link serializeSearchFile} in pieces (one per line), made as they are
 * written: the lines of 100k atoms are never all in memory at once.
 */
export function* searchFileChunks(records: readonly SearchRecord[]): Generator<string> {
  yield `${SEARCH_FILE_HEADER}\n`;
  for (const r of records) yield `${searchFileLine(r)}\n`;
}

/** One record's line (without the newline). */
export function searchFileLine(r: SearchRecord): string {
  // The path exact (quoted when it must be); its lowercase form, which only scoring reads, cleaned.
  const path = pathField(r.path);
  const lowerPath = clean(r.path).toLowerCase();
  const [name, project, description] = [clean(r.name), clean(r.project), clean(r.description)];
  const [lowerName, lowerProject, lowerDescription] = [name.toLowerCase(), project.toLowerCase(), description.toLowerCase()];
  const casing = `${encodeCasing(name, lowerName)}${SEP}${encodeCasing(project, lowerProject)}${SEP}${encodeCasing(description, lowerDescription)}`;
  const tags = r.tags.map(clean).join(SEP);
  return [path, lowerPath === path ? "" : lowerPath, clean(r.updated), clean(r.status), lowerName, lowerProject, tags, lowerDescription, clean(r.type), casing].join("\t");
}

/**
 * How to get `value` back from `lower` (its lowercase form): "" when they are
 * equal; the comma-separated positions of the ASCII letters to capitalize when
 * that is the only difference; else "=" and the value itself.
 *
 * @example encodeCasing("Deploy to EU", "deploy to eu") // "0,10,11"
 */
export function encodeCasing(value: string, lower: string): string {
  if (value === lower) return "";
  if (value.length !== lower.length) return `=${value}`;
  const at: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === lower.charCodeAt(i)) continue;
    if (c < 65 || c > 90 || lower.charCodeAt(i) !== c + 32) return `=${value}`;
    at.push(i);
  }
  return at.join(",");
}

/** The inverse of {@link encodeCasing}. */
export function decodeCasing(lower: string, casing: string): string {
  if (casing === "") return lower;
  if (casing.charCodeAt(0) === 61) return casing.slice(1);
  let out = "";
  let from = 0;
  for (const part of casing.split(",")) {
    const i = Number(part);
    out += lower.slice(from, i) + lower[i]!.toUpperCase();
    from = i + 1;
  }
  return out + lower.slice(from);
}

/** The fields of a line: its record and the lowercase fields scoring compares. */
export interface SearchLine {
  record: SearchRecord;
  lower: { name: string; project: string; description: string; path: string };
}

/** Splits one line into its record and lowercase fields. */
export function parseSearchFileLine(line: string): SearchLine {
  const f = line.split("\t");
  const casing = (f[F.casing] ?? "").split(SEP);
  const lower = { name: f[F.name] ?? "", project: f[F.project] ?? "", description: f[F.description] ?? "", path: f[F.lowerPath] || f[F.path]! };
  const record: SearchRecord = {
    path: pathFromField(f[F.path]!),
    name: decodeCasing(lower.name, casing[0] ?? ""),
    type: f[F.type] ?? "",
    project: decodeCasing(lower.project, casing[1] ?? ""),
    status: f[F.status] ?? "",
    updated: f[F.updated] ?? "",
    tags: f[F.tags] ? f[F.tags].split(SEP) : [],
    description: decodeCasing(lower.description, casing[2] ?? ""),
  };
  return { record, lower };
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

function clean(value: string): string {
  return /[\t\n\r\x1f]/.test(value) ? value.replace(/[\t\n\r\x1f]/g, " ") : value;
}
