import { LAYER_FIELDS } from "../layers/classify.js";
import type { LayerEntry } from "../layers/types.js";
import { JSON_ARRAY_FRAME, type Frame } from "./frame.js";
import { jsonArrayEntries, jsonArrayPieces } from "./json-array.js";

/**
 * The format of `layers/hot.json`, `layers/warm.json` and `layers/cold.json`:
 * a JSON array of the layer's atoms in the layer's order, each with only
 * {@link LAYER_FIELDS} in that order, two-space indent, trailing newline. The
 * one place their bytes are defined: the full run, the threaded run and the
 * insertion of new atoms all write through these.
 */

/** What stands around and between a layer's entries. */
export const LAYER_FRAME: Frame = JSON_ARRAY_FRAME;

/** Consecutive entries as they stand inside a layer file, joined by the separator; "" for none. */
export function layerEntriesText(entries: readonly LayerEntry[]): string {
  return jsonArrayEntries(entries, LAYER_FIELDS);
}

/** A whole layer file in pieces of 500 entries, never one large string (the cold layer of 100k atoms). */
export function layerPieces(entries: readonly LayerEntry[]): Generator<string> {
  return jsonArrayPieces(entries, 500, LAYER_FIELDS);
}

/** A whole layer file. */
export function layerText(entries: readonly LayerEntry[]): string {
  return [...layerPieces(entries)].join("");
}
