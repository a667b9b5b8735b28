import { compareStrings } from "../core/util/compare.js";
import { statEach, walk, type VaultScan } from "./scan.js";

/** Options of {@link scanVault}. */
export interface ScanOptions {
  /** Stat every markdown file for its size and mtime. Default true (false: only the paths are listed). */
  stat?: boolean;
}

/**
 * Lists the vault's markdown files: every `.md` file except in hidden folders
 * (`.obsidian`, `.git`, `.trash`, …), `node_modules`, the root `index/` and
 * `layers/` folders, and the root `MEMORY.md`, each stat'ed for its size and
 * mtime (one pass on this thread). Symbolic links are not followed. Sorted by path.
 */
export function scanVault(vaultDir: string, options: ScanOptions = {}): VaultScan {
  const scan: VaultScan = { files: [], skipped: [], others: [] };
  walk(vaultDir, "", scan);
  if (options.stat !== false) statEach(scan);
  scan.files.sort((a, b) => compareStrings(a.path, b.path));
  scan.others.sort(compareStrings);
  scan.skipped.sort((a, b) => compareStrings(a.path, b.path));
  return scan;
}
