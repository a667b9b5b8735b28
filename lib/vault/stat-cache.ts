import { readFileSync } from "node:fs";
import type { Diagnostic } from "../atoms/types.js";
import { INDEX_FORMAT } from "../indexes/types.js";

/** What the last index run saw of one file. */
export interface StatEntry {
  mtimeMs: number;
  size: number;
  /** The file is not an atom (binary, unreadable): it has diagnostics but no manifest entry. */
  skipped: boolean;
  diagnostics: Diagnostic[];
}

/**
 * `index/cache.tsv`: per file its mtime, size and diagnostics, so that an
 * incremental run knows what changed without reading unchanged files. The
 * atoms themselves are not cached here: manifest.json and graph.json hold them.
 * Machine-local (mtimes), hence listed in index/.gitignore.
 */
export interface StatCache {
  settingsKey: string;
  entries: Map<string, StatEntry>;
}

const HEADER = "#cortex-stat-cache";

// The path, last on its line: as is, or JSON-quoted when it has a tab, a line break or a leading quote.
function pathField(path: string): string {
  return /[\t\n\r]/.test(path) || path.startsWith('"') ? JSON.stringify(path) : path;
}

/** Reads the stat cache; null when it is missing, unreadable, of another format or other settings. */
export function readStatCache(file: string, settingsKey: string): StatCache | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const lines = text.split("\n");
  if (lines[0] !== `${HEADER}\t${INDEX_FORMAT}\t${JSON.stringify(settingsKey)}`) return null;
  const entries = new Map<string, StatEntry>();
  try {
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      if (!line) continue;
      const t1 = line.indexOf("\t");
      const t2 = line.indexOf("\t", t1 + 1);
      const t3 = line.indexOf("\t", t2 + 1);
      const t4 = line.indexOf("\t", t3 + 1);
      const [mtime, size, skipped, diagnostics, path] = [line.slice(0, t1), line.slice(t1 + 1, t2), line.slice(t2 + 1, t3), line.slice(t3 + 1, t4), line.slice(t4 + 1)];
      if (t4 === -1) return null;
      entries.set(path.startsWith('"') ? (JSON.parse(path) as string) : path, {
        mtimeMs: Number(mtime),
        size: Number(size),
        skipped: skipped === "1",
        diagnostics: diagnostics === "[]" ? [] : (JSON.parse(diagnostics) as Diagnostic[]),
      });
    }
  } catch {
    return null;
  }
  return { settingsKey, entries };
}

/** Serializes the stat cache; `paths` gives the (sorted) order. */
export function serializeStatCache(cache: StatCache, paths: Iterable<string>): string {
  let out = `${HEADER}\t${INDEX_FORMAT}\t${JSON.stringify(cache.settingsKey)}\n`;
  for (const path of paths) {
    const e = cache.entries.get(path)!;
    out += `${e.mtimeMs}\t${e.size}\t${e.skipped ? 1 : 0}\t${JSON.stringify(e.diagnostics)}\t${pathField(path)}\n`;
  }
  return out;
}
