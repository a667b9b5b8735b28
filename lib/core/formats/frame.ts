/**
 * The frame of an index file: what stands around and between its entries.
 * Every way of writing a file (whole in one thread, in parts by a worker,
 * an entry spliced or inserted into the previous bytes) frames entries with
 * the same four strings, so all of them give the same bytes.
 */
export interface Frame {
  /** Before the first entry (a JSON opening bracket, or a header line). */
  open: string;
  /** Between two entries. */
  separator: string;
  /** After the last entry. */
  close: string;
  /** The whole file when it has no entry. */
  empty: string;
}

/** A JSON array as `JSON.stringify(items, null, 2)` writes it, with a trailing newline. */
export const JSON_ARRAY_FRAME: Frame = Object.freeze({ open: "[\n", separator: ",\n", close: "\n]\n", empty: "[]\n" });

/** A JSON object as `JSON.stringify(object, null, 2)` writes it, with a trailing newline. */
export const JSON_OBJECT_FRAME: Frame = Object.freeze({ open: "{\n", separator: ",\n", close: "\n}\n", empty: "{}\n" });

/** A text file of lines after a header line: each entry is a line with its newline, so nothing stands between them. */
export function headerFrame(header: string): Frame {
  return { open: header, separator: "", close: "", empty: header };
}

/**
 * Frames a file written piece by piece: `next` takes the text of some
 * entries (joined by the separator; "" for none) and returns what to write
 * for it, `end` what closes the file. The pieces written, joined, are the
 * frame around all the entries joined by the separator.
 */
export function framer(frame: Frame): { next(entries: string): string; end(): string } {
  let started = false;
  return {
    next(entries: string): string {
      if (entries === "") return "";
      const text = (started ? frame.separator : frame.open) + entries;
      started = true;
      return text;
    },
    end: () => (started ? frame.close : frame.empty),
  };
}

/** The pieces of a file from the pieces of its entries (see {@link framer}); none is empty. */
export function* framedPieces(frame: Frame, entries: Iterable<string>): Generator<string> {
  const file = framer(frame);
  for (const piece of entries) {
    const text = file.next(piece);
    if (text !== "") yield text;
  }
  yield file.end();
}

/** A whole file: `entries` (each one entry's text) in the frame. */
export function framedText(frame: Frame, entries: readonly string[]): string {
  return entries.length === 0 ? frame.empty : frame.open + entries.join(frame.separator) + frame.close;
}

/**
 * The bytes that insert one entry into a framed file that has entries: before
 * an entry (at the start of its text) or after the last one (at the end of
 * its text, `last`).
 */
export function insertedEntry(frame: Frame, entry: string, last: boolean): string {
  return last ? frame.separator + entry : entry + frame.separator;
}

/** Any value as deterministic pretty JSON with a trailing newline (object keys as built): a file that is one JSON value (meta.json). */
export function serializeJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
