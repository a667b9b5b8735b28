import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { VaultScan, VaultFile } from "./scan.js";
import { compareWithChanged, type CacheComparison } from "./stat-cache.js";

/**
 * The scan an index run would make, and its comparison with the last run's
 * cache, told instead by that cache (`cacheText`, see `readStatCache`) and a
 * stat of the `changed` files only: every other file is taken to be as the
 * cache records it, so a run given this re-reads the changed files and
 * nothing else. A changed path that is gone, or is no plain markdown file, is
 * a removal. What it cannot know: files changed, added or removed elsewhere
 * since the last run (the next scanning run finds them, the cache still
 * holding their old stamps), and the other files and skipped entries a real
 * scan lists (`others` and `skipped` are empty). Null when the cache cannot
 * be read that way (a scan follows).
 */
export function cachedScan(vaultDir: string, cacheText: string, changed: readonly string[]): { scan: VaultScan; comparison: CacheComparison } | null {
  const now = new Map(changed.map((path) => [path, statMarkdown(vaultDir, path)]));
  const told = compareWithChanged(cacheText, now);
  return told && { scan: { files: told.files, skipped: [], others: [] }, comparison: told.comparison };
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
