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
  const first = text.indexOf("\n") + 1;
  if (first === 0 || (text.length > first && text.charCodeAt(text.length - 1) !== 10)) return null;
  // The line of each told path that has one, by its start; a new file by the start of the line it goes before.
  const told = new Map<number, string>();
  const inserted = new Map<number, VaultFile[]>();
  for (const [path, file] of [...changed].sort(([a], [b]) => compareStrings(a, b))) {
    const at = text.indexOf(`\t${pathField(path)}\n`, first);
    if (at !== -1) told.set(text.lastIndexOf("\n", at) + 1, path);
    else if (file !== null) {
      const place = firstLineAfter(text, first, path);
      inserted.set(place, [...(inserted.get(place) ?? []), file]);
    }
  }
  const marks = [...new Set([...told.keys(), ...inserted.keys()])].sort((a, b) => a - b);
  const c: CacheComparison = { changed: [], kept: new Int32Array(0), keptAtoms: 0, keptDiagnostics: [], wasAtom: new Map(), removed: [] };
  const files: VaultFile[] = [];
  const kept: number[] = [];
  const add = (file: VaultFile, at: number) => {
    files.push(file);
    kept.push(at);
    if (at < 0) c.changed.push(file);
  };
  let mark = 0;
  for (let start = first; start < text.length; start = text.indexOf("\n", start) + 1) {
    // A line is `mtime⇥size⇥flag⇥diagnostics⇥path⏎`; the flag is one character.
    const t2 = text.indexOf("\t", text.indexOf("\t", start) + 1);
    if (t2 === -1 || text.charCodeAt(t2 + 2) !== 9) return null;
    const skipped = text.charCodeAt(t2 + 1) === 49;
    if (start === marks[mark]) {
      mark++;
      for (const file of inserted.get(start) ?? []) add(file, -1);
      const path = told.get(start);
      if (path !== undefined) {
        const now = changed.get(path)!;
        if (now === null) c.removed.push({ path, wasAtom: !skipped });
        else {
          add(now, -1);
          c.wasAtom.set(path, !skipped);
        }
        continue;
      }
    }
    // Diagnostics other than `[]`: read back, or the cache is not read this way.
    if (text.charCodeAt(t2 + 3) !== 91 || text.charCodeAt(t2 + 4) !== 93 || text.charCodeAt(t2 + 5) !== 9) {
      const diagnostics = parseDiagnostics(text.slice(t2 + 3, text.indexOf("\t", t2 + 3)));
      if (!diagnostics) return null;
      for (const d of diagnostics) c.keptDiagnostics.push(d);
    }
    add(UNCHANGED, start);
    if (!skipped) c.keptAtoms++;
  }
  for (const file of inserted.get(text.length) ?? []) add(file, -1);
  c.kept = Int32Array.from(kept);
  return { files, comparison: c };
}

// The start of the first line whose path sorts after `path` (none is equal), or the text's end: a binary search
// over the text's offsets, each probe read at the first line that starts at or after it.
function firstLineAfter(text: string, first: number, path: string): number {
  const lineAt = (at: number) => (at <= first ? first : text.indexOf("\n", at - 1) + 1 || text.length);
  let lo = first;
  let hi = text.length;
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    const start = lineAt(mid);
    if (start >= hi) hi = mid;
    else if (compareStrings(pathAt(text, start), path) < 0) lo = start + 1;
    else hi = start;
  }
  return lineAt(lo);
}

// The path of the line at `start` (its last field).
function pathAt(text: string, start: number): string {
  const end = text.indexOf("\n", start);
  return pathFromField(text.slice(text.lastIndexOf("\t", end) + 1, end));
}

function parseDiagnostics(field: string): Diagnostic[] | null {
  try {
    const value: unknown = JSON.parse(field);
    return Array.isArray(value) ? (value as Diagnostic[]) : null;
  } catch {
    return null;
  }
}
