import { readFileSync } from "node:fs";
import type { ParsedAtom } from "../atoms/types.js";
import { INDEX_FORMAT } from "../indexes/types.js";

/** One cached file: the facts that tell whether it changed, and what parsing it gave. */
export interface CacheEntry {
  mtimeMs: number;
  size: number;
  parsed: ParsedAtom;
}

/** The incremental-index cache: path → entry, valid for one settings key. */
export interface IndexCache {
  settingsKey: string;
  entries: Map<string, CacheEntry>;
}

/**
 * Reads `index/cache.jsonl`; an empty cache when it is missing, from another
 * format version or other settings, or unreadable (it is only a cache).
 */
export function readCache(file: string, settingsKey: string): IndexCache {
  const empty: IndexCache = { settingsKey, entries: new Map() };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return empty;
  }
  const lines = text.split("\n");
  try {
    const header = JSON.parse(lines[0]!) as { format?: number; settings?: string };
    if (header.format !== INDEX_FORMAT || header.settings !== settingsKey) return empty;
    for (let i = 1; i < lines.length; i++) {
      if (!lines[i]) continue;
      const [path, mtimeMs, size, parsed] = JSON.parse(lines[i]!) as [string, number, number, ParsedAtom];
      // An entry written before `codeRefs` existed is re-read rather than trusted.
      if (Array.isArray(parsed.codeRefs)) empty.entries.set(path, { mtimeMs, size, parsed });
    }
  } catch {
    return { settingsKey, entries: new Map() };
  }
  return empty;
}

/** Serializes the cache, entries in the given (path) order. */
export function serializeCache(settingsKey: string, paths: readonly string[], entries: ReadonlyMap<string, CacheEntry>): string {
  const lines = [JSON.stringify({ format: INDEX_FORMAT, settings: settingsKey })];
  for (const path of paths) {
    const e = entries.get(path)!;
    lines.push(JSON.stringify([path, e.mtimeMs, e.size, e.parsed]));
  }
  return `${lines.join("\n")}\n`;
}
