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
 * of Latin-1) and reported. A file with NUL bytes is binary and skipped when
 * it looks like one (see {@link looksBinary}); a text with a stray NUL keeps
 * it (U+0000, nothing is lost) and is reported (rule `nul-byte`). A text
 * followed by a run of NULs (a save cut short by a crash) is read up to the
 * run, which is reported with its length (rule `nul-padding`).
 */
export function decodeAtomBytes(bytes: Uint8Array, path: string): DecodedFile {
  const padded = trailingNulPadding(bytes, path);
  if (padded) return padded;
  const nul = bytes.indexOf(0);
  let text: string | null = null;
  try {
    text = utf8.decode(bytes);
  } catch {
    // not UTF-8: binary when it has NULs, else legacy text (below)
  }
  if (nul >= 0 && (text === null || looksBinary(bytes))) {
    return { ok: false, diagnostic: { file: path, line: 1, rule: "binary", message: "file contains NUL bytes; skipped", severity: "error" } };
  }
  if (text !== null) {
    const diagnostics: Diagnostic[] = nul < 0 ? [] : [{ file: path, line: lineAt(bytes, nul), rule: "nul-byte", message: "contains a NUL byte; indexed as text (a space in search)", severity: "warning" }];
    return { ok: true, text, diagnostics };
  }
  return {
    ok: true,
    text: legacy.decode(bytes),
    diagnostics: [{ file: path, line: firstInvalidUtf8Line(bytes), rule: "not-utf8", message: "not valid UTF-8; read as Windows-1252 (Latin-1)", severity: "warning" }],
  };
}

// A text followed by NULs only: the text before them, with a warning naming how many; null when the bytes do not
// end in NULs, or what comes before them is no text (binary from its first bytes, or nothing at all).
function trailingNulPadding(bytes: Uint8Array, path: string): DecodedFile | null {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  if (end === bytes.length || end === 0) return null;
  const head = decodeAtomBytes(bytes.subarray(0, end), path);
  if (!head.ok) return null;
  const count = bytes.length - end;
  const padding: Diagnostic = { file: path, line: lineAt(bytes, end), rule: "nul-padding", message: `ends in ${count} NUL byte${count === 1 ? "" : "s"} (a save cut short?); indexed up to them`, severity: "warning" };
  return { ok: true, text: head.text, diagnostics: [...head.diagnostics, padding] };
}

/** Binary files have NULs from their first bytes (magic numbers, UTF-16); this many bytes are looked at. */
const MAGIC_BYTES = 32;
/** Share of NULs in the first 8 KiB from which a valid UTF-8 file is binary, not text with a stray NUL. */
const NUL_SHARE = 0.01;

/**
 * Whether UTF-8 bytes that contain a NUL are a binary file: a NUL in the
 * first {@link MAGIC_BYTES} bytes, or NULs making more than 1% of the first
 * 8 KiB. (Bytes that are not UTF-8 and contain a NUL are binary anyway.)
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.subarray(0, MAGIC_BYTES).includes(0)) return true;
  let nuls = 0;
  for (const b of head) if (b === 0) nuls++;
  return nuls > Math.max(1, head.length * NUL_SHARE);
}

function lineAt(bytes: Uint8Array, at: number): number {
  let line = 1;
  for (let i = 0; i < at; i++) if (bytes[i] === 10) line++;
  return line;
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
