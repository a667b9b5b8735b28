import type { Diagnostic } from "../core/atoms/types.js";
import { newlineCount, pathFromField } from "../core/util/text.js";

/**
 * One line of a cache text (`index/cache.tsv` without its end line) at a
 * time, read in place: no object per line. A line is
 * `mtime⇥size⇥skipped⇥diagnostics⇥path⏎`; {@link CacheCursor.moveTo} reads
 * one, and says whether it is whole (`ok`) or damaged (`bad`).
 */
export class CacheCursor {
  /** Where the line read starts in the text. */
  start = 0;
  /** Where the line after it starts. */
  next = 0;
  /** There is a well-formed line at `start`. */
  ok = false;
  /** There is a line at `start`, and it is damaged. */
  bad = false;
  /** The file was not an atom (its `skipped` flag is 1). */
  skipped = false;
  /** The diagnostics field is not the empty list (see {@link CacheCursor.diagnostics}). */
  hasDiagnostics = false;
  /** The file's mtime, in whole microseconds, and its size, as the line records them. */
  mtimeUs = -1;
  size = -1;
  private diagnosticsStart = 0;
  private pathStart = 0;
  private end = 0;

  constructor(private readonly text: string) {}

  /** Reads the line that starts at `start` (neither `ok` nor `bad` past the text's end). */
  moveTo(start: number): void {
    const text = this.text;
    this.start = start;
    this.ok = this.bad = false;
    if (start >= text.length) return;
    // One pass over the numbers and the flag; a line is `mtime⇥size⇥flag⇥diagnostics⇥path⏎`.
    let at = start;
    let mtime = 0;
    for (let d = text.charCodeAt(at) - 48; d >= 0 && d <= 9; d = text.charCodeAt(++at) - 48) mtime = mtime * 10 + d;
    const t1 = at;
    let size = 0;
    for (let d = text.charCodeAt(++at) - 48; d >= 0 && d <= 9; d = text.charCodeAt(++at) - 48) size = size * 10 + d;
    const t2 = at;
    const t3 = t2 + 2;
    const empty = text.charCodeAt(t3 + 1) === 91 && text.charCodeAt(t3 + 2) === 93 && text.charCodeAt(t3 + 3) === 9;
    const t4 = empty ? t3 + 3 : text.indexOf("\t", t3 + 1);
    const end = text.indexOf("\n", t4 + 1);
    // Every line, the last one too, ends with a newline; a line without one was cut short.
    this.bad = t1 === start || text.charCodeAt(t1) !== 9 || t2 === t1 + 1 || text.charCodeAt(t2) !== 9 || text.charCodeAt(t3) !== 9 || t4 === -1 || end === -1;
    this.ok = !this.bad;
    this.mtimeUs = mtime;
    this.size = size;
    this.skipped = text.charCodeAt(t2 + 1) === 49;
    this.hasDiagnostics = !empty;
    this.diagnosticsStart = t3 + 1;
    this.pathStart = t4 + 1;
    this.end = end;
    this.next = end + 1;
  }

  /** True when this line is of `path`, compared in place. */
  is(path: string): boolean {
    const text = this.text;
    if (text.charCodeAt(this.pathStart) === 34) return this.path() === path;
    if (this.end - this.pathStart !== path.length) return false;
    // Not startsWith(path, at): on a two-byte string that copies the substring first.
    for (let i = 0, at = this.pathStart; i < path.length; i++, at++) if (text.charCodeAt(at) !== path.charCodeAt(i)) return false;
    return true;
  }

  /** The diagnostics field, parsed; null when it is not a JSON array. */
  diagnostics(): Diagnostic[] | null {
    try {
      const value: unknown = JSON.parse(this.text.slice(this.diagnosticsStart, this.pathStart - 1));
      return Array.isArray(value) ? (value as Diagnostic[]) : null;
    } catch {
      return null;
    }
  }

  /** The path (see pathField). */
  path(): string {
    return pathFromField(this.text.slice(this.pathStart, this.end));
  }
}

// A skipped flag (`1` between the size and the diagnostics), and a diagnostics field other than the empty list (after
// either flag). JSON holds no raw tab, and a path with one is quoted: a raw tab is a field's edge, and a field that is
// one digit followed by one that starts with `[` is the flag (the size is followed by the flag, the path by a newline).
const SKIPPED_FLAG = /\t1\t\[/g;
const SOME_DIAGNOSTICS = /\t[01]\t\[(?!\]\t)/g;

/**
 * What the lines of a cache text (header line first) record, found by two
 * searches of the whole text instead of a read of each line: the number of
 * files, how many of them are not atoms, and the diagnostics, in path
 * order; null when a diagnostics field does not read back. For a text whose
 * check has held (see `readCacheFile`).
 */
export function recordedInCacheText(text: string): { files: number; skipped: number; diagnostics: Diagnostic[] } | null {
  const found = { files: newlineCount(text) - 1, skipped: text.match(SKIPPED_FLAG)?.length ?? 0, diagnostics: [] as Diagnostic[] };
  const line = new CacheCursor(text);
  for (const match of text.matchAll(SOME_DIAGNOSTICS)) {
    line.moveTo(text.lastIndexOf("\n", match.index) + 1);
    const diagnostics = line.ok ? line.diagnostics() : null;
    if (diagnostics === null) return null;
    for (const d of diagnostics) found.diagnostics.push(d);
  }
  return found;
}
