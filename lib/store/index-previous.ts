import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isCurrentSearchFile } from "../core/indexes/search-file.js";
import { checkDerived, damageOf, readMeta, type FileChecks, type MetaRead } from "./index-check.js";
import { vaultPaths } from "./paths.js";
import { PENDING_FILE } from "../core/formats/pending.js";
import { patchedBytes, readPatchedFile, readPendingPatches } from "./pending.js";
import type { FileCheck } from "./digest.js";
import { readStatCache, retainStatCache } from "./stat-cache.js";
import { graphIdentity, readLinkKeys } from "./link-keys.js";
import { readAliasesFile } from "./aliases-file.js";

/** The index files of the previous run, as bytes. */
export interface PreviousTexts {
  manifest: Buffer;
  search: Buffer;
  graph: Buffer;
}

/**
 * The index files of the previous run an incremental run always needs
 * (manifest.json, search.tsv), and graph.json read only when first asked
 * for: a run that adds a note with no links never needs it.
 */
export interface LazyPreviousTexts {
  manifest: Buffer;
  search: Buffer;
  /** graph.json held to its check; null when missing or damaged (see {@link readPreviousTexts}). */
  graph: () => Buffer | null;
  /** The body of `index/link-keys.tsv` when it was made of this graph.json (see `store/link-keys.ts`); null otherwise. */
  linkKeys: () => Buffer | null;
  /** The notes with aliases `index/aliases.tsv` lists, when it was made of this manifest.json (see `store/aliases-file.ts`); null otherwise. */
  aliases: () => Map<string, string[]> | null;
  /** What this run read of graph.json and link-keys.tsv so far (undefined: not asked for); for the update of the link keys after the run. */
  asked: () => { graph?: Buffer | null; linkKeys?: Buffer | null; identity: string | null };
}

/** Where an index run says, in one line, what it found damaged: the caller's `onNotice`, else stderr. */
export interface NoticeOptions {
  onNotice?: (message: string) => void;
}

/** What the last index run left, held to its checks. */
export interface Previous {
  /** The text of index/cache.tsv, without its end line. */
  cache: string;
  /** The files it has a line for (counted once, when it was read). */
  files: number;
  /** Its bytes, and whether they are all ASCII (see `CacheRead`). */
  cacheBytes?: { bytes: Buffer; ascii: boolean };
  meta: MetaRead;
  /** A data file was touched since written (same bytes): meta and cache are written again. */
  restat: boolean;
}

/** Says one line to the caller's `onNotice`, else on stderr. */
export function notice(options: NoticeOptions, message: string): void {
  if (options.onNotice) options.onNotice(message);
  else process.stderr.write(`cortex: ${message}\n`);
}

/** Says that a derived file is damaged and the index is rebuilt. */
export function notify(options: NoticeOptions, damage: string): void {
  notice(options, `${damage}: rebuilding the index`);
}

/**
 * The last run's cache and meta, once every data file is found as written;
 * null (a full run follows) when one is missing or of other settings, or a
 * data file is damaged (said in one line).
 */
export function readPrevious(vaultDir: string, settingsKey: string, options: NoticeOptions): Previous | null {
  const paths = vaultPaths(vaultDir);
  const cache = readStatCache(paths.cache, settingsKey);
  if (cache === null) return null;
  if (typeof cache === "string") return void notify(options, cache), null;
  const metaText = readText(paths.meta);
  const meta = metaText === null ? null : readMeta(metaText);
  if (!meta) return void notify(options, metaText === null ? "index/meta.json is missing" : "index/meta.json is damaged"), null;
  const { damage, restat } = checkDerived(vaultDir, meta.files, cache.stats);
  if (damage) return void notify(options, damage), null;
  return { cache: cache.text, files: cache.files, cacheBytes: cache.bytes && { bytes: cache.bytes, ascii: cache.ascii === true }, meta, restat };
}

