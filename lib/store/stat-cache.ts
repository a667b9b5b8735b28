import type { Diagnostic } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { CACHE_HEADER, microseconds, statCacheHeader, statLine, type StatEntry } from "../core/formats/cache.js";
import { compareStrings } from "../core/util/compare.js";
import { pathFromField } from "../core/util/text.js";
import { readCacheFile, type CacheRead } from "./index-check.js";
import { CacheCursor } from "./cache-cursor.js";
import { cacheSignature, readFileOrNull } from "./files.js";
import type { VaultFile } from "./scan.js";

/**
 * `index/cache.tsv` (its bytes: formats/cache.ts, whose names are also
 * exported here): one line per file of the last run, so that an incremental
 * run knows what changed without reading unchanged files. The atoms
 * themselves are not cached here: manifest.json and graph.json hold them.
 * Machine-local (mtimes), hence listed in index/.gitignore. An unchanged
 * line is compared and copied as text, never parsed into objects.
 */
export { statCacheHeader, statLine, type StatEntry } from "../core/formats/cache.js";

/** What {@link compareWithCache} finds. */
export interface CacheComparison {
  /** Files that are new or whose size or mtime changed, in scan order. */
  changed: VaultFile[];
  /** Per scanned file: the offset of its unchanged line in the cache text, or -1 when it is in `changed`. */
  kept: Int32Array;
  /** Unchanged files that are atoms (not skipped). */
  keptAtoms: number;
  /** The diagnostics of the unchanged files, as the last run found them. */
  keptDiagnostics: Diagnostic[];
  /** For the changed files that had a line: whether they were atoms then. */
  wasAtom: Map<string, boolean>;
  /** Files of the cache that are gone, with whether they were atoms. */
  removed: { path: string; wasAtom: boolean }[];
}

/** The settings an index depends on (how projects are inferred; files written whole): a cache or search.db of other settings is rebuilt. */
export function indexSettingsKey(config: Pick<CortexConfig, "directories" | "projects"> & { index?: CortexConfig["index"] }): string {
  // `[index] pending = false` is part of the key (turning it off rewrites every file whole); the default is not, so
  // an index written before the setting existed stays current.
  return JSON.stringify(config.index?.pending === false ? [config.directories, config.projects, { pending: false }] : [config.directories, config.projects]);
}

/** One file of the cache: what the last index run saw of it. */
export interface CachedFile {
  path: string;
  /** Whole microseconds; 0 when unknown. */
  mtimeUs: number;
  size: number;
  /** Not an atom (binary, unreadable). */
  skipped: boolean;
}

/** The files of a cache text (see {@link readStatCache}), in path order; lines that do not parse are left out. */
export function readCachedFiles(text: string): CachedFile[] {
  const files: CachedFile[] = [];
  let at = text.indexOf("\n") + 1;
  while (at > 0 && at < text.length) {
    const end = text.indexOf("\n", at);
    const line = text.slice(at, end < 0 ? text.length : end);
    at = end + 1;
    const parts = line.split("\t");
    if (parts.length < 5) continue;
    const path = pathFromField(parts.slice(4).join("\t"));
    files.push({ path, mtimeUs: Number(parts[0]), size: Number(parts[1]), skipped: parts[2] === "1" });
    if (end < 0) break;
  }
  return files;
}

// The last cache file read while retaining (see retainStatCache); undefined when off.
let retained: { file: string; stamp: string; settingsKey: string; read: CacheRead } | null | undefined;

/**
 * The cache's text (without its end line) and the data files' stats it
 * records; null when it is missing, unreadable, of another format or other
 * settings (a full run follows); a string naming the damage when it does not
 * match its end line (a full run follows, with a notice).
 */
export function readStatCache(file: string, settingsKey: string): CacheRead | string | null {
  const stamp = retained !== undefined ? cacheSignature(file) : null;
  if (stamp !== null && retained?.file === file && retained.stamp === stamp && retained.settingsKey === settingsKey) return retained.read;
  const buf = readFileOrNull(file);
  if (buf === null) return null;
  const read = readStatCacheBytes(buf, settingsKey);
  if (retained !== undefined && stamp !== null && read !== null && typeof read !== "string") retained = { file, stamp, settingsKey, read };
  return read;
}

/**
 * For a long-running process (see `retainIndexBytes`): while on, the last
 * cache file read is kept, and read again only once it was replaced (its
 * identity, see `cacheSignature`: cache.tsv is always replaced by rename).
 */
export function retainStatCache(on: boolean): void {
  retained = on ? (retained ?? null) : undefined;
}

function readStatCacheBytes(buf: Buffer, settingsKey: string): CacheRead | string | null {
  const header = statCacheHeader(settingsKey);
  if (buf.toString("utf8", 0, header.length) !== header) {
    // Another version's cache, or other settings: a full run, nothing to report.
    if (buf.toString("latin1", 0, 19) === "#cortex-stat-cache/") return null;
    return buf.length === 0 ? "index/cache.tsv is empty" : "index/cache.tsv is damaged (header)";
  }
  return readCacheFile(buf);
}

/**
 * Each file's stamp, `mtime⇥size` as the last index run found them, by path;
 * null when `index/cache.tsv` is missing or of another format. For a reader
 * that keeps its own per-file results (check's cache): right after an index
 * run it tells what changed without a stat of its own.
 */
