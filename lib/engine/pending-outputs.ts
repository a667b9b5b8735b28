import { patchNewBytes, patchOf, type Patch, type PendingPatches } from "../core/formats/pending.js";
import type { FileChecks } from "../core/formats/meta.js";
import { patchSource } from "../store/pending.js";
import type { FileCheck } from "../store/digest.js";
import { killPoint } from "../store/kill-point.js";
import { writeMetaAndCache, writeOutputs, writePendingFile, type OutputTexts } from "./index-outputs.js";

/**
 * A data file this large or larger takes a small change as pending pieces
 * (`index/pending.json`) instead of being written whole; smaller files are
 * always written whole. The environment variable `CORTEX_PATCH_MIN_BYTES`
 * sets another threshold (tests use 0: every file is patched).
 */
export const PATCH_MIN_BYTES = 4 * 1024 * 1024;

/**
 * A file's pending pieces may hold new bytes up to this share of its base:
 * past it, the file is written whole (its reads stay a copy of the base
 * with a few pieces, and pending.json stays small).
 */
const MAX_NEW_SHARE = 1 / 32;

/** The threshold of this process (see {@link PATCH_MIN_BYTES}). */
export function patchMinBytes(): number {
  const set = Number(process.env.CORTEX_PATCH_MIN_BYTES);
  return process.env.CORTEX_PATCH_MIN_BYTES !== undefined && Number.isSafeInteger(set) && set >= 0 ? set : PATCH_MIN_BYTES;
}

/** The outputs an index run writes whole, and the pending pieces of the others. */
export interface DeferredOutputs {
  texts: OutputTexts;
  patches: PendingPatches;
  /** Whether `patches` differ from the run's previous ones (pending.json must be written or removed). */
  changed: boolean;
}

/**
 * Splits a run's outputs: an output made of slices of the file it replaces
 * (as read, see `patchedBytes`) and a few new bytes, whose base on disk
 * (`files`, the previous run's checks) is at least `minBytes`, becomes
 * pending pieces over that base; every other output is written whole and
 * its previous pieces are dropped. The pieces of files the run does not
 * write stand.
 */
export function deferSmallEdits(texts: OutputTexts, files: FileChecks, previous: PendingPatches, minBytes: number): DeferredOutputs {
  const patches: Record<string, Patch> = { ...previous };
  const whole: OutputTexts = new Map();
  let changed = false;
  for (const [rel, data] of texts) {
    const patch = Array.isArray(data) ? patchFor(rel, data as (string | Uint8Array)[], files, minBytes) : null;
    if (patch) {
      patches[rel] = patch;
      changed = true;
      continue;
    }
    whole.set(rel, data);
    if (rel in patches) {
      delete patches[rel];
      changed = true;
    }
  }
  return { texts: whole, patches, changed };
}

// The pieces of an output over its base, when it is made of slices of the file as read and the base is large enough.
function patchFor(rel: string, pieces: readonly (string | Uint8Array)[], files: FileChecks, minBytes: number): Patch | null {
  const base = files[rel];
  if (!base || base.bytes < minBytes) return null;
  let source: ReturnType<typeof patchSource>;
  for (const piece of pieces) if (typeof piece !== "string" && (source = patchSource(piece))) break;
  if (!source || source.rel !== rel) return null;
  const patch = patchOf(pieces, source);
  return patchNewBytes(patch) <= Math.max(4096, base.bytes * MAX_NEW_SHARE) ? patch : null;
}

/** What {@link writeIndexFiles} wrote and recorded. */
export interface WrittenIndex {
  /** The paths written, in order. */
  written: string[];
  /** The checks meta.json now records. */
  files: FileChecks;
  /** The pending pieces it now lists. */
  patches: PendingPatches;
}

/**
 * Writes an incremental run's outputs: the data files (small changes to
 * large ones as pending pieces, see {@link deferSmallEdits}; none with
 * `pending` false), then meta.json with their checks (over `files`, those
 * of the files not written), then the cache. `patches`: the previous run's
 * pending pieces.
 */
export function writeIndexFiles(vaultDir: string, texts: OutputTexts, meta: Record<string, unknown>, files: FileChecks, patches: PendingPatches, pending: boolean, writeCache: Parameters<typeof writeMetaAndCache>[3]): WrittenIndex {
  killPoint("index:start");
  const deferred = deferSmallEdits(texts, files, patches, pending ? patchMinBytes() : Infinity);
  const checks = new Map<string, FileCheck>();
  const written = writeOutputs(vaultDir, deferred.texts, checks);
  const recorded: FileChecks = { ...files, ...Object.fromEntries(checks) };
  if (deferred.changed) written.push(...writePendingFile(vaultDir, deferred.patches, recorded));
  writeMetaAndCache(vaultDir, meta, recorded, writeCache);
  return { written: [...written, "index/meta.json", "index/cache.tsv"], files: recorded, patches: deferred.patches };
}