/**
 * The last run's index texts, each held to its check in meta.json:
 * manifest.json and search.tsv read now (a string names the first that is
 * damaged or missing), graph.json when first asked for. `damage()` names the
 * file asked for that was found damaged or missing, if any: the run then
 * rebuilds the index whole, as when manifest.json is.
 */
export function readPreviousTexts(vaultDir: string, previous: Previous): { texts: LazyPreviousTexts; damage: () => string | undefined } | string {
  const read = (rel: string): Buffer | string => checkedBytes(vaultDir, rel, previous.meta.files);
  const manifest = read("index/manifest.json");
  if (typeof manifest === "string") return manifest;
  const search = read("index/search.tsv");
  if (typeof search === "string") return search;
  // A search file of another format version is rebuilt whole: it cannot be spliced or read.
  if (!isCurrentSearchFile(search)) return "index/search.tsv is of another format";
  let graph: Buffer | string | undefined;
  const graphBytes = () => {
    graph ??= read("index/graph.json");
    return typeof graph === "string" ? null : graph;
  };
  const patches = readPendingPatches(vaultDir, previous.meta.files);
  const identity = typeof patches === "string" ? null : graphIdentity(previous.meta.files, patches);
  let keys: Buffer | null | undefined;
  const linkKeys = () => (keys ??= identity === null ? null : readLinkKeys(vaultDir, identity));
  const asked = () => ({ graph: typeof graph === "string" ? null : graph, linkKeys: keys, identity });
  let aliased: Map<string, string[]> | null | undefined;
  const aliases = () => (aliased === undefined ? (aliased = readAliasesFile(vaultDir, previous.meta.files)) : aliased);
  return { texts: { manifest, search, graph: graphBytes, linkKeys, aliases, asked }, damage: () => (typeof graph === "string" ? graph : undefined) };
}

/** Bytes this process read and found as meta.json records them, by file: the same file (same inode, size and mtime) is not read or hashed again. Weak: a buffer no one holds is let go. */
const verified = new Map<string, { stamp: string; version: string; bytes: WeakRef<Buffer> }>();
/** The same, held until the end of the transaction that reads them (see {@link keepingCheckedBytes}). */
const held = new Map<string, Buffer>();
let keeping = 0;
/** Files as read from disk (before their pending pieces) and found as meta.json records them, held while {@link retainIndexBytes} is on. */
const bases = new Map<string, { stamp: string; crc32: string; bytes: Buffer }>();
let retaining = false;

/**
 * For a long-running process (a `cortex mcp` server): while on, the index
 * files {@link checkedBytes} reads stay in memory as read from disk, so that
 * a later read of the same file (same inode, size and mtime, same check in
 * meta.json) neither reads nor hashes it again, only puts its pending pieces
 * together: a save's checks and index update then read no large file. Off
 * lets them go.
 */
export function retainIndexBytes(on: boolean): void {
  retaining = on;
  retainStatCache(on);
  if (!on) bases.clear();
}

/** The index files held in memory by {@link retainIndexBytes}, absolute, sorted: what a later read finds without reading. */
export function retainedIndexFiles(): string[] {
  return [...bases.keys()].sort();
}

/**
 * The index files a write's checks and index update read (those meta.json
 * records, but its pending pieces): what {@link warmIndexFile} takes. Empty
 * when meta.json cannot be read.
 */
export function warmableIndexFiles(vaultDir: string): string[] {
  const meta = readMeta(readText(vaultPaths(vaultDir).meta) ?? "");
  return meta ? Object.keys(meta.files).filter((rel) => rel.startsWith("index/") && rel !== PENDING_FILE) : [];
}

/**
 * Reads one index file (see {@link warmableIndexFiles}), while
 * {@link retainIndexBytes} is on, so that the next write finds it in
 * memory; a file already held as it is on disk costs a stat. Nothing when
 * off, or when meta.json cannot be read.
 */
