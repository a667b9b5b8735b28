import { compareStrings } from "../util/compare.js";
import { serializeJson } from "./frame.js";

/**
 * The format of `index/meta.json`, written after the data files: the run's
 * settings (format, counts, the settings key…), then `files`, the check of
 * every data file as written, by path. Pretty JSON (two-space indent, keys
 * as built, `files` sorted), trailing newline: deterministic, so a file read
 * back is held to the exact bytes this version writes.
 */

/**
 * The length and CRC-32 of a file's bytes as written (8 hex digits). A check
 * against damage (cut short, a line lost, bytes garbled), not against someone
 * forging a file.
 */
export interface FileCheck {
  bytes: number;
  crc32: string;
}

/** Vault-relative path of a data file → its check. */
export type FileChecks = Record<string, FileCheck>;

/** index/meta.json, split into the run's settings (its text without `files`) and the checks of the data files. */
export interface MetaRead {
  /** The text meta.json would have without `files` (compared with this run's). */
  base: string;
  files: FileChecks;
}

/** The meta text: the run's settings, then the checks of every data file, by path. */
export function metaText(base: Record<string, unknown>, files: FileChecks): string {
  const sorted: FileChecks = {};
  for (const rel of Object.keys(files).sort(compareStrings)) sorted[rel] = files[rel]!;
  return serializeJson({ ...base, files: sorted });
}

/** The settings part of a meta text (see {@link metaText}). */
export function metaBaseText(base: Record<string, unknown>): string {
  return serializeJson(base);
}

/**
 * Parses meta.json's text; null when it is not one this version writes, or
 * not exactly as written (a line doubled or dropped can still parse).
 */
export function readMeta(text: string): MetaRead | null {
  try {
    const parsed = JSON.parse(text) as { files?: unknown };
    if (serializeJson(parsed) !== text) return null;
    const { files, ...base } = parsed;
    if (!isFileChecks(files)) return null;
    return { base: metaBaseText(base), files };
  } catch {
    return null;
  }
}

function isFileChecks(value: unknown): value is FileChecks {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((c: { bytes?: unknown; crc32?: unknown }) => typeof c === "object" && c !== null && Number.isInteger(c.bytes) && typeof c.crc32 === "string");
}
