import { compareStrings } from "../core/util/compare.js";
import { PARALLEL_SCAN_THRESHOLD, startScanHelper, startScanOnTwoThreads } from "./parallel-scan.js";
import { listFromStamps, scanFromListing, type FolderListing } from "./folder-stamps.js";
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
  /**
   * Stamp each folder listed (see `VaultScan.folders`), for
   * `index/folders.tsv`.
   */
  stampFolders?: boolean;
  /**
   * The listing an earlier scan kept (`index/folders.tsv`) and the cache
   * text it was taken with: when every folder still has its stamp, nothing is
   * listed and only the cache's files are stat'ed (see `listFromStamps`);
   * otherwise the vault is listed.
   */
  known?: { listing: FolderListing; cacheText: string };
}

/** A scan begun by {@link startScanVault}. */
export interface PendingScan {
  /** True when the scan takes a second thread (begun by `startScanVault`, it scans from then until `finish`, while the caller works). */
  readonly parallel: boolean;
  /** The scan, as {@link scanVault} gives it. Call once (this or `finishUnless`). */
  finish(): VaultScan;
  /**
   * {@link PendingScan.finish}, abandoned (null) at the first yes of `stop`:
   * asked between units where two threads scan, once before the scan
   * otherwise.
   */
  finishUnless(stop: () => boolean): VaultScan | null;
}

/**
 * Lists the vault's markdown files: every `.md` file except in hidden folders
 * (`.obsidian`, `.git`, `.trash`, …), `node_modules`, the root `index/` and
 * `layers/` folders, and the root `MEMORY.md`. Symbolic links are not followed.
 */
export function scanVault(vaultDir: string, options: ScanOptions = {}): VaultScan {
  return startScanVault(vaultDir, options).finish();
}

/**
 * Begins {@link scanVault}: on a vault large enough, a second thread starts
 * now and scans alongside whatever the caller does before `finish`, where
 * this thread joins in; otherwise the whole scan is made in `finish`.
 */
export function startScanVault(vaultDir: string, options: ScanOptions = {}): PendingScan {
  const stat = options.stat !== false;
  const helper = stat && (options.expectedFiles ?? 0) >= PARALLEL_SCAN_THRESHOLD ? startScanHelper() : null;
  const { known, stampFolders } = options;
  if (helper) {
    // The stamps are checked before the thread gets work: only the files are left to it then.
    const listed = known ? listFromStamps(vaultDir, known.listing, known.cacheText) : null;
    const started = startScanOnTwoThreads(vaultDir, helper, listed ? { listed } : { stampFolders });
    const finishUnless = (stop?: () => boolean) => {
      const scan = started.finish(stop);
      return scan && sorted(scan);
    };
    return { parallel: true, finish: () => finishUnless()!, finishUnless };
  }
  const finish = () => sorted((stat && known && scanFromListing(vaultDir, known.listing, known.cacheText)) || scanHere(vaultDir, stat, stampFolders === true));
  return { parallel: false, finish, finishUnless: (stop) => (stop() ? null : finish()) };
}

/**
 * {@link startScanVault} begun only when `finish` is called, for a caller that
 * may not need the scan; `parallel` says whether it takes a second thread then.
 */
export function deferScanVault(vaultDir: string, options: ScanOptions = {}): PendingScan {
  return {
    parallel: options.stat !== false && (options.expectedFiles ?? 0) >= PARALLEL_SCAN_THRESHOLD,
    finish: () => startScanVault(vaultDir, options).finish(),
    finishUnless: (stop) => (stop() ? null : startScanVault(vaultDir, options).finishUnless(stop)),
  };
}

function scanHere(vaultDir: string, stat: boolean, stampFolders: boolean): VaultScan {
  const scan = emptyScan();
  if (stampFolders) scan.folders = [];
  walk(vaultDir, "", scan);
  if (stat) statEach(scan);
  return scan;
}

function sorted(scan: VaultScan): VaultScan {
  scan.files.sort((a, b) => compareStrings(a.path, b.path));
  scan.others.sort(compareStrings);
  scan.skipped.sort((a, b) => compareStrings(a.path, b.path));
  return scan;
}
