import type { Atom } from "../atoms/types.js";
import { JSON_ARRAY_FRAME, insertedEntry, type Frame } from "./frame.js";
import { jsonArrayEntries, jsonArrayEntry, jsonArrayPieces } from "./json-array.js";

/**
 * The format of `index/manifest.json`: a JSON array of the atoms' entries in
 * path order, two-space indent, keys in the order `toManifestEntry` builds
 * them, trailing newline. The one place its bytes are defined: the full run,
 * the part worker, the splice of a changed entry and the insertion of a new
 * one all write through these.
 */

/**
 * One atom in `index/manifest.json`: the atom's fields plus its backlink
 * count. Keys are written in the order `toManifestEntry` builds them.
 */
export interface ManifestEntry extends Atom {
  /** Number of other atoms whose links resolve to this one. */
  backlinks: number;
}

/** What stands around and between the manifest's entries. */
export const MANIFEST_FRAME: Frame = JSON_ARRAY_FRAME;

/** The bytes that start every entry, up to its path (which comes first): entries are found by it. */
export const MANIFEST_ENTRY_START = '\n  {\n    "path": ';

/** The bytes that end every entry (its closing brace). */
export const MANIFEST_ENTRY_END = "\n  }";

/** The bytes that start the entry of `path`, up to the line after its path. */
export function manifestEntryStart(path: string): string {
  return `${MANIFEST_ENTRY_START}${JSON.stringify(path)},\n`;
}

/** The offset in a manifest's bytes where its entries end (its closing frame starts); -1 when it has none. */
export function manifestEntriesEnd(buf: Buffer): number {
  return buf.lastIndexOf(MANIFEST_FRAME.close);
}

/** One entry exactly as it stands inside manifest.json (indented two spaces, no separator). */
export function manifestEntryText(entry: ManifestEntry): string {
  return jsonArrayEntry(entry);
}

/** Consecutive entries as they stand inside manifest.json, joined by the separator; "" for none. */
export function manifestEntriesText(entries: readonly ManifestEntry[]): string {
  return jsonArrayEntries(entries);
}

/** The whole file. One native JSON.stringify: far faster than entry by entry. */
export function manifestText(entries: readonly ManifestEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/** The whole file in pieces of `size` entries: the same bytes as {@link manifestText}, never one large string. */
export function manifestPieces(entries: readonly ManifestEntry[], size = 100): Generator<string> {
  return jsonArrayPieces(entries, size);
}

/** The bytes that insert `entry` into a manifest with entries: before an entry's text, or after the last one (`last`). */
export function manifestInsertText(entry: ManifestEntry, last: boolean): string {
  return insertedEntry(MANIFEST_FRAME, manifestEntryText(entry), last);
}
