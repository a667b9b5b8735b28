import type { Stats } from "node:fs";
import { join, sep } from "node:path";
import type { Diagnostic } from "../core/atoms/types.js";
import { microseconds } from "../core/formats/cache.js";
import { bodyBeforeEndLine, withEndLine } from "../core/formats/end-line.js";
import { foldersBody, parseFoldersBody, type FolderListing } from "../core/formats/folders.js";
import { compareStrings } from "../core/util/compare.js";
import { pathFromField } from "../core/util/text.js";
import { writeFileAtomic } from "./atomic.js";
import { CacheCursor, recordedInCacheText } from "./cache-cursor.js";
import { readFileOrNull } from "./files.js";
import { vaultPaths } from "./paths.js";
import { emptyScan, lstatOrNull, recordedMtimeMs, stampFolder, statEach, type StampedFolder, type VaultScan } from "./scan.js";
import { eachCacheLine } from "./stat-cache.js";

export type { FolderListing } from "../core/formats/folders.js";

/**
 * A folder whose ctime is this close to the check that stamped it (or ahead
 * of its clock) is not trusted: an entry added in the same tick of a coarse
 * file-system clock would leave its ctime as stamped.
 */
export const RACY_FOLDER_MS = 3_000;

/** Where a vault's folder stamps live (machine-local, like cache.tsv). */
export function folderStampsPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "folders.tsv");
}

/**
 * The listing `index/folders.tsv` holds, when it was taken with the cache file
 * of identity `cacheSignature` and matches its end line's check; null
 * otherwise (missing, damaged, of another version or another cache: the
 * vault is then listed as usual).
 */
export function readFolderListing(vaultDir: string, cacheSignature: string): FolderListing | null {
  const buf = readFileOrNull(folderStampsPath(vaultDir));
  if (buf === null) return null;
  const body = bodyBeforeEndLine(buf);
  if (body === null) return null;
  return parseFoldersBody(body.toString("utf8"), cacheSignature);
}

/**
 * Keeps what a scan that found the index current saw besides the notes, for
 * the checks after it (see {@link scanFromListing}): written only when every
 * folder's stamp can be trusted (none changed within {@link RACY_FOLDER_MS}
 * of `checkedAtMs`) and no note failed its stat. Never throws: a vault that
 * cannot be written keeps no stamps, and its checks list every folder.
 */
export function writeFolderListing(vaultDir: string, cacheSignature: string, scan: VaultScan, checkedAtMs: number): void {
  const folders = scan.folders;
  if (!folders || folders.some((f) => racy(f, checkedAtMs)) || scan.skipped.some((s) => s.reason.startsWith("cannot stat"))) return;
  const body = foldersBody(cacheSignature, { folders, others: scan.others, skipped: scan.skipped });
  try {
    writeFileAtomic(folderStampsPath(vaultDir), withEndLine(body));
  } catch {
    // read-only vault
  }
}

// Too close to the check (or ahead of its clock) to be sure that no later change kept the same ctime.
function racy(folder: StampedFolder, checkedAtMs: number): boolean {
  return !(folder.ctimeMs < checkedAtMs - RACY_FOLDER_MS);
}

/**
 * The scan a listing of the vault would give, without listing it, when every
 * folder of `listing` still has its stamp: the files are those of the cache
 * text (`cache.tsv` without its end line, which `listing` was taken with),
 * not stat'ed yet (NaN size and mtime); the other files and the entries left
 * out are the listing's. Null when a folder changed (an entry was added,
 * removed or renamed in it) or is gone. In path order.
 */
export function listFromStamps(vaultDir: string, listing: FolderListing, cacheText: string): VaultScan | null {
  if (!stampsHold(vaultDir, listing)) return null;
  const scan = emptyScan();
  const whole = eachCacheLine(cacheText, (_start, pathAt, stop) => {
    const path = pathFromField(cacheText.slice(pathAt, stop));
    scan.files.push({ path, abs: absOf(vaultDir, path), size: NaN, mtimeMs: NaN });
  });
  if (!whole) return null;
  scan.others.push(...listing.others);
  scan.skipped.push(...listing.skipped);
  return scan;
}

/** {@link listFromStamps} with each file stat'ed (a file that cannot be stat'ed moves to `skipped`). */
export function scanFromListing(vaultDir: string, listing: FolderListing, cacheText: string): VaultScan | null {
  const scan = listFromStamps(vaultDir, listing, cacheText);
  if (scan) statEach(scan);
  return scan;
}

