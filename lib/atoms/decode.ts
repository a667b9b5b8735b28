import type { Diagnostic } from "./types.js";

/** What {@link decodeAtomBytes} makes of a file's bytes. */
export type DecodedFile =
  | { ok: true; text: string; diagnostics: Diagnostic[] }
  | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const lenient = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });

/**
 * Turns a file's bytes into text. A UTF-8 BOM is dropped; bytes that are not
 * UTF-8 are replaced (U+FFFD) and reported; a file with a NUL byte in its
 * first 8 KiB is binary and is skipped.
 */
export function decodeAtomBytes(bytes: Uint8Array, path: string): DecodedFile {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) {
    return { ok: false, diagnostic: { file: path, line: 1, rule: "binary", message: "binary file (contains NUL bytes), skipped", severity: "error" } };
  }
  try {
    return { ok: true, text: utf8.decode(bytes), diagnostics: [] };
  } catch {
    const text = lenient.decode(bytes);
    const line = text.slice(0, text.indexOf("\uFFFD")).split("\n").length;
    return {
      ok: true,
      text,
      diagnostics: [{ file: path, line, rule: "not-utf8", message: "not valid UTF-8; undecodable bytes replaced with U+FFFD", severity: "warning" }],
    };
  }
}
