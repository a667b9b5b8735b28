import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { crc32 } from "../core/util/crc32.js";
import { join } from "node:path";
import { applyPatch, patchLength, PENDING_FILE, pendingText, readPending, type Patch, type PatchedFile, type PendingPatches } from "../core/formats/pending.js";
import { crc32Hex, crcHex, type FileCheck } from "./digest.js";
import type { FileChecks } from "../core/formats/meta.js";
import { damageOf } from "./index-check.js";

/**
 * How readers of the index see `index/pending.json` (its format:
 * `lib/core/formats/pending.ts`): a data file is its base on disk with its
 * pending pieces put together. Every reader of a data file goes through
 * {@link patchedBytes}, so none sees a base without its pieces.
 */

/** A file as read, the patch it was made of and its path: what a later write can patch again. */
interface Source extends PatchedFile {
  rel: string;
}

// Buffers handed out by patchedBytes, by their memory: the pieces a write makes of them are traced back to the base.
const sources = new WeakMap<ArrayBufferLike, Source>();

// pending.json as last read, by vault and check: a write reads several files under the same one.
let lastRead: { key: string; patches: PendingPatches } | null = null;

/**
 * The pending pieces meta.json lists (`files`), held to their check there:
 * none (an empty record) when it lists no pending.json; a line saying what
 * is wrong when the file is missing, damaged or of another format.
 */
export function readPendingPatches(vaultDir: string, files: FileChecks): PendingPatches | string {
  const check = files[PENDING_FILE];
  if (!check) return {};
  const key = `${vaultDir}\0${check.bytes}:${check.crc32}`;
  if (lastRead?.key === key) return lastRead.patches;
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(vaultDir, PENDING_FILE));
  } catch {
    return `${PENDING_FILE} is missing`;
  }
  const damage = damageOf(PENDING_FILE, bytes, files);
  if (damage !== undefined) return damage;
  const patches = readPending(bytes.toString("utf8"));
  if (!patches) return `${PENDING_FILE} is of another format`;
  lastRead = { key, patches };
  return patches;
}

/**
 * The identity of a data file as the index holds it: the check meta.json
 * records of its base (`files`), and the CRC-32 of its pending pieces over
 * that base (`patches`), if any. Another file gives another identity (what
 * a side file made of it, such as the link keys, is bound to). Null when
 * `files` does not list it.
 */
export function indexedFileIdentity(rel: string, files: FileChecks, patches: PendingPatches): string | null {
  const check = files[rel];
  if (!check) return null;
  const patch = patches[rel];
  return `${check.bytes}:${check.crc32}${patch ? `+${crc32Hex(pendingText({ [rel]: patch }))}` : ""}`;
}

/**
 * A data file as the index holds it: `base` (its bytes on disk, already
 * held to their check) with the pending pieces of `rel` put together, in a
 * buffer a later write can patch again (see {@link patchSource}); a line
 * saying what is wrong when the pieces do not fit the base.
 */
export function patchedBytes(rel: string, base: Buffer, patches: PendingPatches): Buffer | string {
  const patch: Patch | undefined = patches[rel];
  const bytes = patch ? applyPatch(base, patch) : ownBuffer(base);
  if (bytes === null) return `${rel} is damaged (${PENDING_FILE} does not fit it)`;
  sources.set(bytes.buffer, { rel, bytes, patch: patch ?? (base.length > 0 ? [[0, base.length]] : []) });
  return bytes;
}

/**
 * What {@link patchedBytes} gives for a base on disk, read from the file
 * straight into its places in the patched bytes (no copy of the base is
 * made): the base is held to `check` as it is read (its length, then the
 * CRC-32 of all its bytes in order, those the patch leaves out included),
 * and a damaged one is said as `damageOf` says it. Null when the patch is
 * not made of ranges in order that fit the base (the caller then reads the
 * base whole).
 */
export function readPatchedFile(file: string, rel: string, patch: Patch, check: FileCheck): Buffer | string | null {
  let end = 0;
  for (const piece of patch) {
    if (piece instanceof Uint8Array) continue;
    if (piece[0] < end || piece[1] > check.bytes) return null;
    end = piece[1];
  }
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    if (size !== check.bytes) return `${rel} is damaged (${size} bytes, ${check.bytes} written)`;
    const bytes = Buffer.allocUnsafeSlow(patchLength(patch));
    const crc = readInto(fd, bytes, patch, size);
    if (crc === null) return null;
    if (crcHex(crc) !== check.crc32) return `${rel} is damaged (checksum)`;
    sources.set(bytes.buffer, { rel, bytes, patch });
    return bytes;
  } finally {
    closeSync(fd);
  }
}

// Fills `out` as `patch` makes it of the base in `fd` (`size` bytes), reading each range of the base into its place and
// the bytes between them into a scratch buffer: the CRC-32 of the whole base, in order. Null when the file ends early.
function readInto(fd: number, out: Buffer, patch: Patch, size: number): number | null {
  let crc = 0;
  let base = 0;
  let at = 0;
  const skip = (to: number): boolean => {
    const scratch = Buffer.allocUnsafe(Math.min(to - base, 1 << 20));
    for (; base < to; ) {
      const n = readSync(fd, scratch, 0, Math.min(scratch.length, to - base), base);
      if (n === 0) return false;
      crc = crc32(scratch.subarray(0, n), crc);
      base += n;
    }
    return true;
  };
  for (const piece of patch) {
    if (piece instanceof Uint8Array) {
      out.set(piece, at);
      at += piece.length;
      continue;
    }
    if (piece[0] > base && !skip(piece[0])) return null;
    for (const stop = at + piece[1] - piece[0]; at < stop; ) {
      const n = readSync(fd, out, at, stop - at, base);
      if (n === 0) return null;
      crc = crc32(out.subarray(at, at + n), crc);
      at += n;
      base += n;
    }
  }
  return base < size && !skip(size) ? null : crc;
}

/** The file a slice handed out by {@link patchedBytes} belongs to, with the patch it was made of; undefined for other bytes. */
export function patchSource(piece: Uint8Array): (PatchedFile & { rel: string }) | undefined {
  return sources.get(piece.buffer);
}

// The bytes in memory of their own: a small file may have been read into a slice of a shared pool.
function ownBuffer(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}
