import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serializeJson } from "../core/indexes/serialize.js";
import { CACHE_TRAILER, type DerivedStats } from "../core/formats/cache.js";
import { compareStrings } from "../core/util/compare.js";
import { crc32Hex, matchesCheck, type FileCheck } from "./digest.js";

/**
 * How damage to the derived files is found. `index/meta.json`, written after
 * the data files, records each data file's length and CRC-32 as written
 * (`files`); `index/cache.tsv`, written last, ends with a line holding its
 * own line count and CRC-32 and the size and mtime each data file had once
 * written. Every run compares those sizes and mtimes with the files (a dozen
 * stats); a file whose mtime moved is read and held to its CRC-32, and so
 * is every file read to be spliced or parsed. A file that fails is damaged:
 * the index is rebuilt whole.
 * cache.tsv is machine-local (mtimes), meta.json is not (deterministic).
 */

/** Vault-relative path of a data file → its check. */
export type FileChecks = Record<string, FileCheck>;

export type { DerivedStats } from "../core/formats/cache.js";

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

/** cache.tsv read and checked: its text without the trailer, and the stats the trailer holds. */
export interface CacheRead {
  text: string;
  stats: DerivedStats;
}

/** Reads cache.tsv and checks it against its trailer; a string says how it is damaged. */
export function readCacheFile(buf: Buffer): CacheRead | string {
  const at = buf.lastIndexOf(`\n${CACHE_TRAILER}`);
  if (at === -1 || buf[buf.length - 1] !== 10) return "index/cache.tsv is damaged (no end line)";
  const fields = buf.toString("utf8", at + 1 + CACHE_TRAILER.length, buf.length - 1).split("\t");
  const body = buf.subarray(0, at + 1);
  let lines = 0;
  for (let i = body.indexOf(10); i !== -1; i = body.indexOf(10, i + 1)) lines++;
  if (fields.length !== 3 || Number(fields[0]) !== lines) return `index/cache.tsv is damaged (${lines} lines, its end line says ${fields[0]})`;
  if (crc32Hex(body) !== fields[1]) return "index/cache.tsv is damaged (checksum)";
  let stats: DerivedStats;
  try {
    stats = JSON.parse(fields[2]!) as DerivedStats;
  } catch {
    stats = {};
  }
  return { text: body.toString("utf8"), stats };
}

/** The size and mtime of each data file, as the trailer records them. */
export function derivedStats(vaultDir: string, rels: Iterable<string>): DerivedStats {
  const stats: DerivedStats = {};
  for (const rel of rels) {
    try {
      const s = lstatSync(join(vaultDir, rel));
      stats[rel] = [s.size, Math.round(s.mtimeMs * 1000)];
    } catch {
      // gone already: the next run finds it missing
    }
  }
  return stats;
}

/** What {@link checkDerived} finds. */
export interface DerivedCheck {
  /** One line naming the first damaged file and how; undefined when none is. */
  damage?: string;
  /** Some file was touched since it was written but holds the same bytes: the stats should be written again. */
  restat: boolean;
}

/**
 * Holds every data file meta.json lists to its length, and to its CRC-32
 * when its size or mtime differs from what the cache recorded.
 */
export function checkDerived(vaultDir: string, files: FileChecks, stats: DerivedStats): DerivedCheck {
  const found: DerivedCheck = { restat: false };
  for (const [rel, check] of Object.entries(files)) {
    let size: number;
    let mtime: number;
    try {
      const s = lstatSync(join(vaultDir, rel));
      [size, mtime] = [s.size, Math.round(s.mtimeMs * 1000)];
    } catch {
      return { ...found, damage: `${rel} is missing` };
    }
    if (size !== check.bytes) return { ...found, damage: `${rel} is damaged (${size} bytes, ${check.bytes} written)` };
    const seen = stats[rel];
    if (!seen || seen[0] !== size || seen[1] !== mtime) {
      if (!matchesCheck(readBytes(join(vaultDir, rel)), check)) return { ...found, damage: `${rel} is damaged (checksum)` };
      found.restat = true;
    }
  }
  return found;
}

/** The damage of a data file read whole (its length, then its CRC-32), as one line; undefined when it is as written. */
export function damageOf(rel: string, bytes: Buffer, files: FileChecks): string | undefined {
  const check = files[rel];
  if (!check) return `${rel} is not listed in index/meta.json`;
  if (bytes.length !== check.bytes) return `${rel} is damaged (${bytes.length} bytes, ${check.bytes} written)`;
  return matchesCheck(bytes, check) ? undefined : `${rel} is damaged (checksum)`;
}

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
}
