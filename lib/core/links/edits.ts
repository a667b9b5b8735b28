/** One replacement in a file's text. */
export interface TextEdit {
  /** Offsets in the text of what is replaced. */
  start: number;
  end: number;
  /** What replaces it. */
  text: string;
  /** 1-based line of `start`. */
  line: number;
}

/**
 * Applies non-overlapping edits to a text; every byte outside them is kept. Pure.
 *
 * @throws Error when two edits overlap (a bug in the caller, not bad input).
 * @example applyEdits("see `a.md`", [{ start: 4, end: 10, text: "[[a]]", line: 1 }]) // "see [[a]]"
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = "";
  let pos = 0;
  for (const edit of sorted) {
    if (edit.start < pos) throw new Error(`overlapping edits at offset ${edit.start}`);
    out += text.slice(pos, edit.start) + edit.text;
    pos = edit.end;
  }
  return out + text.slice(pos);
}
