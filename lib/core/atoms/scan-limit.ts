import type { Diagnostic } from "./types.js";

/**
 * The largest note, in bytes, whose body cortex scans as a whole beyond the
 * index: for near-duplicates (`write`, `consolidate`) and for link
 * suggestions and backtick paths (`link`). A bigger note is still indexed and
 * found by search, but left out of those scans (a 200 MB log pasted into the
 * vault would otherwise take gigabytes and minutes at every `write`).
 */
export const BODY_SCAN_LIMIT = 2 * 1024 * 1024;

/** Whether a note of `size` bytes is over {@link BODY_SCAN_LIMIT}. */
export function overScanLimit(size: number): boolean {
  return size > BODY_SCAN_LIMIT;
}

/** The index's warning for such a note (rule `too-large`). */
export function tooLargeDiagnostic(path: string, size: number): Diagnostic {
  const message = `is ${(size / 1024 / 1024).toFixed(1)} MiB, over the ${BODY_SCAN_LIMIT / 1024 / 1024} MiB a note's body is scanned for near-duplicates and links; indexed and searchable, but left out of those scans`;
  return { file: path, line: 1, rule: "too-large", message, severity: "warning" };
}
