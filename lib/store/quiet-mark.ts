import { lstatSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { bodyBeforeEndLine, withEndLine } from "../core/formats/end-line.js";
import { parseQuietMarkBody, quietMarkBody } from "../core/formats/quiet-mark.js";
import { writeFileAtomic } from "./atomic.js";
import { readFileOrNull } from "./files.js";
import { RACY_FOLDER_MS } from "./folder-stamps.js";
import { vaultPaths } from "./paths.js";

/** Where a vault's quiet mark lives (machine-local, like cache.tsv). */
export function quietMarkPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "quiet-since");
}

/** A quiet mark that stands: its file, and the number of notes of the cache file it is bound to. */
export interface QuietMark {
  file: string;
  files: number;
}

/**
 * The mark, when it vouches for the cache file of identity `cacheSignature`
 * (its text names it and passes its end line's check) and its mtime is not
 * ahead of the clock (a clock set back since could give a later change an
 * older ctime); null otherwise.
 */
export function readQuietMark(vaultDir: string, cacheSignature: string): QuietMark | null {
  const file = quietMarkPath(vaultDir);
  const buf = readFileOrNull(file);
  const body = buf && bodyBeforeEndLine(buf);
  const files = body && parseQuietMarkBody(body.toString("utf8"), cacheSignature);
  if (files === null) return null;
  try {
    const stat = lstatSync(file);
    return stat.isFile() && stat.mtimeMs <= Date.now() ? { file, files } : null;
  } catch {
    return null;
  }
}

/** How far a mark is set back beyond the check's start where the file system stamps times finer than a millisecond (past a tick of the kernel's coarse clock). */
export const FINE_MARGIN_MS = 50;

/** When a check began, on the wall clock (`Date.now()`) and on the monotonic one (`performance.now()`). */
export interface CheckStart {
  wallMs: number;
  monoMs: number;
}

/**
 * Marks the vault as unchanged since a moment before a check's stats began:
 * called when that check (begun at `began`) found every note as the cache
 * file of identity `cacheSignature` (which lists `files` notes) records
 * it. The mark's mtime is the file system's clock when it is written, less
 * the time since the check began (the longer of the two clocks' counts: a
 * wall clock set forward, or a sleep, counts on the one, a clock set back on
 * the other), less a margin past a tick of the clock the file system stamps
 * times with: {@link FINE_MARGIN_MS} where the mark's own time has digits
 * below the millisecond, else {@link RACY_FOLDER_MS} (times of whole
 * seconds, or hundredths). Set on the temporary file before its rename: no
 * reader ever sees a later one. Never throws: a vault that cannot be written,
 * or whose file system does not move a file's ctime when its times are set,
 * keeps no mark, and its checks stat the notes.
 */
export function writeQuietMark(vaultDir: string, cacheSignature: string, files: number, began: CheckStart): void {
  try {
    writeFileAtomic(quietMarkPath(vaultDir), withEndLine(quietMarkBody(cacheSignature, files)), { onlyIf: (temp) => backdate(temp, began) });
  } catch {
    // read-only vault
  }
}

// Sets the temporary mark's times to before the check, on the file system's own clock (a network share's may differ
// from ours). False, and no mark, on a file system whose ctime does not move past a time set back (one that keeps no
// ctime, or gives the mtime for it): a probe could not see a change there.
function backdate(temp: string, began: CheckStart): boolean {
  const written = lstatSync(temp, { bigint: true }).mtimeNs;
  const margin = written % 1_000_000n === 0n ? RACY_FOLDER_MS : FINE_MARGIN_MS;
  const elapsed = Math.max(performance.now() - began.monoMs, Date.now() - began.wallMs, 0);
  const since = (Number(written / 1000n) / 1000 - elapsed - margin) / 1000;
  utimesSync(temp, since, since);
  const set = lstatSync(temp, { bigint: true });
  return set.ctimeNs > set.mtimeNs;
}
