/** True when `s` holds a character `\s` matches other than a single inner space: a tab, a newline, two spaces in a row, a space at either end… */
const NOT_COLLAPSED = /[^\S ]| {2}|^ | $/;

/**
 * Whitespace runs collapsed to one space and the ends trimmed: exactly
 * `s.replace(/\s+/g, " ").trim()`, but returns `s` itself, without building
 * a new string, when there is nothing to collapse (the usual case).
 */
export function collapseWhitespace(s: string): string {
  return NOT_COLLAPSED.test(s) ? s.replace(/\s+/g, " ").trim() : s;
}

/**
 * True when the UTF-16 code unit `c` is one `\s` matches (and `trim`
 * removes): ASCII tab to carriage return, space, and the Unicode spaces and
 * line separators.
 */
export function isWhitespaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The first `max` code points of `text`: what `[...text].slice(0, max).join("")`
 * gives (a surrogate pair counts as one, a lone surrogate as one), without
 * building an array of characters.
 */
export function firstCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (let n = 0; n < max && end < text.length; n++) end += isSurrogatePairAt(text, end) ? 2 : 1;
  return text.slice(0, end);
}

/**
 * How many code points `text` has: `[...text].length` (a surrogate pair
 * counts as one), without an array as long as the text (a 200 MB body would
 * take gigabytes).
 */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += isSurrogatePairAt(text, i) ? 2 : 1) n++;
  return n;
}

function isSurrogatePairAt(text: string, i: number): boolean {
  const high = text.charCodeAt(i);
  if (high < 0xd800 || high > 0xdbff || i + 1 >= text.length) return false;
  const low = text.charCodeAt(i + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

/** How many newlines `text` holds (the lines of a text that ends with one). */
export function newlineCount(text: string): number {
  let lines = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

/** Whether every character of `text` is ASCII (U+0000-U+007F). Pure. */
export function isAscii(text: string): boolean {
  return !/[^\x00-\x7f]/.test(text);
}
