import { compareStrings } from "../util/compare.js";
import { pathFromField } from "../util/text.js";
import type { ByteEdit } from "./splice.js";
import type { ManifestEntry } from "./types.js";
import { GROUP_ITEM_START, GROUP_LIST_FRAME, GROUP_MEMBER_START, GROUPS_FRAME, groupItemInsertText, groupMemberInsertText } from "../formats/groups.js";
import { MANIFEST_ENTRY_END, MANIFEST_ENTRY_START, manifestEntriesEnd } from "../formats/manifest.js";

/**
 * Insertions into index files this tool wrote, found by binary search over
 * their bytes: a note added to a 100k vault goes where it sorts without
 * parsing the 60 MB manifest or the group files. Every file involved lists
 * its items in code-unit order (`compareStrings`). Each function returns null
 * when the file is not laid out as expected; the caller then rebuilds.
 */

/**
 * The offset of the first `marker` in `buf[from, end)` whose key (`keyAt`
 * the marker's offset) is not below `key`, and whether it equals it; `at` is
 * `end` when every key is below it. Markers must start every item and occur
 * nowhere else in that range, in key order.
 */
export function firstAtOrAfter(buf: Buffer, marker: string, keyAt: (at: number) => string | null, range: [from: number, end: number], key: string): { at: number; found: boolean } | null {
  const [from, end] = range;
  let lo = from;
  let hi = end;
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    const p = buf.indexOf(marker, mid);
    if (p === -1 || p >= hi) {
      hi = mid;
      continue;
    }
    const k = keyAt(p);
    if (k === null) return null;
    if (compareStrings(k, key) < 0) lo = p + 1;
    else hi = p;
  }
  const p = buf.indexOf(marker, lo);
  if (p === -1 || p >= end) return { at: end, found: false };
  const k = keyAt(p);
  return k === null ? null : { at: p, found: k === key };
}

/** The path of the search.tsv line after the newline at `at`. */
export function searchLinePath(buf: Buffer, at: number): string | null {
  const tab = buf.indexOf(9, at + 1);
  const nl = buf.indexOf(10, at + 1);
  if (tab === -1 || (nl !== -1 && nl < tab)) return null;
  return pathFromField(buf.toString("utf8", at + 1, tab));
}

/** The path of the manifest entry whose marker is at `at`. */
export function manifestEntryPath(buf: Buffer, at: number): string | null {
  const start = at + MANIFEST_ENTRY_START.length;
  const end = buf.indexOf(",\n", start);
  return end === -1 ? null : parseString(buf.toString("utf8", start, end));
}

/** The entry of `path` in manifest.json, found by binary search; null when it has none. */
export function manifestEntryAt(buf: Buffer, path: string): ManifestEntry | null {
  const end = manifestEntriesEnd(buf);
  const place = end === -1 ? null : firstAtOrAfter(buf, MANIFEST_ENTRY_START, (at) => manifestEntryPath(buf, at), [0, end], path);
  const close = place?.found ? buf.indexOf(MANIFEST_ENTRY_END, place.at + 1) : -1;
  if (close === -1) return null;
  try {
    return JSON.parse(buf.toString("utf8", place!.at + 1, close + MANIFEST_ENTRY_END.length)) as ManifestEntry;
  } catch {
    return null;
  }
}

/** The aliases of the manifest's entries that have any (few in most vaults), by path, found by their bytes; null when not laid out as expected. */
export function aliasesByPath(manifest: Buffer): Map<string, string[]> | null {
  const found = new Map<string, string[]>();
  const key = '\n    "aliases": [\n';
  for (let at = manifest.indexOf(key); at !== -1; at = manifest.indexOf(key, at + 1)) {
    const start = manifest.lastIndexOf(MANIFEST_ENTRY_START, at);
    const path = start === -1 ? null : manifestEntryPath(manifest, start);
    const close = manifest.indexOf("\n    ]", at);
    if (path === null || close === -1) return null;
    const list = parseList(manifest.toString("utf8", at + key.length - 2, close + 6));
    if (!list) return null;
    found.set(path, list as string[]);
  }
  return found;
}

