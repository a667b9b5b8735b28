import { crc32, crcHex } from "../util/crc32.js";
import { bodyBeforeEndLine, endLine, withEndLine } from "./end-line.js";
import { pathField, pathFromField } from "../util/text.js";

/**
 * The format of `index/link-keys.tsv`: the keys by which the link targets
 * of `graph.json` can name a file (each target's file-name key and alias
 * key, see `targetKeys`), so that a write can tell that no old link can
 * open the note it adds without reading graph.json. A header line (format,
 * the identity of the graph.json it was made of, and whether a target is
 * loose: its last segment empty, `.` or `..`), then one line per key —
 * `hash⇥key` (the key's FNV-1a hash as 8 hex digits; the key as a path
 * field) — sorted by hash, then key, each key once; then an end line with
 * the CRC-32 of everything before it. A function of the graph's targets
 * and identity only: the same graph gives the same bytes.
 */

/** The start of the header line. */
export const LINK_KEYS_HEADER = "#cortex-link-keys/1";

/** The keys of a set of link targets, and whether one of them is loose. */
export interface LinkKeySet {
  keys: ReadonlySet<string>;
  loose: boolean;
}

/** What a header line says. */
export interface LinkKeysHeader {
  /** The identity of the graph.json the keys were made of. */
  identity: string;
  loose: boolean;
}

/** FNV-1a (32 bits) over a key's UTF-16 code units: what the lines are sorted and found by. */
function fnv(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A key's hash as its line starts with it: 8 hex digits. */
export function linkKeyHash(key: string): string {
  return hex8(fnv(key));
}

function hex8(value: number): string {
  return value.toString(16).padStart(8, "0");
}

function headerLine(header: LinkKeysHeader): string {
  return `${LINK_KEYS_HEADER}\t${JSON.stringify(header.identity)}\t${header.loose ? 1 : 0}\n`;
}

/** A key's line. A line starts with its hash: code-unit order of the lines is hash order, then key order (file order). */
function keyLine(key: string): string {
  return `${linkKeyHash(key)}\t${pathField(key)}\n`;
}

/** The whole file's text for `set`, made of the graph.json of identity `identity`. */
export function linkKeysText(identity: string, set: LinkKeySet): string {
  const keys = [...set.keys];
  const hashes = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) hashes[i] = fnv(keys[i]!);
  const parts = [headerLine({ identity, loose: set.loose })];
  for (const i of hashOrder(hashes, keys)) parts.push(`${hex8(hashes[i]!)}\t${pathField(keys[i]!)}\n`);
  return withEndLine(parts.join(""));
}

/**
 * The indexes of `keys` in line order (hash, then key; see {@link keyLine})
 * without comparing strings but within a hash: a bucket sort on the hash's
 * top bits (about two keys a bucket), then each bucket sorted on its own.
 */
function hashOrder(hashes: Uint32Array, keys: readonly string[]): Uint32Array {
  const bits = Math.max(1, Math.min(24, Math.ceil(Math.log2(keys.length + 1))));
  const shift = 32 - bits;
  const starts = new Uint32Array((1 << bits) + 1);
  for (let i = 0; i < hashes.length; i++) starts[(hashes[i]! >>> shift) + 1]!++;
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  const order = new Uint32Array(keys.length);
  const next = starts.slice(0, -1);
  for (let i = 0; i < hashes.length; i++) order[next[hashes[i]! >>> shift]!++] = i;
  // Within a hash, by the whole line: the order binary searches over the file's lines compare by.
  const before = (a: number, b: number) => (hashes[a] === hashes[b] ? keyLine(keys[a]!) < keyLine(keys[b]!) : hashes[a]! < hashes[b]!);
  for (let b = 0; b + 1 < starts.length; b++) {
    // Insertion sort: a bucket holds a few keys.
    for (let i = starts[b]! + 1; i < starts[b + 1]!; i++) {
      const item = order[i]!;
      let j = i;
      for (; j > starts[b]! && before(item, order[j - 1]!); j--) order[j] = order[j - 1]!;
      order[j] = item;
    }
  }
  return order;
}

/**
 * The body of a file's bytes (everything before the end line) when the end
 * line's CRC-32 matches it; null otherwise (cut short, garbled, not one).
 */
export function linkKeysBody(buf: Buffer): Buffer | null {
  return bodyBeforeEndLine(buf);
}

/** The header of a body (see {@link linkKeysBody}); null when it is not one of this format. */
export function linkKeysHeader(body: Buffer): LinkKeysHeader | null {
  const end = body.indexOf(10);
  const line = body.toString("utf8", 0, end);
  const parts = line.split("\t");
  if (end === -1 || parts.length !== 3 || parts[0] !== LINK_KEYS_HEADER || (parts[2] !== "0" && parts[2] !== "1")) return null;
  try {
    const identity: unknown = JSON.parse(parts[1]!);
    return typeof identity === "string" ? { identity, loose: parts[2] === "1" } : null;
  } catch {
    return null;
  }
}

/**
 * Where the line of `key` is in a body, or would go: the offset of the
 * first line that sorts at or after it, and whether it is that key's. Found
 * by binary search over the bytes (a line's start is after the `\n` before
 * it), decoding only the lines it looks at.
 */
function placeOf(body: Buffer, key: string): { at: number; found: boolean } {
  const wanted = keyLine(key);
  let lo = body.indexOf(10) + 1;
  let hi = body.length;
  // Invariant: every line starting before `lo` sorts before `wanted`; the line at `hi` (if any) at or after it.
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    const start = body.lastIndexOf(10, mid - 1) + 1;
    const lineStart = start < lo ? lo : start;
    const end = body.indexOf(10, lineStart) + 1;
    const line = body.toString("utf8", lineStart, end);
    if (line < wanted) lo = end;
    else hi = lineStart;
  }
  const end = body.indexOf(10, lo) + 1;
  return { at: lo, found: end > lo && body.toString("utf8", lo, end) === wanted };
}

/** Whether a body (see {@link linkKeysBody}) lists `key`. */
export function hasLinkKey(body: Buffer, key: string): boolean {
  return placeOf(body, key).found;
}

/** Every key a body lists, in file order. */
export function linkKeysOf(body: Buffer): string[] {
  const lines = body.toString("utf8", body.indexOf(10) + 1).split("\n");
  lines.pop();
  return lines.map((line) => pathFromField(line.slice(line.indexOf("\t") + 1)));
}

/**
 * The file's pieces for a body's keys and `more`, made of the graph.json of
 * identity `identity` (`loose`: one of the new targets is loose): the lines
 * of the new keys inserted where they sort, the rest of the body's bytes as
 * they are, then the end line. The same bytes as {@link linkKeysText} of
 * all the keys.
 */
export function linkKeysWithMore(body: Buffer, identity: string, more: LinkKeySet): (string | Uint8Array)[] {
  const header = linkKeysHeader(body)!;
  // In line order, so in the order of their places.
  const inserts = [...more.keys].map((key) => ({ line: keyLine(key), place: placeOf(body, key) })).filter((k) => !k.place.found);
  inserts.sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
  const pieces: (string | Uint8Array)[] = [headerLine({ identity, loose: header.loose || more.loose })];
  let from = body.indexOf(10) + 1;
  for (const { line, place } of inserts) {
    if (place.at > from) pieces.push(body.subarray(from, place.at));
    pieces.push(line);
    from = place.at;
  }
  pieces.push(body.subarray(from));
  let crc = 0;
  for (const piece of pieces) crc = crc32(piece, crc);
  pieces.push(endLine(crcHex(crc)));
  return pieces;
}
