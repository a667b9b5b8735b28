import { compareStrings } from "../util/compare.js";
import { LAYER_FIELDS } from "../layers/classify.js";
import type { LayerEntry } from "../layers/types.js";
import type { GroupIndex, ManifestEntry, VaultIndexes } from "./types.js";

// The bytes of the JSON exports: two-space indent, trailing newline, so the same notes always give the same
// files. Large files are made in pieces (one native JSON.stringify each), never as one 60 MB string.

/** File name (relative to `index/`) → file text. */
export type IndexFileTexts = Record<string, string>;

/** File name (relative to `index/`) → its text, in pieces, made from the indexes. */
export const INDEX_FILES: Readonly<Record<string, (indexes: VaultIndexes) => Iterable<string>>> = Object.freeze({
  "manifest.json": (i: VaultIndexes) => jsonArrayChunks(i.manifest),
  "by_project.json": (i: VaultIndexes) => groupChunks(i.by_project),
  "by_type.json": (i: VaultIndexes) => groupChunks(i.by_type),
  "by_tag.json": (i: VaultIndexes) => groupChunks(i.by_tag),
  "graph.json": (i: VaultIndexes) => groupChunks(i.graph),
  "links.json": (i: VaultIndexes) => groupChunks(i.links),
});

/** The five indexes and `links.json`, each as its whole text. */
export function serializeIndexes(indexes: VaultIndexes): IndexFileTexts {
  return Object.fromEntries(Object.entries(INDEX_FILES).map(([name, serialize]) => [name, [...serialize(indexes)].join("")]));
}

/** `index/manifest.json`'s text: the entries in path order, keys as `toManifestEntry` builds them. */
export function serializeManifest(manifest: readonly ManifestEntry[]): string {
  return serializeJson(manifest);
}

/** A group index's text (`by_*.json`, `graph.json`, `links.json`): keys in code-unit order. */
export function serializeGroups(index: GroupIndex): string {
  return [...groupChunks(index)].join("");
}

/** Any value as deterministic pretty JSON with a trailing newline (object keys as built). */
export function serializeJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A layer file (`layers/*.json`): the entries with only {@link LAYER_FIELDS}, in that order. */
export function layerChunks(entries: readonly LayerEntry[]): Generator<string> {
  return jsonArrayChunks(entries, 500, LAYER_FIELDS);
}

/**
 * A JSON array as {@link serializeJson} writes it, in pieces of `size`
 * items; with `keys`, only those keys of each object, in that order. The
 * items may come one at a time (rows read from the database): only a
 * piece's worth is held at once.
 */
export function* jsonArrayChunks(items: Iterable<unknown>, size = 100, keys?: readonly string[]): Generator<string> {
  let batch: unknown[] = [];
  let first = true;
  // "[\n  {…}\n]" → its entries, framed as one array.
  const piece = () => `${first ? "[\n" : ",\n"}${JSON.stringify(batch, keys ? [...keys] : null, 2).slice(2, -2)}`;
  for (const item of items) {
    batch.push(item);
    if (batch.length < size) continue;
    yield piece();
    [batch, first] = [[], false];
  }
  if (batch.length > 0) yield piece();
  else if (first) return yield "[]\n";
  yield "\n]\n";
}

/**
 * {@link serializeGroups} in pieces of about `size` list items. JSON.stringify
 * would put integer-like keys (a tag `2024`) first: such an object is written
 * member by member in code-unit order.
 */
export function* groupChunks(index: GroupIndex, size = 2000): Generator<string> {
  const keys = Object.keys(index);
  if (keys.length === 0) return yield "{}\n";
  if (!keys.some(isArrayIndex) && isSorted(keys)) return yield serializeJson(index);
  keys.sort(compareStrings);
  let batch: string[] = [];
  let items = 0;
  let first = true;
  const flush = () => {
    const text = batch.map((key) => membersText(key, index[key]!)).join(",\n");
    const piece = `${first ? "{\n" : ",\n"}${text}`;
    [batch, items, first] = [[], 0, false];
    return piece;
  };
  for (const key of keys) {
    batch.push(key);
    items += index[key]!.length + 1;
    if (items >= size) yield flush();
  }
  if (batch.length > 0) yield flush();
  yield "\n}\n";
}

// One member as JSON.stringify(…, null, 2) writes it inside its object.
function membersText(key: string, list: readonly string[]): string {
  const items = list.length === 0 ? "[]" : `[\n${list.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]`;
  return `  ${JSON.stringify(key)}: ${items}`;
}

function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (compareStrings(keys[i - 1]!, keys[i]!) > 0) return false;
  return true;
}

// Keys a JS object orders first, numerically: "0", "7", "4294967294" (not "07" or "-1").
function isArrayIndex(key: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}
