/**
 * The format of `index/pending.json`: small changes to large index files,
 * recorded instead of rewriting them. A write into a 100k-atom vault changes
 * a few hundred bytes of files that weigh ~150 MB; each file it changes is
 * then described as a list of pieces over the file as it is on disk (its
 * base): ranges of the base's bytes, and new bytes. Readers of the index
 * put the pieces together (see `lib/store/pending.ts`); the next run that
 * rewrites a file whole drops its pieces. meta.json holds the check of the
 * base files and of this file, so damage to either is found as before.
 */

/** A piece of a file: bytes [start, end) of its base file, or new bytes. */
export type PatchPiece = readonly [start: number, end: number] | Uint8Array;

/** A file as pieces over its base (see {@link PatchPiece}). */
export type Patch = readonly PatchPiece[];

/** Vault-relative path of an index file → its pieces. */
export type PendingPatches = Readonly<Record<string, Patch>>;

/** The version of pending.json; another is not read (the index is rebuilt). */
export const PENDING_FORMAT = 1;

/** The vault-relative path of the file. */
export const PENDING_FILE = "index/pending.json";

/** The text of pending.json: new bytes as base64 strings, ranges as `[start, end]`; files by path. */
export function pendingText(patches: PendingPatches): string {
  const files: Record<string, (readonly [number, number] | string)[]> = {};
  for (const rel of Object.keys(patches).sort()) {
    files[rel] = patches[rel]!.map((piece) => (piece instanceof Uint8Array ? Buffer.from(piece).toString("base64") : [piece[0], piece[1]]));
  }
  return `${JSON.stringify({ format: PENDING_FORMAT, files })}\n`;
}

/** Parses pending.json's text; null when it is not one this version writes. */
export function readPending(text: string): PendingPatches | null {
  try {
    const parsed = JSON.parse(text) as { format?: unknown; files?: unknown };
    if (parsed.format !== PENDING_FORMAT || typeof parsed.files !== "object" || parsed.files === null) return null;
    const out: Record<string, Patch> = {};
    for (const [rel, pieces] of Object.entries(parsed.files as Record<string, unknown>)) {
      if (!Array.isArray(pieces)) return null;
      const patch: PatchPiece[] = [];
      for (const piece of pieces as unknown[]) {
        if (typeof piece === "string") patch.push(Buffer.from(piece, "base64"));
        else if (isRange(piece)) patch.push([piece[0], piece[1]]);
        else return null;
      }
      out[rel] = patch;
    }
    return out;
  } catch {
    return null;
  }
}

function isRange(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && Number.isSafeInteger(value[1]) && value[0] >= 0 && value[0] < value[1];
}

/** The length of the file a patch makes. */
export function patchLength(patch: Patch): number {
  let length = 0;
  for (const piece of patch) length += piece instanceof Uint8Array ? piece.length : piece[1] - piece[0];
  return length;
}

/** How many new bytes a patch holds (what pending.json grows by). */
export function patchNewBytes(patch: Patch): number {
  let length = 0;
  for (const piece of patch) if (piece instanceof Uint8Array) length += piece.length;
  return length;
}

/**
 * The file a patch makes of `base`, in one buffer of its own (never a slice
 * of a shared pool, so its pieces can be told apart later, see
 * {@link patchOf}); null when a range lies outside the base.
 */
export function applyPatch(base: Uint8Array, patch: Patch): Buffer | null {
  const out = Buffer.allocUnsafeSlow(patchLength(patch));
  let at = 0;
  for (const piece of patch) {
    if (piece instanceof Uint8Array) {
      out.set(piece, at);
      at += piece.length;
    } else {
      if (piece[1] > base.length) return null;
      out.set(base.subarray(piece[0], piece[1]), at);
      at += piece[1] - piece[0];
    }
  }
  return out;
}

/** A file in memory and the patch it was made of (`[[0, length]]` for a base read as it is). */
export interface PatchedFile {
  bytes: Uint8Array;
  patch: Patch;
}

/**
 * The patch over the same base that makes the file `pieces` form, when they
 * are slices of `source.bytes` and new bytes: each slice of the source is
 * traced back to the base ranges and new bytes it was made of; adjacent
 * ranges and new bytes are joined.
 */
export function patchOf(pieces: Iterable<string | Uint8Array>, source: PatchedFile): Patch {
  const out = new PatchBuilder();
  const starts = pieceStarts(source.patch);
  for (const piece of pieces) {
    if (typeof piece === "string") out.add(Buffer.from(piece));
    else if (piece.buffer === source.bytes.buffer && piece.byteOffset >= source.bytes.byteOffset && piece.byteOffset + piece.length <= source.bytes.byteOffset + source.bytes.length) {
      const from = piece.byteOffset - source.bytes.byteOffset;
      traceRange(source.patch, starts, from, from + piece.length, out);
    } else out.add(piece);
  }
  return out.result;
}

// Where each piece of a patch starts in the file it makes.
function pieceStarts(patch: Patch): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const piece of patch) {
    starts.push(at);
    at += piece instanceof Uint8Array ? piece.length : piece[1] - piece[0];
  }
  return starts;
}

// Adds what bytes [from, to) of the file `patch` makes were made of.
function traceRange(patch: Patch, starts: readonly number[], from: number, to: number, out: PatchBuilder): void {
  let i = lastAtOrBefore(starts, from);
  for (let at = from; at < to; i++) {
    const piece = patch[i]!;
    const start = starts[i]!;
    const length = piece instanceof Uint8Array ? piece.length : piece[1] - piece[0];
    const end = Math.min(to, start + length);
    if (piece instanceof Uint8Array) out.add(piece.subarray(at - start, end - start));
    else out.addRange(piece[0] + at - start, piece[0] + end - start);
    at = end;
  }
}

function lastAtOrBefore(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// Pieces of a patch as they are added, adjacent ranges and new bytes joined, empty ones left out.
class PatchBuilder {
  private readonly pieces: PatchPiece[] = [];
  private fresh: Uint8Array[] = [];

  add(bytes: Uint8Array): void {
    if (bytes.length > 0) this.fresh.push(bytes);
  }

  addRange(start: number, end: number): void {
    if (start === end) return;
    this.flush();
    const last = this.pieces[this.pieces.length - 1];
    if (last && !(last instanceof Uint8Array) && last[1] === start) this.pieces[this.pieces.length - 1] = [last[0], end];
    else this.pieces.push([start, end]);
  }

  private flush(): void {
    if (this.fresh.length === 0) return;
    this.pieces.push(Buffer.concat(this.fresh));
    this.fresh = [];
  }

  get result(): Patch {
    this.flush();
    return this.pieces;
  }
}
