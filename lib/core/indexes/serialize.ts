import type { GroupIndex, ManifestEntry, VaultIndexes } from "./types.js";
import { groupsPieces, groupsText } from "../formats/groups.js";
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
  "by_project.json": (i: VaultIndexes) => groupsPieces(i.by_project),
  "by_type.json": (i: VaultIndexes) => groupsPieces(i.by_type),
  "by_tag.json": (i: VaultIndexes) => groupsPieces(i.by_tag),
  "graph.json": (i: VaultIndexes) => groupsPieces(i.graph),
  "links.json": (i: VaultIndexes) => groupsPieces(i.links),
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

/** A group index's whole text (see formats/groups.ts). */
export function serializeGroups(index: GroupIndex): string {
  return groupsText(index);
}

/** {@link serializeGroups} in pieces of about `size` values each (see formats/groups.ts). */
export function groupChunks(index: GroupIndex, size = 2000): Generator<string> {
  return groupsPieces(index, size);
}

export { serializeJson } from "../formats/frame.js";
