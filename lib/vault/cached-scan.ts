import { lstatSync } from "node:fs";
import { join } from "node:path";
import { compareStrings } from "../util/compare.js";
import type { VaultScan, VaultFile } from "./scan.js";
import { readCachedFiles } from "./stat-cache.js";

/**
 * The scan an index run would make, told instead by the last run's cache
 * (`cacheText`, see `readStatCache`) and a stat of the `changed` files only:
 * every other file is taken to be as the cache records it, so a run given
 * this scan re-reads the changed files and nothing else. A changed path that
 * is gone, or is no plain markdown file, is left out (a removal). What it
 * cannot know: files changed, added or removed elsewhere since the last run
 * (the next scanning run finds them, the cache still holding their old
 * stamps), and the other files and skipped entries a real scan lists
 * (`others` and `skipped` are empty). The `abs` of an unchanged file is empty:
 * an index run never reads one.
 */
export function cachedScan(vaultDir: string, cacheText: string, changed: readonly string[]): VaultScan {
  const wanted = new Set(changed);
  const files: VaultFile[] = [];
  for (const f of readCachedFiles(cacheText)) if (!wanted.has(f.path)) files.push({ path: f.path, abs: "", size: f.size, mtimeMs: f.mtimeUs / 1000 });
  for (const path of wanted) {
    const file = statMarkdown(vaultDir, path);
    if (file) files.push(file);
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  return { files, skipped: [], others: [] };
}

// The file as a scan would list it; null when it is gone, or no plain .md file (a scan would not list it either).
function statMarkdown(vaultDir: string, path: string): VaultFile | null {
  if (!path.endsWith(".md")) return null;
  const abs = join(vaultDir, ...path.split("/"));
  try {
    const s = lstatSync(abs);
    return s.isFile() ? { path, abs, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}
