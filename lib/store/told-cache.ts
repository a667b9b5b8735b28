import type { Diagnostic } from "../core/atoms/types.js";
import { compareStrings } from "../core/util/compare.js";
import { pathField, pathFromField } from "../core/util/text.js";
import type { CacheComparison } from "./stat-cache.js";
import type { VaultFile } from "./scan.js";

/** How {@link compareWithChanged} lists an unchanged file: its cache line (its offset in `kept`) stands for it. */
const UNCHANGED: VaultFile = Object.freeze({ path: "", abs: "", size: 0, mtimeMs: 0 });

/**
 * `compareWithCache` for a run told which files changed (`changed`: path →
 * the file as it is now, null when gone) instead of scanning: every other
 * file of the cache is taken as unchanged. The told paths are found by a
 * search for their lines (a new one by a binary search over the lines, which
 * are in path order), and the other lines are walked without reading their
 * paths or stamps. Returns the files a scan would have listed, in path
 * order, each unchanged one as a shared placeholder (no path: its line's
 * offset in `kept` stands for it, which is all an index run reads of it), and
 * the comparison; null when a line is damaged or its diagnostics do not read
 * back (a scan follows).
 */
export function compareWithChanged(text: string, changed: ReadonlyMap<string, VaultFile | null>): { files: VaultFile[]; comparison: CacheComparison } | null {
  const starts = lineStarts(text);
  if (!starts) return null;
  const told = new Map<number, string>();
  const inserted = new Map<number, VaultFile[]>();
  for (const [path, file] of [...changed].sort(([a], [b]) => compareStrings(a, b))) {
    const at = starts.length === 0 ? -1 : text.indexOf(`\t${pathField(path)}\n`, starts[0]);
    if (at !== -1) told.set(text.lastIndexOf("\n", at) + 1, path);
    else if (file !== null) {
      const place = firstLineAfter(text, starts, path);
      inserted.set(place, [...(inserted.get(place) ?? []), file]);
    }
  }
  const c: CacheComparison = { changed: [], kept: new Int32Array(0), keptAtoms: 0, keptDiagnostics: [], wasAtom: new Map(), removed: [] };
  const files: VaultFile[] = [];
  const kept: number[] = [];
  const add = (file: VaultFile, at: number) => {
    files.push(file);
    kept.push(at);
    if (at < 0) c.changed.push(file);
  };
  for (const start of starts) {
    for (const file of inserted.get(start) ?? []) add(file, -1);
    const line = fieldsAt(text, start);
    if (!line) return null;
    const path = told.get(start);
    if (path !== undefined) {
      const now = changed.get(path)!;
      if (now === null) c.removed.push({ path, wasAtom: !line.skipped });
      else {
        add(now, -1);
        c.wasAtom.set(path, !line.skipped);
      }
      continue;
    }
    if (line.diagnostics !== null) {
      const diagnostics = parseDiagnostics(text.slice(line.diagnostics[0], line.diagnostics[1]));
      if (!diagnostics) return null;
      for (const d of diagnostics) c.keptDiagnostics.push(d);
    }
    add(UNCHANGED, start);
    if (!line.skipped) c.keptAtoms++;
  }
  for (const file of inserted.get(text.length) ?? []) add(file, -1);
  c.kept = Int32Array.from(kept);
  return { files, comparison: c };
}

// The start of every line after the header; null when the last one has no newline (cut short).
function lineStarts(text: string): number[] | null {
  const starts: number[] = [];
  let at = text.indexOf("\n") + 1;
  if (at === 0) return text.length === 0 ? starts : null;
  for (; at < text.length; ) {
    starts.push(at);
    const end = text.indexOf("\n", at);
    if (end === -1) return null;
    at = end + 1;
  }
  return starts;
}

// The start of the first line whose path sorts after `path` (none is equal), or the text's end.
function firstLineAfter(text: string, starts: readonly number[], path: string): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareStrings(pathAt(text, starts[mid]!), path) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < starts.length ? starts[lo]! : text.length;
}

// The path of the line at `start` (its last field).
function pathAt(text: string, start: number): string {
  const end = text.indexOf("\n", start);
  return pathFromField(text.slice(text.lastIndexOf("\t", end) + 1, end));
}

// A line `mtime⇥size⇥flag⇥diagnostics⇥path⏎`: its flag, and where its diagnostics are when not `[]`; null when damaged.
function fieldsAt(text: string, start: number): { skipped: boolean; diagnostics: [number, number] | null } | null {
  const end = text.indexOf("\n", start);
  const t1 = text.indexOf("\t", start);
  const t2 = t1 === -1 ? -1 : text.indexOf("\t", t1 + 1);
  const t3 = t2 + 2;
  if (t1 <= start || t2 <= t1 + 1 || text.charCodeAt(t3) !== 9 || t3 >= end) return null;
  const empty = text.startsWith("[]\t", t3 + 1);
  const t4 = empty ? t3 + 3 : text.indexOf("\t", t3 + 1);
  if (t4 === -1 || t4 >= end) return null;
  return { skipped: text.charCodeAt(t2 + 1) === 49, diagnostics: empty ? null : [t3 + 1, t4] };
}

function parseDiagnostics(field: string): Diagnostic[] | null {
  try {
    const value: unknown = JSON.parse(field);
    return Array.isArray(value) ? (value as Diagnostic[]) : null;
  } catch {
    return null;
  }
}