export function readFileStamps(file: string): Map<string, string> | null {
  const buf = readFileOrNull(file);
  if (buf === null) return null;
  if (buf.toString("latin1", 0, CACHE_HEADER.length + 1) !== `${CACHE_HEADER}\t`) return null;
  // A damaged cache (its end line's check fails) tells nothing: every note is checked again.
  const read = readCacheFile(buf);
  if (typeof read === "string") return null;
  const { text } = read;
  const stamps = new Map<string, string>();
  const whole = eachCacheLine(text, (start, pathAt, stop) => {
    // `mtime⇥size`: up to the second tab.
    stamps.set(pathFromField(text.slice(pathAt, stop)), text.slice(start, text.indexOf("\t", text.indexOf("\t", start) + 1)));
  });
  return whole ? stamps : null;
}

/**
 * Walks the lines of a cache text (its header skipped), each cut where its
 * path field starts: `visit(start, pathAt, stop)` per line, `stop` its end
 * (the newline, or the text's end). A line is
 * `mtime⇥size⇥skipped⇥diagnostics⇥path`, and the JSON of the diagnostics
 * holds no raw tab. False, and the walk stopped, at a line without a path
 * field (a damaged text).
 */
export function eachCacheLine(text: string, visit: (start: number, pathAt: number, stop: number) => void): boolean {
  for (let start = text.indexOf("\n") + 1; start > 0 && start < text.length; ) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    let tab = start - 1;
    for (let i = 0; i < 4 && tab < stop; i++) tab = text.indexOf("\t", tab + 1);
    if (tab === -1 || tab >= stop) return false;
    visit(start, tab + 1, stop);
    start = stop + 1;
  }
  return true;
}

/**
 * Walks the scan (sorted by path) and the cache lines (written in the same
 * order) side by side: a file whose line has the same mtime and size is
 * unchanged. Null when the cache text is damaged (a full run follows).
 */
export function compareWithCache(text: string, files: readonly VaultFile[]): CacheComparison | null {
  const c: CacheComparison = { changed: [], kept: new Int32Array(files.length).fill(-1), keptAtoms: 0, keptDiagnostics: [], wasAtom: new Map(), removed: [] };
  const line = new CacheCursor(text);
  line.moveTo(text.indexOf("\n") + 1);
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    // Lines of files that sort before this one are of removed files.
    while (line.ok && !line.is(file.path) && compareStrings(line.path(), file.path) < 0) {
      c.removed.push({ path: line.path(), wasAtom: !line.skipped });
      line.moveTo(line.next);
    }
    if (line.bad) return null;
    if (!line.ok || !line.is(file.path)) {
      c.changed.push(file);
      continue;
    }
    // A line whose diagnostics do not read back is taken as changed: the file is read again.
    const diagnostics = line.hasDiagnostics ? line.diagnostics() : [];
    if (line.mtimeUs === microseconds(file.mtimeMs) && line.size === file.size && diagnostics !== null) {
      c.kept[i] = line.start;
      if (!line.skipped) c.keptAtoms++;
      for (const d of diagnostics) c.keptDiagnostics.push(d);
    } else {
      c.changed.push(file);
      c.wasAtom.set(file.path, !line.skipped);
    }
    line.moveTo(line.next);
  }
  for (; line.ok; line.moveTo(line.next)) c.removed.push({ path: line.path(), wasAtom: !line.skipped });
  return line.bad ? null : c;
}

/**
 * The new cache, in pieces: unchanged lines copied from the old text (a run
 * of consecutive ones as one piece; as the bytes read when `old.bytes` are
 * the text's, see `CacheRead`), the others made from `fresh`.
 */
export function* statCachePieces(settingsKey: string, paths: readonly string[], fresh: ReadonlyMap<string, StatEntry>, old?: OldCache): Generator<string | Uint8Array> {
  yield statCacheHeader(settingsKey);
  const copy = old && copier(old);
  let runStart = -1;
  let runEnd = -1;
  for (let i = 0; i < paths.length; i++) {
    const at = old ? old.kept[i]! : -1;
    if (at >= 0 && at === runEnd) {
      runEnd = old!.text.indexOf("\n", at) + 1;
      continue;
    }
    if (runStart >= 0) yield copy!(runStart, runEnd);
    runStart = runEnd = -1;
    if (at >= 0) {
      runStart = at;
      runEnd = old!.text.indexOf("\n", at) + 1;
    } else yield statLine(paths[i]!, fresh.get(paths[i]!)!);
  }
  if (runStart >= 0) yield copy!(runStart, runEnd);
}

/** The last run's cache as {@link statCachePieces} copies from it: its text, the offset of each kept line, and its bytes if at hand. */
export interface OldCache {
  text: string;
  kept: Int32Array;
  bytes?: { bytes: Buffer; ascii: boolean };
}

// Lines [start, end) of the old cache, asked for in order: its bytes when at hand (nothing to encode again; the byte
// offset of a text offset is counted from the last one asked, unless the text is ASCII), else its text.
function copier(old: OldCache): (start: number, end: number) => string | Uint8Array {
  if (!old.bytes) return (start, end) => old.text.slice(start, end);
  const { bytes, ascii } = old.bytes;
  let textAt = 0;
  let byteAt = 0;
  const byteOffset = (at: number) => {
    if (ascii) return at;
    byteAt += Buffer.byteLength(old.text.slice(textAt, at));
    textAt = at;
    return byteAt;
  };
  return (start, end) => bytes.subarray(byteOffset(start), byteOffset(end));
}
