import { JSON_ARRAY_FRAME, framedPieces } from "./frame.js";

/**
 * The entries of a JSON array of objects as they stand inside the array that
 * `JSON.stringify(items, null, 2)` writes (indented two spaces, joined by the
 * frame's separator, without the brackets): one native call. "" when empty.
 * With `keys`, only those keys of each object, in that order.
 */
export function jsonArrayEntries(items: readonly unknown[], keys?: readonly string[]): string {
  // `keys`: JSON.stringify's replacer list writes only these, in this order.
  const json = JSON.stringify(items, keys ? [...keys] : null, 2);
  // "[\n  {…},\n  {…}\n]" → its entries.
  return json.length <= 2 ? "" : json.slice(2, -2);
}

/** One entry of such an array exactly as it stands inside it (indented two spaces, no separator). */
export function jsonArrayEntry(item: unknown): string {
  return `  ${JSON.stringify(item, null, 2).replace(/\n/g, "\n  ")}`;
}

/**
 * A JSON array as `JSON.stringify(items, null, 2)` writes it, plus a trailing
 * newline, in pieces of `size` items, each made by one native call: the same
 * bytes without one 60 MB string in memory (the manifest, the cold layer).
 */
export function* jsonArrayPieces(items: readonly unknown[], size = 100, keys?: readonly string[]): Generator<string> {
  yield* framedPieces(JSON_ARRAY_FRAME, slices(items, size, keys));
}

function* slices(items: readonly unknown[], size: number, keys?: readonly string[]): Generator<string> {
  for (let i = 0; i < items.length; i += size) yield jsonArrayEntries(items.slice(i, i + size), keys);
}
