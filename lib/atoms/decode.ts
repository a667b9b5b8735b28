import type { Diagnostic } from "./types.js";

/** What {@link decodeAtomBytes} makes of a file's bytes. */
export type DecodedFile =
  | { ok: true; text: string; diagnostics: Diagnostic[] }
  | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const legacy = new TextDecoder("windows-1252");

/**
 * Turns a file's bytes into text. A UTF-8 BOM is dropped; a file that is not
 * valid UTF-8 is read as Windows-1252 (the usual legacy encoding, a superset
 * of Latin-1) and reported; a file with a NUL byte in its first 8 KiB is
 * binary and is skipped.
 */
export function decodeAtomBytes(bytes: Uint8Array, path: string): DecodedFile {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) {
    return { ok: false, diagnostic: { file: path, line: 1, rule: "binary", message: "file contains NUL bytes; skipped", severity: "error" } };
  }
  try {
    return { ok: true, text: utf8.decode(bytes), diagnostics: [] };
  } catch {
    const line = firstInvalidUtf8Line(bytes);
    return {
      ok: true,
      text: legacy.decode(bytes),
      diagnostics: [{ file: path, line, rule: "not-utf8", message: "not valid UTF-8; read as Windows-1252 (Latin-1)", severity: "warning" }],
    };
  }
}

// 1-based line of the first byte sequence that is not UTF-8.
function firstInvalidUtf8Line(bytes: Uint8Array): number {
  let lo = 0;
  let hi = bytes.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid;
    }
  }
  let line = 1;
  for (let i = 0; i < lo; i++) if (bytes[i] === 10) line++;
  return line;
}
