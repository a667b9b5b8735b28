import type { Diagnostic } from "../atoms/types.js";
import { pathField } from "../util/text.js";
import { headerFrame, type Frame } from "./frame.js";
import { INDEX_FORMAT } from "./version.js";

/**
 * The format of `index/cache.tsv`: a header line (format and settings), one
 * line per file of the last run, in path order —
 * `mtime (whole µs)⇥size⇥skipped⇥diagnostics (JSON)⇥path` — then an end line
 * (its line count and CRC-32, the data files' stats; see store/index-check.ts).
 * The one place its bytes are defined: the full run, the part worker and the
 * incremental run (which copies unchanged lines as they are) write through these.
 */

/** What the last index run saw of one file. */
export interface StatEntry {
  mtimeMs: number;
  size: number;
  /** The file is not an atom (binary, unreadable): it has diagnostics but no manifest entry. */
  skipped: boolean;
  diagnostics: Diagnostic[];
}

/** Vault-relative path of a data file → [size, mtime in whole µs] once written. */
export type DerivedStats = Record<string, [number, number]>;

// "/2": mtimes in whole microseconds, so a line is compared without formatting or parsing a float; "/3": the end line.
/** The start of the header line, whatever the settings. */
export const CACHE_HEADER = "#cortex-stat-cache/3";

/** The start of the end line. */
export const CACHE_TRAILER = "#end\t";

/** The cache's first line, for these settings. */
export function statCacheHeader(settingsKey: string): string {
  return `${CACHE_HEADER}\t${INDEX_FORMAT}\t${JSON.stringify(settingsKey)}\n`;
}

/** What stands around and between the lines (before the end line): the header, nothing else (each line ends with its newline). */
export function cacheFrame(settingsKey: string): Frame {
  return headerFrame(statCacheHeader(settingsKey));
}

/** An mtime in whole microseconds, as a line holds it. */
export function microseconds(mtimeMs: number): number {
  return Math.round(mtimeMs * 1000);
}

/** One file's line (with its newline). */
export function statLine(path: string, e: StatEntry): string {
  // An unknown mtime (the file could not be opened) is written as 0, which no later stat matches.
  const mtime = Number.isFinite(e.mtimeMs) && e.mtimeMs > 0 ? microseconds(e.mtimeMs) : 0;
  // Likewise an unknown size: a line must always read back (one that does not makes every run a full one).
  const size = Number.isFinite(e.size) && e.size >= 0 ? e.size : 0;
  return `${mtime}\t${size}\t${e.skipped ? 1 : 0}\t${JSON.stringify(e.diagnostics)}\t${pathField(path)}\n`;
}

/** The last line of cache.tsv: the lines before it (header included), their CRC-32, and the data files' stats. */
export function cacheTrailer(lines: number, crc32: string, stats: DerivedStats): string {
  return `${CACHE_TRAILER}${lines}\t${crc32}\t${JSON.stringify(stats)}\n`;
}
