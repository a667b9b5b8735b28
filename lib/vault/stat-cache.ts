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

const HEADER = "#cortex-cache";

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
      const [path, mtime, size, skipped, diagnostics] = line.split("\t") as [string, string, string, string, string];
      entries.set(JSON.parse(path) as string, {
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
    out += `${JSON.stringify(path)}\t${e.mtimeMs}\t${e.size}\t${e.skipped ? 1 : 0}\t${JSON.stringify(e.diagnostics)}\n`;
  }
  return out;
}
