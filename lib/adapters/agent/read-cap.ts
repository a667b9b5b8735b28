/** The most characters of one atom's text a reply carries (about 25,000 tokens); cortex's own atoms stay far below it. */
export const READ_TEXT_CHARS = 100_000;

/** An atom's text as a reply carries it. */
export interface CappedText {
  /** The text, cut at {@link READ_TEXT_CHARS} with a note saying so. */
  text: string;
  truncated: boolean;
  /** Characters of the whole text. */
  chars: number;
}

/**
 * Bounds the text of an atom for a reply: a huge file (hand-made or
 * imported) would otherwise make a reply larger than what clients accept.
 * The cut text ends with a note naming the file and its full size.
 *
 * @example capText(hugeText, "reference/dump.md").truncated // true
 */
export function capText(text: string, path: string, max = READ_TEXT_CHARS): CappedText {
  if (text.length <= max) return { text, truncated: false, chars: text.length };
  // Never cut a surrogate pair in half.
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  const note = `\n\n[cortex: truncated: ${path} is ${text.length.toLocaleString("en-US")} characters; this reply holds the first ${end.toLocaleString("en-US")}. Open the file in the vault to read the rest.]`;
  return { text: `${text.slice(0, end)}${note}`, truncated: true, chars: text.length };
}
