import { TEXT_FIELDS } from "../core/fts/fields.js";
import type { SearchRow } from "./fts-rows.js";
import { docTexts, DOC_TEXTS, type SearchDb } from "../store/fts/search-db.js";

/**
 * A chunk of full-text rows as one thread hands them to the thread that
 * inserts them: every text of every row UTF-8 in one buffer, cut by `ends`.
 * The three arrays own their buffers, so they move between threads without
 * a copy, and the inserting thread never makes strings of them
 * ({@link SearchDb.putUtf8}).
 */
export interface RowChunk {
  /** Per row, its mtime (whole µs) and size. */
  numbers: Float64Array;
  /** Per text, where it ends in `bytes`: {@link TEXTS_PER_ROW} a row. */
  ends: Uint32Array;
  bytes: Uint8Array;
}

/** Texts per row: the docs columns, then the full-text fields. */
const TEXTS_PER_ROW = DOC_TEXTS.length + TEXT_FIELDS.length;

/** The rows as a {@link RowChunk}. */
export function encodeRowChunk(rows: readonly SearchRow[]): RowChunk {
  const texts: string[] = [];
  const numbers = new Float64Array(rows.length * 2);
  rows.forEach((row, r) => {
    numbers[2 * r] = row.mtimeUs;
    numbers[2 * r + 1] = row.size;
    for (const text of docTexts(row.atom)) texts.push(text);
    for (const field of TEXT_FIELDS) texts.push(row.text[field]);
  });
  const ends = new Uint32Array(texts.length);
  let total = 0;
  texts.forEach((text, i) => (ends[i] = total += Buffer.byteLength(text, "utf8")));
  // Its own buffer (not the shared pool of small Buffers), so that it can be moved to another thread.
  const bytes = Buffer.allocUnsafeSlow(total);
  texts.forEach((text, i) => bytes.write(text, i === 0 ? 0 : ends[i - 1]!, "utf8"));
  return { numbers, ends, bytes };
}

/** The buffers of a chunk, to move it to another thread. */
export function rowChunkBuffers(chunk: RowChunk): ArrayBuffer[] {
  return [chunk.numbers.buffer as ArrayBuffer, chunk.ends.buffer as ArrayBuffer, chunk.bytes.buffer as ArrayBuffer];
}

/** Inserts a chunk's rows into a database that has none of their paths; returns how many. */
export function insertRowChunk(store: SearchDb, chunk: RowChunk): number {
  const rows = chunk.numbers.length / 2;
  const texts: Uint8Array[] = new Array(chunk.ends.length);
  for (let i = 0, start = 0; i < chunk.ends.length; start = chunk.ends[i++]!) texts[i] = chunk.bytes.subarray(start, chunk.ends[i]);
  for (let r = 0; r < rows; r++) store.putUtf8({ mtimeUs: chunk.numbers[2 * r]!, size: chunk.numbers[2 * r + 1]! }, texts, r * TEXTS_PER_ROW);
  return rows;
}
