import { newlineCount } from "../core/util/text.js";
import { isAscii } from "node:buffer";
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CACHE_TRAILER, type DerivedStats } from "../core/formats/cache.js";
import type { FileChecks } from "../core/formats/meta.js";
import { crc32Hex, matchesCheck } from "./digest.js";

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

// The bytes of meta.json and of the cache's end line: formats/meta.ts and formats/cache.ts.
export { metaBaseText, metaText, readMeta, type FileChecks, type MetaRead } from "../core/formats/meta.js";
export type { DerivedStats } from "../core/formats/cache.js";

/** cache.tsv read and checked: its text without the trailer, and the stats the trailer holds. */
export interface CacheRead {
  text: string;
  /** The files the text has a line for (its lines but the header). */
  files: number;
  stats: DerivedStats;
  /** The text's bytes (copied as they are by the next run); `ascii`: the text is all ASCII, its offsets are then the bytes'. */
  bytes?: Buffer;
  ascii?: boolean;
}

/** Reads cache.tsv and checks it against its trailer; a string says how it is damaged. */
export function readCacheFile(buf: Buffer): CacheRead | string {
  const at = buf.lastIndexOf(`\n${CACHE_TRAILER}`);
  if (at === -1 || buf[buf.length - 1] !== 10) return "index/cache.tsv is damaged (no end line)";
  const fields = buf.toString("utf8", at + 1 + CACHE_TRAILER.length, buf.length - 1).split("\t");
  const body = buf.subarray(0, at + 1);
  // Counted in the text (a string search per line is quicker than a Buffer's).
  const text = body.toString("utf8");
  const lines = newlineCount(text);
  if (fields.length !== 3 || Number(fields[0]) !== lines) return `index/cache.tsv is damaged (${lines} lines, its end line says ${fields[0]})`;
  if (crc32Hex(body) !== fields[1]) return "index/cache.tsv is damaged (checksum)";
  let stats: DerivedStats;
  try {
    stats = JSON.parse(fields[2]!) as DerivedStats;
  } catch {
    stats = {};
  }
  return { text, files: lines - 1, stats, bytes: body, ascii: isAscii(body) };
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
