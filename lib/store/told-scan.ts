import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compareStrings } from "../core/util/compare.js";
import type { VaultFile } from "./scan.js";

/**
 * The files a transaction told an index run it wrote or removed (`paths`),
 * as a scan would list them, without scanning the vault: each stat'ed (a
 * path that is gone, or no plain markdown file, is left out: the run then
 * forgets it), plus the markdown files of their folders that `isRecorded`
 * does not know, so that a note left by a write killed before its index
 * update is recorded with the next write to its folder. The vault's root is
 * not listed (a scan skips more there than hidden names). Sorted by path.
 */
export function scanTold(vaultDir: string, paths: readonly string[], isRecorded: (path: string) => boolean): VaultFile[] {
  const told = new Set(paths);
  for (const folder of new Set(paths.filter((p) => p.includes("/")).map((p) => p.slice(0, p.lastIndexOf("/"))))) {
    for (const name of namesIn(join(vaultDir, ...folder.split("/")))) {
      const path = `${folder}/${name}`;
      if (name.endsWith(".md") && !name.startsWith(".") && !isRecorded(path)) told.add(path);
    }
  }
  const files: VaultFile[] = [];
  for (const path of told) {
    const file = statMarkdown(vaultDir, path);
    if (file) files.push(file);
  }
  return files.sort((a, b) => compareStrings(a.path, b.path));
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
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