export function warmIndexFile(vaultDir: string, rel: string): void {
  if (!retaining) return;
  const meta = readMeta(readText(vaultPaths(vaultDir).meta) ?? "");
  if (meta?.files[rel]) checkedBytes(vaultDir, rel, meta.files);
}

/** Reads `index/cache.tsv`, while {@link retainIndexBytes} is on, so that the next write finds it in memory (see `retainStatCache`). */
export function warmStatCache(vaultDir: string, settingsKey: string): void {
  if (retaining) readStatCache(vaultPaths(vaultDir).cache, settingsKey);
}

/**
 * Runs `fn` (a transaction: its checks read index files, then its index
 * update reads them again) with the files {@link checkedBytes} reads held
 * until it ends, not only weakly: a collection between the two reads would
 * let the buffers go. They are let go when the outermost such `fn` ends.
 */
export async function keepingCheckedBytes<T>(fn: () => Promise<T>): Promise<T> {
  keeping++;
  try {
    return await fn();
  } finally {
    if (--keeping === 0) held.clear();
  }
}

/**
 * A data file of the index held to its check in meta.json (`files`), with
 * its pending pieces put together (see `lib/store/pending.ts`): its bytes,
 * or one line saying it is missing or damaged. A file this process
 * already read and found as written, and that is still the same file since
 * (same inode, size and mtime: index files are replaced by rename), is not
 * read again (the write path reads the manifest for its checks, then splices it).
 */
export function checkedBytes(vaultDir: string, rel: string, files: FileChecks): Buffer | string {
  const file = join(vaultDir, rel);
  const stamp = fileStamp(file);
  const check = files[rel];
  const pending = files[PENDING_FILE];
  const version = check && `${check.crc32}/${pending ? `${pending.bytes}:${pending.crc32}` : ""}`;
  const known = stamp && version && verified.get(file);
  const same = known && known.stamp === stamp && known.version === version;
  const kept = same ? (held.get(file) ?? known.bytes.deref()) : undefined;
  if (kept) return kept;
  const retained = stamp && check ? bases.get(file) : undefined;
  const direct = !retaining && !retained && check ? readDirect(vaultDir, file, rel, check, files) : null;
  if (direct !== null) {
    if (typeof direct !== "string" && stamp) remember(file, stamp, version!, direct);
    return direct;
  }
  const base = retained && retained.stamp === stamp && retained.crc32 === check!.crc32 ? retained.bytes : readBytes(file);
  if (base === null) return `${rel} is missing`;
  if (base !== retained?.bytes) {
    const damage = damageOf(rel, base, files);
    if (damage !== undefined) return damage;
    if (retaining && stamp && check) bases.set(file, { stamp, crc32: check.crc32, bytes: base });
  }
  const patches = readPendingPatches(vaultDir, files);
  if (typeof patches === "string") return patches;
  const bytes = patchedBytes(rel, base, patches);
  if (typeof bytes === "string") return bytes;
  if (stamp) remember(file, stamp, version!, bytes);
  return bytes;
}

function remember(file: string, stamp: string, version: string, bytes: Buffer): void {
  verified.set(file, { stamp, version, bytes: new WeakRef(bytes) });
  if (keeping > 0) held.set(file, bytes);
}

// A file with pending pieces read straight into its patched bytes (see readPatchedFile): its bytes, its damage (or that
// of pending.json), or null when it has none or they cannot be read that way (the file is then read whole).
function readDirect(vaultDir: string, file: string, rel: string, check: FileCheck, files: FileChecks): Buffer | string | null {
  const patches = readPendingPatches(vaultDir, files);
  if (typeof patches === "string" || !patches[rel]) return null;
  return readPatchedFile(file, rel, patches[rel], check);
}

function fileStamp(file: string): string | null {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return null;
  }
}

/** A file's bytes; null when it cannot be read. */
export function readBytes(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** A file's text; null when it cannot be read. */
export function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
