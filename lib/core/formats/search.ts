import type { LayerEntry } from "../layers/types.js";
import { pathField, pathFromField } from "../util/text.js";
import { framedPieces, headerFrame, type Frame } from "./frame.js";
import { INDEX_FORMAT } from "./version.js";

/** The fields of an atom search needs: what `index/search.tsv` stores per atom. */
export interface SearchRecord extends LayerEntry {
  description: string;
}

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

/** What stands around and between the lines: the header line, nothing else (each line ends with its newline). */
export const SEARCH_FRAME: Frame = Object.freeze(headerFrame(`${SEARCH_FILE_HEADER}\n`));

/** The bytes that start the line of `path`, after the previous line's newline: lines are found by it. */
export function searchLineStart(path: string): string {
  return `\n${pathField(path)}\t`;
}

/** One record's line as it stands in the file, with its newline (a line inserted goes at another line's start). */
export function searchLineText(r: SearchRecord): string {
  return `${searchFileLine(r)}\n`;
}

/** Consecutive records' lines as they stand in the file; "" for none. */
export function searchLinesText(records: readonly SearchRecord[]): string {
  return records.map(searchLineText).join("");
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
  yield* framedPieces(SEARCH_FRAME, lines(records));
}

function* lines(records: readonly SearchRecord[]): Generator<string> {
  for (const r of records) yield searchLineText(r);
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

function clean(value: string): string {
  return /[\t\n\r\x1f]/.test(value) ? value.replace(/[\t\n\r\x1f]/g, " ") : value;
}