/** How many notes {@link unchangedFromStamps} stats between two questions to a probe still out. */
export const VOUCH_ASKED_EVERY = 256;

/** What {@link unchangedFromStamps} finds: what a listing compared with the cache finds when nothing changed. */
export interface UnchangedFiles {
  /** The notes: as many as the cache has lines. */
  files: number;
  /** Of them, the atoms (the others were left out, with their diagnostics). */
  atoms: number;
  /** Their diagnostics, as the last run found them, in path order. */
  diagnostics: Diagnostic[];
  /** The listing's other files, sorted. */
  others: string[];
  /** The listing's entries left out, with the reason, sorted by path. */
  skipped: { path: string; reason: string }[];
}

/**
 * Whether the vault is still as a cache text (`cache.tsv` without its end
 * line, which `listing` was taken with) records it, told without listing
 * it: every folder of `listing` still has its stamp, and every note of the
 * text, lstat'ed now, still has the size and mtime its line records (and may
 * be read). Then what a scan compared with the text finds (see
 * `compareWithCache`); null at the first difference or a damaged line (the
 * caller scans and compares as usual). One pass over the text with no object
 * per note: run before each search, that pass is most of the check. With
 * `vouched` true (a change probe found no entry changed since a quiet mark
 * bound to this cache text: see `startChangeProbe`), nothing is stat'ed: the
 * text's records are what the files are; a function is asked every
 * {@link VOUCH_ASKED_EVERY} notes whether that is now so (a probe still out),
 * and its yes ends the pass the same way.
 */
export function unchangedFromStamps(vaultDir: string, listing: FolderListing, cacheText: string, vouched: boolean | (() => boolean) = false): UnchangedFiles | null {
  if (vouched === true) return recordedInCache(listing, cacheText);
  if (!stampsHold(vaultDir, listing)) return null;
  const found: UnchangedFiles = { files: 0, atoms: 0, diagnostics: [], ...besidesNotes(listing) };
  const line = new CacheCursor(cacheText);
  for (line.moveTo(cacheText.indexOf("\n") + 1); line.ok; line.moveTo(line.next)) {
    if (typeof vouched === "function" && found.files % VOUCH_ASKED_EVERY === 0 && vouched()) return recordedInCache(listing, cacheText);
    if (!recordedAs(lstatOrNull(absOf(vaultDir, line.path())), line)) return null;
    const diagnostics = line.hasDiagnostics ? line.diagnostics() : [];
    if (diagnostics === null) return null;
    for (const d of diagnostics) found.diagnostics.push(d);
    found.files++;
    if (!line.skipped) found.atoms++;
  }
  return line.bad ? null : found;
}

// What the listing and the cache text record, taken as the vault is (a probe vouched for it).
function recordedInCache(listing: FolderListing, cacheText: string): UnchangedFiles | null {
  const recorded = recordedInCacheText(cacheText);
  return recorded && { files: recorded.files, atoms: recorded.files - recorded.skipped, diagnostics: recorded.diagnostics, ...besidesNotes(listing) };
}

// The listing's other files and entries left out, sorted as a scan gives them.
function besidesNotes(listing: FolderListing): Pick<UnchangedFiles, "others" | "skipped"> {
  return { others: [...listing.others].sort(compareStrings), skipped: [...listing.skipped].sort((a, b) => compareStrings(a.path, b.path)) };
}

// A note's stat as its cache line records it (size, and mtime in whole µs; NaN when it may not be read).
function recordedAs(stat: Stats | null, line: CacheCursor): boolean {
  return stat !== null && stat.size === line.size && microseconds(recordedMtimeMs(stat)) === line.mtimeUs;
}

// Every folder of the listing still has its stamp: no entry was added, removed or renamed in any since.
function stampsHold(vaultDir: string, listing: FolderListing): boolean {
  for (const folder of listing.folders) {
    const rel = folder.path === "." ? "" : folder.path;
    if (stampFolder(rel === "" ? vaultDir : absOf(vaultDir, rel), rel)?.stamp !== folder.stamp) return false;
  }
  return true;
}

// The absolute path of a vault-relative POSIX path, joined as a listing joins it.
function absOf(vaultDir: string, rel: string): string {
  const native = sep === "/" ? rel : rel.split("/").join(sep);
  return vaultDir.endsWith(sep) ? vaultDir + native : vaultDir + sep + native;
}
