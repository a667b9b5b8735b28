import { compareStrings } from "../core/util/compare.js";
import { PARALLEL_SCAN_THRESHOLD, scanOnTwoThreads, startScanHelper } from "./parallel-scan.js";
import { emptyScan, statEach, walk, type VaultScan } from "./scan.js";

/** Options of {@link scanVault}. */
export interface ScanOptions {
  /**
   * Stat every markdown file for its size and mtime. Default true; a full
   * index, which opens every file anyway, passes false and reads them from
   * the open file instead.
   */
  stat?: boolean;
  /**
   * How many files the caller expects (an incremental index passes the last
   * run's count): from {@link PARALLEL_SCAN_THRESHOLD} on, the folders are
   * listed and the files stat'ed on two threads. Default 0.
   */
  expectedFiles?: number;
}

/**
 * Lists the vault's markdown files: every `.md` file except in hidden folders
 * (`.obsidian`, `.git`, `.trash`, …), `node_modules`, the root `index/` and
 * `layers/` folders, and the root `MEMORY.md`. Symbolic links are not followed.
 */
export function scanVault(vaultDir: string, options: ScanOptions = {}): VaultScan {
  const stat = options.stat !== false;
  const helper = stat && (options.expectedFiles ?? 0) >= PARALLEL_SCAN_THRESHOLD ? startScanHelper() : null;
  let scan: VaultScan;
  if (helper) scan = scanOnTwoThreads(vaultDir, helper);
  else {
    scan = emptyScan();
    walk(vaultDir, "", scan);
    if (stat) statEach(scan);
  }
  scan.files.sort((a, b) => compareStrings(a.path, b.path));
  scan.others.sort(compareStrings);
  scan.skipped.sort((a, b) => compareStrings(a.path, b.path));
  return scan;
}
