import { readFileSync } from "node:fs";
import { join } from "node:path";
import { applyPatch, PENDING_FILE, readPending, type Patch, type PatchedFile, type PendingPatches } from "../core/formats/pending.js";
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
