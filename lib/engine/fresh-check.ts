import { INDEX_FORMAT } from "../core/indexes/types.js";
import { metaBaseText } from "../store/index-check.js";
import { readPrevious, type Previous } from "../store/index-previous.js";
import { vaultPaths } from "../store/paths.js";
import type { VaultScan } from "../store/scan.js";
import { startScanVault } from "../store/scan-vault.js";
import { readFolderListing, unchangedFromStamps, writeFolderListing } from "../store/folder-stamps.js";
import { cacheSignature } from "../store/files.js";
import { compareWithCache, indexSettingsKey, type CacheComparison } from "../store/stat-cache.js";
import { collectDiagnostics } from "./index-read.js";
import type { IndexCheck, IndexVaultOptions, IndexVaultResult } from "./index-types.js";

export type { IndexCheck } from "./index-types.js";

/** What the check saw before the lock: the last run's files, the scan and their comparison. */
export interface SeenBeforeLock {
  cache: string;
  scan: VaultScan;
  previous: Previous;
  comparison: CacheComparison | null;
  /** meta.json's and cache.tsv's identities then: the same now means no run wrote the index since. */
  stamp: string | null;
}

/** What a finished check gives: the unchanged result, or what was seen (null when there is no usable index). */
export type IndexCheckOutcome = { result: IndexVaultResult } | { seen: SeenBeforeLock | null };

/**
 * Begins the check: reads `cache.tsv` and `meta.json`, stats the data files,
 * and begins the scan (on a vault large enough, a second thread scans from
 * now on, alongside whatever the caller does before it finishes the check:
 * see `startScanVault`). When `index/folders.tsv` shows every folder as the
 * last check that found the index current listed it, nothing is listed: only
 * the notes of `cache.tsv` are stat'ed. Parses nothing; writes nothing.
 */
export function beginIndexCheck(vaultDir: string, options: Pick<IndexVaultOptions, "config" | "today">): IndexCheck {
  const settingsKey = indexSettingsKey(options.config);
  const checkedAtMs = Date.now();
  const cacheStamp = cacheSignature(vaultPaths(vaultDir).cache);
  const stamp = indexFilesStamp(vaultDir);
  const previous = readPrevious(vaultDir, settingsKey, { ...options, onNotice: () => {} });
  const listing = previous && cacheStamp !== null ? readFolderListing(vaultDir, cacheStamp) : null;
  const known = previous && listing ? { listing, cacheText: previous.cache } : undefined;
  const scan = previous && startScanVault(vaultDir, { stat: true, expectedFiles: lineCount(previous.cache) - 1, stampFolders: true, known });
  return { vaultDir, settingsKey, options, stamp, previous, scan, cacheStamp, checkedAtMs, known };
}

/**
 * Finishes the check: the unchanged result, or what was seen (to spare the run
 * under the lock a second scan). Damage is not reported here: the run under
 * the lock finds it again and says so once. A vault listed and found current
 * gets its folders stamped in `index/folders.tsv` (see `writeFolderListing`).
 */
export function finishIndexCheck(check: IndexCheck): IndexCheckOutcome {
  const { previous, settingsKey, stamp, options } = check;
  if (!previous || !check.scan) return { seen: null };
  const quick = unchangedOnThisThread(check);
  if (quick && !previous.restat && previous.meta.base === metaBaseText(metaOf(quick.atoms, settingsKey, options))) {
    return { result: { atoms: quick.atoms, diagnostics: collectDiagnostics(quick.diagnostics, quick.skipped), reread: 0, reused: quick.files, removed: 0, written: [], otherFiles: quick.others } };
  }
  const scan = check.scan.finish();
  const comparison = compareWithCache(previous.cache, scan.files);
  const unchanged = comparison && comparison.changed.length === 0 && comparison.removed.length === 0;
  if (!unchanged || previous.restat || previous.meta.base !== metaBaseText(metaOf(comparison.keptAtoms, settingsKey, options))) return { seen: { cache: previous.cache, scan, previous, comparison, stamp } };
  // A listing that found the index current is kept for the next check, while cache.tsv is still the one compared with.
  if (scan.folders && check.cacheStamp !== null && cacheSignature(vaultPaths(check.vaultDir).cache) === check.cacheStamp) writeFolderListing(check.vaultDir, check.cacheStamp, scan, check.checkedAtMs);
  const diagnostics = collectDiagnostics(comparison.keptDiagnostics, scan.skipped);
  return { result: { atoms: comparison.keptAtoms, diagnostics, reread: 0, reused: scan.files.length, removed: 0, written: [], otherFiles: scan.others } };
}

// When the stamps stand for the listing and no second thread scans: the notes compared with their cache lines in one
// pass, which, when nothing changed, gives what the scan and its comparison would (see `unchangedFromStamps`).
function unchangedOnThisThread(check: IndexCheck): ReturnType<typeof unchangedFromStamps> {
  return check.known && check.scan && !check.scan.parallel ? unchangedFromStamps(check.vaultDir, check.known.listing, check.known.cacheText) : null;
}

/**
 * The result of an index run when `index/` already describes every file as it
 * is now (see {@link IndexCheck}); null when something changed. Reads
 * `cache.tsv` and `meta.json`, stats the data files, lists and stats the
 * notes, and parses nothing.
 */
export function unchangedIndex(vaultDir: string, options: Pick<IndexVaultOptions, "config" | "today">): IndexVaultResult | null {
  const check = finishIndexCheck(beginIndexCheck(vaultDir, options));
  return "result" in check ? check.result : null;
}

/** The identities of meta.json and cache.tsv (each replaced by rename whenever a run writes it); null when one is missing. */
export function indexFilesStamp(vaultDir: string): string | null {
  const { meta, cache } = vaultPaths(vaultDir);
  const [a, b] = [cacheSignature(meta), cacheSignature(cache)];
  return a === null || b === null ? null : `${a}/${b}`;
}

/** What meta.json holds besides the checks of the data files. */
export function metaOf(atoms: number, settingsKey: string, options: Pick<IndexVaultOptions, "config" | "today">): Record<string, unknown> {
  return { format: INDEX_FORMAT, atoms, layers_today: options.today, layers: options.config.layers, settings: settingsKey };
}

/** The lines of a text (its newlines). */
export function lineCount(text: string): number {
  let lines = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}
