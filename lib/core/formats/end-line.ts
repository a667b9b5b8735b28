import { crc32Hex } from "../util/crc32.js";

/**
 * The end line of cortex's small checked files (`index/folders.tsv`,
 * `link-keys.tsv`, `aliases.tsv`, `quiet-since`): `#end⇥` and the CRC-32 of everything
 * before it as 8 hex digits, then a newline. A file cut short, garbled, or
 * not one of them fails it, and its reader rebuilds or does without it.
 */
export const END_LINE_START = "#end\t";

/** The end line for a body whose CRC-32 (8 hex digits) is `crcHex`. */
export function endLine(crcHex: string): string {
  return `${END_LINE_START}${crcHex}\n`;
}

/** `body` followed by its end line. */
export function withEndLine(body: string): string {
  return body + endLine(crc32Hex(body));
}

/** The body of a file (everything before its end line) when the end line's check holds; null otherwise. */
export function bodyBeforeEndLine(buf: Buffer): Buffer | null {
  const at = buf.lastIndexOf(`\n${END_LINE_START}`);
  if (at === -1 || buf[buf.length - 1] !== 10) return null;
  const body = buf.subarray(0, at + 1);
  return buf.toString("latin1", at + 1 + END_LINE_START.length, buf.length - 1) === crc32Hex(body) ? body : null;
}
