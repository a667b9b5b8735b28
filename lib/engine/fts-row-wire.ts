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
  const numbers = new Float64Array(rows.length * 2);
  const out = new TextSink(rows.reduce((sum, row) => sum + row.text.body.length, 0) + rows.length * 512, rows.length * TEXTS_PER_ROW);
  rows.forEach((row, r) => {
    numbers[2 * r] = row.mtimeUs;
    numbers[2 * r + 1] = row.size;
    for (const text of docTexts(row.atom)) out.put(text);
    for (const field of TEXT_FIELDS) out.put(row.text[field]);
  });
  return { numbers, ends: out.ends, bytes: out.bytes() };
}

/**
 * Texts written one after the other as UTF-8 into one buffer, each written
 * once (not measured first), the buffer grown when a text may not fit.
 */
class TextSink {
  readonly ends: Uint32Array;
  private buffer: Buffer;
  private length = 0;
  private count = 0;

  constructor(capacity: number, texts: number) {
    // Its own buffer (not the shared pool of small Buffers), so that it can be moved to another thread.
    this.buffer = Buffer.allocUnsafeSlow(capacity);
    this.ends = new Uint32Array(texts);
  }

  put(text: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8: only a text that may not fit is measured.
    if (this.buffer.length - this.length < text.length * 3) this.reserve(Buffer.byteLength(text, "utf8"));
    this.length += this.buffer.write(text, this.length, "utf8");
    this.ends[this.count++] = this.length;
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.length + bytes, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
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
