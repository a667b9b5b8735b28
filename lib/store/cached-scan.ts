import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { VaultScan, VaultFile } from "./scan.js";
import type { CacheComparison } from "./stat-cache.js";
import { compareWithChanged } from "./told-cache.js";

/**
 * The scan an index run would make, and its comparison with the last run's
 * cache, told instead by that cache (`cacheText`, see `readStatCache`) and a
 * stat of the `changed` files only: every other file is taken to be as the
 * cache records it, so a run given this re-reads the changed files and
 * nothing else. A changed path that is gone, or is no plain markdown file, is
 * a removal. Markdown files of the changed files' folders that the cache
 * does not list are added to them (see unknownSiblings). What it cannot
 * know: files changed, added or removed elsewhere since the last run (the
 * next scanning run finds them, the cache still holding their old stamps),
 * and the other files and skipped entries a real
 * scan lists (`others` and `skipped` are empty). An unchanged file is
 * listed without its path (see compareWithChanged): only the files told are
 * read, and the unchanged lines are copied from the cache as they stand.
 * Null when the cache cannot be read that way (a scan follows).
 */
export function cachedScan(vaultDir: string, cacheText: string, changed: readonly string[]): { scan: VaultScan; comparison: CacheComparison } | null {
  const told = [...new Set([...changed, ...unknownSiblings(vaultDir, cacheText, changed)])];
  const now = new Map(told.map((path) => [path, statMarkdown(vaultDir, path)]));
  const compared = compareWithChanged(cacheText, now);
  return compared && { scan: { files: compared.files, skipped: [], others: [] }, comparison: compared.comparison };
}

/**
 * The markdown files of the changed files' folders that the cache does not
 * list: a note left by a write killed before its index update (or one added
 * there by hand) is recorded with the files the transaction names, so that a
 * write never leaves an earlier killed one's note out of the index. One
 * listing per folder; the vault's root is not listed (a scan skips more
 * there than hidden names).
 */
function unknownSiblings(vaultDir: string, cacheText: string, changed: readonly string[]): string[] {
  const folders = new Set(changed.filter((p) => p.includes("/")).map((p) => p.slice(0, p.lastIndexOf("/"))));
  const found: string[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(join(vaultDir, ...folder.split("/")));
    } catch {
      continue;
    }
    const known = cachedPathsUnder(cacheText, folder);
    for (const name of names) {
      const path = `${folder}/${name}`;
      if (name.endsWith(".md") && !name.startsWith(".") && !known.has(path)) found.push(path);
    }
  }
  return found;
}

// The paths of the cache's lines (each ends in a tab and its path) under `folder`.
function cachedPathsUnder(cacheText: string, folder: string): Set<string> {
  const paths = new Set<string>();
  const needle = `\t${folder}/`;
  for (let at = cacheText.indexOf(needle); at !== -1; at = cacheText.indexOf(needle, at + 1)) {
    const end = cacheText.indexOf("\n", at);
    paths.add(cacheText.slice(at + 1, end === -1 ? cacheText.length : end));
  }
  return paths;
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
