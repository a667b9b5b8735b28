import { INDEX_FORMAT } from "../core/indexes/types.js";
import { metaBaseText } from "../store/index-check.js";
import { readPrevious, type Previous } from "../store/index-previous.js";
import { vaultPaths } from "../store/paths.js";
import type { VaultScan } from "../store/scan.js";
import { deferScanVault, startScanVault } from "../store/scan-vault.js";
import { readFolderListing, unchangedFromStamps, writeFolderListing, type UnchangedFiles } from "../store/folder-stamps.js";
import { cacheSignature } from "../store/files.js";
import { probeApplies, startChangeProbe } from "../store/change-probe.js";
import { readQuietMark, writeQuietMark } from "../store/quiet-mark.js";
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
 * the notes of `cache.tsv` are stat'ed. With `alongside` (the caller works
 * before it finishes the check: a search ranks), when `index/quiet-since`
 * stands for that cache file, a probe on another process asks instead
 * whether anything changed since (see `startChangeProbe`), and the scan is
 * begun only if `finishIndexCheck` needs it (it then races the probe): a
 * caller with nothing to do meanwhile would wait for the probe, and after a
 * change stat the notes all the same. Parses nothing; writes nothing.
 */
export function beginIndexCheck(vaultDir: string, options: Pick<IndexVaultOptions, "config" | "today">, alongside = false): IndexCheck {
  const settingsKey = indexSettingsKey(options.config);
  const checkedAtMs = Date.now();
  const startedAt = performance.now();
  const cacheStamp = cacheSignature(vaultPaths(vaultDir).cache);
  // The probe begins first: it runs while the index files are read.
  const mark = cacheStamp === null ? null : readQuietMark(vaultDir, cacheStamp);
  let probe = mark && alongside ? startChangeProbe(vaultDir, mark.file, mark.files) : null;
  const stamp = indexFilesStamp(vaultDir);
  const previous = readPrevious(vaultDir, settingsKey, { ...options, onNotice: () => {} });
  const listing = previous && cacheStamp !== null ? readFolderListing(vaultDir, cacheStamp) : null;
  const known = previous && listing ? { listing, cacheText: previous.cache } : undefined;
  const files = previous?.files ?? 0;
  // Without the listing, what the probe vouches for could not be told: the notes are stat'ed.
  if (probe && !known) {
    probe.cancel();
    probe = null;
  }
  const scanOptions = { stat: true, expectedFiles: files, stampFolders: true, known };
  // With a probe under way the scan is begun only if the probe cannot vouch.
  const scan = previous && (probe ? deferScanVault(vaultDir, scanOptions) : startScanVault(vaultDir, scanOptions));
  return { vaultDir, settingsKey, options, stamp, previous, scan, cacheStamp, checkedAtMs, startedAt, known, mark, probe };
}

/**
 * Finishes the check: the unchanged result, or what was seen (to spare the run
 * under the lock a second scan). Damage is not reported here: the run under
 * the lock finds it again and says so once. A vault listed and found current
 * gets its folders stamped in `index/folders.tsv` (see `writeFolderListing`);
 * one whose notes were stat'ed and found current is marked quiet since the
 * check began (see `writeQuietMark`), for the probes of the checks after it.
 */
export function finishIndexCheck(check: IndexCheck): IndexCheckOutcome {
  const { previous, settingsKey, stamp, options, probe } = check;
  if (!previous || !check.scan) return { seen: null };
  const quick = currentFrom(check, unchangedOnThisThread(check));
  if (quick) return quick;
  // Where two threads stat the notes, a probe still out is asked between their units: its yes ends the scan.
  const scan = probe?.poll() === "pending" ? check.scan.finishUnless(() => probe.poll() === "unchanged") : check.scan.finish();
  probe?.cancel();
  if (scan === null) return currentFrom(check, unchangedOnThisThread(check)) ?? { seen: null };
  const comparison = compareWithCache(previous.cache, scan.files);
  const unchanged = comparison && comparison.changed.length === 0 && comparison.removed.length === 0;
  if (!unchanged || previous.restat || previous.meta.base !== metaBaseText(metaOf(comparison.keptAtoms, settingsKey, options))) return { seen: { cache: previous.cache, scan, previous, comparison, stamp } };
  // A listing that found the index current is kept for the next check, while cache.tsv is still the one compared with.
  if (scan.folders && check.cacheStamp !== null && cacheSignature(vaultPaths(check.vaultDir).cache) === check.cacheStamp) writeFolderListing(check.vaultDir, check.cacheStamp, scan, check.checkedAtMs);
  markQuiet(check);
  const diagnostics = collectDiagnostics(comparison.keptDiagnostics, scan.skipped);
  return { result: { atoms: comparison.keptAtoms, diagnostics, reread: 0, reused: scan.files.length, removed: 0, written: [], otherFiles: scan.others } };
}

// The result when the notes are as the cache records them (`unchanged`) and the index holds for these settings and this
// day; null otherwise. A vault whose notes were stat'ed for it is marked quiet (see markQuiet).
function currentFrom(check: IndexCheck, unchanged: UnchangedFiles | null): IndexCheckOutcome | null {
  const { previous, settingsKey, options } = check;
  if (!unchanged || !previous || previous.restat || previous.meta.base !== metaBaseText(metaOf(unchanged.atoms, settingsKey, options))) return null;
  if (check.probe?.poll() !== "unchanged") markQuiet(check);
  const { atoms, diagnostics, skipped, files, others } = unchanged;
  return { result: { atoms, diagnostics: collectDiagnostics(diagnostics, skipped), reread: 0, reused: files, removed: 0, written: [], otherFiles: others } };
}

// When the stamps stand for the listing: the notes as their cache lines record them, when the probe vouched for them;
// else, when no second thread scans, compared with those lines in one pass, which, when nothing changed, gives what the
// scan and its comparison would (see `unchangedFromStamps`). A probe still out is asked during that pass (its answer
// may come first, or never be needed).
function unchangedOnThisThread(check: IndexCheck): UnchangedFiles | null {
  const { known, scan, probe, vaultDir } = check;
  if (!known || !scan) return null;
  const state = probe?.poll();
  if (state === "unchanged") return unchangedFromStamps(vaultDir, known.listing, known.cacheText, true);
  if (scan.parallel) return null;
  const found = unchangedFromStamps(vaultDir, known.listing, known.cacheText, state === "pending" ? () => probe!.poll() === "unchanged" : false);
  probe?.cancel();
  return found;
}

// A check that stat'ed the notes and found the index current marks the vault quiet since it began, for the probes of
// the checks after it: when a probe would run there and no mark stood, or the probe saw a change (one that left the
// notes as recorded: a mode, a file that is not a note). Only while cache.tsv is still the one compared with.
function markQuiet(check: IndexCheck): void {
  const { vaultDir, cacheStamp, previous } = check;
  const files = previous?.files ?? 0;
  if (cacheStamp === null || !previous || !probeApplies(files)) return;
  if (check.mark !== null && check.probe?.poll() !== "changed") return;
  if (cacheSignature(vaultPaths(vaultDir).cache) === cacheStamp) writeQuietMark(vaultDir, cacheStamp, files, { wallMs: check.checkedAtMs, monoMs: check.startedAt });
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