/** The key of the group line whose marker is at `at` (`  "key": [`). */
export function groupKey(buf: Buffer, at: number): string | null {
  const nl = buf.indexOf(10, at + 1);
  // From the key's opening quote, the marker's last byte.
  const line = buf.toString("utf8", at + GROUP_MEMBER_START.length - 1, nl === -1 ? buf.length : nl);
  const colon = line.lastIndexOf('": [');
  return colon === -1 ? null : parseString(line.slice(0, colon + 1));
}

/**
 * The edits that add each `[key, path]` to a group index (`by_tag.json`…):
 * into the key's sorted list (nothing when it is there), or as a new key
 * where it sorts. The same bytes `groupChunks` writes for the grown index.
 */
export function groupInsertEdits(buf: Buffer, additions: readonly [key: string, path: string][]): ByteEdit[] | null {
  const end = buf.lastIndexOf(GROUPS_FRAME.close);
  if (end === -1 || buf.indexOf(GROUP_MEMBER_START) === -1) return null;
  const byKey = new Map<string, string[]>();
  for (const [key, path] of additions) (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(path);
  const edits: ByteEdit[] = [];
  for (const key of [...byKey.keys()].sort(compareStrings)) {
    const paths = [...new Set(byKey.get(key))].sort(compareStrings);
    const place = firstAtOrAfter(buf, GROUP_MEMBER_START, (at) => groupKey(buf, at), [0, end], key);
    if (!place) return null;
    const more = place.found ? listInsertEdits(buf, place.at, paths) : [newMember(place.at, end, key, paths)];
    if (!more) return null;
    edits.push(...more);
  }
  return edits;
}

/**
 * The edits that add members (source path → its list) to graph.json or
 * links.json, none of which is there yet, each where its key sorts.
 */
export function memberInsertEdits(buf: Buffer, members: readonly [string, readonly string[]][]): ByteEdit[] | null {
  const end = buf.lastIndexOf(GROUPS_FRAME.close);
  if (end === -1 || buf.indexOf(GROUP_MEMBER_START) === -1) return null;
  const edits: ByteEdit[] = [];
  for (const [key, list] of [...members].sort((a, b) => compareStrings(a[0], b[0]))) {
    const place = firstAtOrAfter(buf, GROUP_MEMBER_START, (at) => groupKey(buf, at), [0, end], key);
    if (!place || place.found) return null;
    edits.push(newMember(place.at, end, key, list));
  }
  return edits;
}

// A member `  "key": [list]` inserted before the member whose marker is at `at`, or after the last one (`at` = `end`).
function newMember(at: number, end: number, key: string, list: readonly string[]): ByteEdit {
  const start = at === end ? end : at + 1;
  return { start, end: start, bytes: Buffer.from(groupMemberInsertText(key, list, at === end)) };
}

// Insertions of `paths` (sorted) into the list of the key whose line starts at `keyAt`; the ones there already are left out.
function listInsertEdits(buf: Buffer, keyAt: number, paths: readonly string[]): ByteEdit[] | null {
  const open = buf.indexOf(10, keyAt + 1);
  const close = buf.indexOf(GROUP_LIST_FRAME.close, open);
  if (open === -1 || buf[open - 1] !== 0x5b || close === -1) return null;
  const edits: ByteEdit[] = [];
  for (const path of paths) {
    const place = firstAtOrAfter(buf, GROUP_ITEM_START, (at) => listItem(buf, at), [open, close], path);
    if (!place) return null;
    if (place.found) continue;
    const last = place.at === close;
    const start = last ? close : place.at + 1;
    edits.push({ start, end: start, bytes: Buffer.from(groupItemInsertText(path, last)) });
  }
  return edits;
}

// The string of a list line (`    "path",`) whose newline is at `at`.
function listItem(buf: Buffer, at: number): string | null {
  const nl = buf.indexOf(10, at + 1);
  const line = buf.toString("utf8", at + GROUP_ITEM_START.length, nl === -1 ? buf.length : nl);
  return parseString(line.endsWith(",") ? line.slice(0, -1) : line);
}

function parseList(json: string): string[] | null {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null;
  } catch {
    return null;
  }
}

function parseString(json: string): string | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** `buf` with ASCII letters lower-cased (other bytes as they are): for case-blind byte searches. */
export function asciiLowerCase(buf: Buffer): Buffer {
  const out = Buffer.allocUnsafe(buf.length);
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    out[i] = c >= 65 && c <= 90 ? c + 32 : c;
  }
  return out;
}
