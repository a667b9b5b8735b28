import type { GroupIndex, ManifestEntry, VaultIndexes } from "./types.js";
import { compareStrings } from "../util/compare.js";
import { jsonArrayPieces } from "../formats/json-array.js";
import { manifestPieces, manifestText } from "../formats/manifest.js";

/** File name (relative to `index/`) → file text. */
export type IndexFileTexts = Record<string, string>;

/**
 * Serializes the indexes to their JSON files (the five of the seed and `links.json`): two-space indent, sorted
 * keys, trailing newline, so the same vault always gives the same bytes.
 */
export function serializeIndexes(indexes: VaultIndexes): IndexFileTexts {
  return Object.fromEntries(Object.entries(INDEX_FILES).map(([name, serialize]) => {
    const text = serialize(indexes);
    return [name, typeof text === "string" ? text : [...text].join("")];
  }));
}

/**
 * File name (relative to `index/`) → how its text is made from the indexes,
 * as one string or as pieces to be written one after another (the manifest).
 */
export const INDEX_FILES: Readonly<Record<string, (indexes: VaultIndexes) => string | Iterable<string>>> = Object.freeze({
  "manifest.json": (i: VaultIndexes) => manifestPieces(i.manifest),
  "by_project.json": (i: VaultIndexes) => groupChunks(i.by_project),
  "by_type.json": (i: VaultIndexes) => groupChunks(i.by_type),
  "by_tag.json": (i: VaultIndexes) => groupChunks(i.by_tag),
  "graph.json": (i: VaultIndexes) => groupChunks(i.graph),
  "links.json": (i: VaultIndexes) => groupChunks(i.links),
});

/** The manifest's whole text (see formats/manifest.ts). */
export function serializeManifest(manifest: readonly ManifestEntry[]): string {
  return manifestText(manifest);
}

/**
 * A JSON array as `JSON.stringify(items, null, 2)` writes it, plus a trailing
 * newline, in pieces of `size` items (see formats/json-array.ts). With
 * `keys`, only those keys of each object are written, in that order.
 */
export function jsonArrayChunks(items: readonly unknown[], size = 100, keys?: readonly string[]): Generator<string> {
  return jsonArrayPieces(items, size, keys);
}

/**
 * A group index as JSON with keys in code-unit order (JSON.stringify would
 * put integer-like keys such as a tag `2024` first).
 */
export function serializeGroups(index: GroupIndex): string {
  return [...groupChunks(index)].join("");
}

/**
 * {@link serializeGroups} in pieces of about `size` values each, so that a
 * 20 MB index is never one string: the same bytes. An index whose keys were
 * inserted in order is one native JSON.stringify (twice as fast as pieces).
 */
export function* groupChunks(index: GroupIndex, size = 2000): Generator<string> {
  const keys = Object.keys(index);
  if (keys.length === 0) return yield "{}\n";
  // With an integer-like key, JSON.stringify would reorder: each key is written by hand.
  const native = !keys.some(isArrayIndex);
  // Keys already in order (graph and links are built in path order): the object itself is what a piece would copy.
  if (native && isSorted(keys)) return yield `${JSON.stringify(index, null, 2)}\n`;
  keys.sort(compareStrings);
  let batch: string[] = [];
  let values = 0;
  let first = true;
  const flush = (): string => {
    const text = native ? nativeMembers(index, batch) : batch.map((key) => `  ${JSON.stringify(key)}: ${array(index[key]!, "  ")}`).join(",\n");
    const piece = first ? `{\n${text}` : `,\n${text}`;
    first = false;
    batch = [];
    values = 0;
    return piece;
  };
  for (const key of keys) {
    batch.push(key);
    values += index[key]!.length + 1;
    if (values >= size) yield flush();
  }
  if (batch.length > 0) yield flush();
  yield "\n}\n";
}

// The members of an object of these keys, in this order, as JSON.stringify(…, null, 2) writes them (without the braces).
function nativeMembers(index: GroupIndex, keys: readonly string[]): string {
  const ordered: GroupIndex = Object.create(null);
  for (const key of keys) ordered[key] = index[key]!;
  return JSON.stringify(ordered, null, 2).slice(2, -2);
}

/** Any value as deterministic pretty JSON with a trailing newline (object keys as built). */
export function serializeJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (compareStrings(keys[i - 1]!, keys[i]!) > 0) return false;
  return true;
}

// Keys a JS object orders first, numerically: "0", "7", "4294967294" (not "07" or "-1").
function isArrayIndex(key: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}

// A pretty-printed array of scalars whose closing bracket is at `indent`.
function array(values: readonly unknown[], indent: string): string {
  if (values.length === 0) return "[]";
  const inner = `\n${indent}  `;
  return `[${inner}${values.map((v) => JSON.stringify(v)).join(`,${inner}`)}\n${indent}]`;
}
