import { join } from "node:path";
import type { CortexConfig } from "../core/config/types.js";
import { CortexError } from "../core/errors.js";
import { tempPathFor } from "../store/atomic.js";
import { vaultPaths } from "../store/paths.js";
import { killPoint } from "../store/kill-point.js";
import { canParseInParallel, chunkOf, parseOnWorkers } from "./parallel-parse.js";
import { indexSettingsKey, readCachedFiles, readStatCache, type CachedFile } from "../store/stat-cache.js";
import { readSearchRow, type SearchRow } from "./fts-rows.js";
import { insertRowChunk } from "./fts-row-wire.js";
import { SearchDbBuild } from "./fts-search-db-build.js";
import { SearchDb, type DocRow } from "../store/fts/search-db.js";
import { cacheSignature, discardFile, fileExists, renameFile } from "../store/files.js";
import { pathField } from "../core/util/text.js";

/** Options of {@link syncSearchDb}. */
export interface SyncOptions {
  config: CortexConfig;
  /** Told why an existing `search.db` is rebuilt (damaged, old format), one line. */
  notice?: (line: string) => void;
  /** Rebuild it whole, whatever state it is in (`cortex index --full`). */
  full?: boolean;
  /**
   * The only paths whose cache lines changed since the cache file whose
   * identity is `after` (see {@link cacheSignature}) was written: when the
   * database was in step with that one, only their rows are compared and
   * updated, not every row. Otherwise ignored. `lines`: those files' lines
   * as the run wrote them into the cache (after a header line), so that the
   * cache is not read again.
   */
  only?: { paths: readonly string[]; after: string; lines?: string };
  /** The build that the index run just made fed (see {@link startSearchDbBuild}): put in place, or redone here if it failed. */
  build?: SearchDbBuildStart;
}

/** A build of the whole `search.db` fed by an index run's parse, and why the existing file could not be kept. */
export interface SearchDbBuildStart {
  build: SearchDbBuild;
  /** The existing file's damage, said in the notice of its rebuild. */
  damage?: string;
}

/** What {@link syncSearchDb} did. */
export interface SyncResult {
  /** The database was made anew (it was missing or could not be used). */
  rebuilt: boolean;
  /** Notes read and (re)indexed. */
  updated: number;
  /** Notes whose rows were removed. */
  removed: number;
}

/** Where a vault's full-text index lives. */
export function searchDbPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "search.db");
}

/**
 * Brings `index/search.db` in step with the index's list of files
 * (`index/cache.tsv`): rows are added, replaced or removed only for the
 * notes whose size or mtime differ from the row's, in one transaction, so a
 * killed run leaves the previous state whole and the next run repairs it.
 * Nothing is read when the database already matches this cache file. A
 * missing, damaged or old-format database is rebuilt (with a notice, unless
 * it was missing). The caller holds the vault lock.
 *
 * @throws CortexError (`NO_INDEX`) when the vault has no index yet.
 */
export function syncSearchDb(vaultDir: string, options: SyncOptions): SyncResult {
  const settingsKey = indexSettingsKey(options.config);
  const cacheFile = vaultPaths(vaultDir).cache;
  const signature = cacheSignature(cacheFile);
  const built = signature === null ? null : finishBuild(vaultDir, signature, options);
  if (built) return built;
  const told = signature === null ? null : toldUpdate(vaultDir, settingsKey, signature, options);
  if (told) return told;
  const cache = signature === null ? null : readStatCache(cacheFile, settingsKey);
  if (signature === null || cache === null || typeof cache === "string") throw new CortexError("NO_INDEX", `no current index in ${vaultDir}: run cortex index`);
  const cacheText = cache.text;
  const file = searchDbPath(vaultDir);
  const opened = fileExists(file) && !options.full && !options.build ? SearchDb.open(file, settingsKey) : null;
  if (typeof opened === "string" || opened === null) {
    if (typeof opened === "string") options.notice?.(`index/search.db: ${opened}; rebuilding it`);
    return rebuild(vaultDir, file, settingsKey, signature, readCachedFiles(cacheText), options.config);
  }
  try {
    const synced = opened.meta("synced");
    if (synced === signature) return { rebuilt: false, updated: 0, removed: 0 };
    if (options.only && synced === options.only.after) return update(opened, vaultDir, signature, cachedLines(cacheText, options.only.paths), options.config, options.only.paths);
    return update(opened, vaultDir, signature, readCachedFiles(cacheText), options.config);
  } catch (error) {
    opened.close();
    options.notice?.(`index/search.db: ${(error as Error).message}; rebuilding it`);
    return rebuild(vaultDir, file, settingsKey, signature, readCachedFiles(cacheText), options.config);
  } finally {
    opened.close();
  }
}

// The update of the rows of the files an index run recorded, from the cache lines it wrote for them (`only.lines`),
// when search.db was in step with the cache before that run: the cache is not read again. Null when it does not
// apply, or fails (the sync then goes the usual way, which rebuilds a database it cannot update).
function toldUpdate(vaultDir: string, settingsKey: string, signature: string, options: SyncOptions): SyncResult | null {
  const { only } = options;
  const file = searchDbPath(vaultDir);
  if (only?.lines === undefined || signature === only.after || options.full || options.build || !fileExists(file)) return null;
  const opened = SearchDb.open(file, settingsKey);
  if (typeof opened === "string") return null;
  try {
    return opened.meta("synced") === only.after ? update(opened, vaultDir, signature, readCachedFiles(only.lines), options.config, only.paths) : null;
  } catch {
    return null;
  } finally {
    opened.close();
  }
}

/**
 * Starts building `search.db` whole from the rows of a full index run's
 * parse (see `indexInParallel`), when the sync after that run would rebuild
 * it: on `full`, or when the file is missing or cannot be used (damaged, of
 * another format or settings). Null when an update will do (the file is
 * usable), or when the build's thread cannot start (the sync then rebuilds
 * it the usual way). The caller holds the vault lock.
 */
export function startSearchDbBuild(vaultDir: string, config: CortexConfig, full: boolean): SearchDbBuildStart | null {
  const file = searchDbPath(vaultDir);
  const settingsKey = indexSettingsKey(config);
  const opened = full || !fileExists(file) ? null : SearchDb.open(file, settingsKey, true);
  if (opened !== null && typeof opened !== "string") {
    opened.close();
    return null;
  }
  const build = SearchDbBuild.start(file, settingsKey);
  return build && { build, damage: opened ?? undefined };
}

// Puts the build the run fed in place (saying why the old file was replaced); null without one, or when it failed.
function finishBuild(vaultDir: string, signature: string, options: SyncOptions): SyncResult | null {
  if (!options.build) return null;
  const { build, damage } = options.build;
  if (damage !== undefined) options.notice?.(`index/search.db: ${damage}; rebuilding it`);
  const rows = build.finish(searchDbPath(vaultDir), signature);
  return rows === null ? null : { rebuilt: true, updated: rows, removed: 0 };
}

/**
 * Whether `index/search.db` is in step with `index/cache.tsv` as it stands
 * (it recorded this cache file's identity when it last synced): one stat and
 * one row read. False when either is missing or the database cannot be read.
 */
export function searchDbCurrent(vaultDir: string, config: CortexConfig): boolean {
  const opened = openSearchDbIfCurrent(vaultDir, config);
  opened?.close();
  return opened !== null;
}

/**
 * `index/search.db` opened read-only when it is in step with `index/cache.tsv`
 * (see {@link searchDbCurrent}); null otherwise. The caller closes it.
 */
export function openSearchDbIfCurrent(vaultDir: string, config: CortexConfig): SearchDb | null {
  const signature = cacheSignature(vaultPaths(vaultDir).cache);
  const file = searchDbPath(vaultDir);
  if (signature === null || !fileExists(file)) return null;
  const opened = SearchDb.open(file, indexSettingsKey(config), true);
  if (typeof opened === "string") return null;
  let current = false;
  try {
    current = opened.meta("synced") === signature;
  } catch {
    // unreadable: not current
  }
  if (!current) opened.close();
  return current ? opened : null;
}

// `paths`: compare only the rows of these paths (`files` then holds their cache lines, those that have one).
function update(store: SearchDb, vaultDir: string, signature: string, files: CachedFile[], config: CortexConfig, paths?: readonly string[]): SyncResult {
  const { stale, gone } = diff(paths ? paths.flatMap((p) => store.doc(p) ?? []) : store.docs(), files);
  store.db.exec("BEGIN IMMEDIATE");
  try {
    for (const path of gone) store.remove(path);
    let updated = 0;
    for (const file of stale) updated += indexNote(store, vaultDir, file, config) ? 1 : 0;
    store.setMeta("synced", signature);
    killPoint("search.db:update");
    store.db.exec("COMMIT");
    return { rebuilt: false, updated, removed: gone.length };
  } catch (error) {
    if (store.db.isTransaction) store.db.exec("ROLLBACK");
    throw error;
  }
}

// Builds the whole database in a temporary file, then renames it into place.
function rebuild(vaultDir: string, file: string, settingsKey: string, signature: string, files: CachedFile[], config: CortexConfig): SyncResult {
  const temp = tempPathFor(file);
  let store: SearchDb | undefined;
  try {
    store = fillSearchDb(SearchDb.create(temp, settingsKey), vaultDir, files, config);
    store.setMeta("synced", signature);
    store.close();
    killPoint("search.db:rebuilt");
    // A journal left by a killed update belongs to the old file: it must not be played back into the new one.
    discardFile(`${file}-journal`);
    renameFile(temp, file);
  } catch (error) {
    store?.close();
    discardFile(temp);
    throw new CortexError("IO", `cannot write ${file}: ${(error as Error).message}`, { cause: error });
  }
  return { rebuilt: true, updated: files.filter((f) => !f.skipped).length, removed: 0 };
}

/**
 * Indexes the given files (those not skipped) into an empty database, in one
 * transaction, and returns it. Used for `search.db` and for a database in
 * memory when the vault cannot be written.
 */
export function fillSearchDb(store: SearchDb, vaultDir: string, files: readonly CachedFile[], config: CortexConfig): SearchDb {
  const atoms = files.filter((f) => !f.skipped);
  store.db.exec("BEGIN");
  // Many notes: read and parsed on worker threads while this thread inserts what they post.
  const jobs = atoms.map((f) => ({ abs: join(vaultDir, f.path), path: f.path, mtimeMs: NaN, size: NaN }));
  const delivered = new Set<number>();
  const run = canParseInParallel(jobs.length) ? parseOnWorkers(jobs, config, { task: "search-rows" }, (chunk, posted) => {
    delivered.add(chunk);
    insertRowChunk(store, posted.rows!);
  }) : null;
  const chunks = run?.chunks ?? 0;
  for (let c = 0; c < chunks; c++) if (!delivered.has(c)) for (const job of chunkOf(jobs, c)) putRow(store, job.path, readSearchRow(vaultDir, job.path, config), true);
  if (!run) for (const file of atoms) putRow(store, file.path, readSearchRow(vaultDir, file.path, config), true);
  store.db.exec("COMMIT");
  return store;
}

// The cache lines of `paths` (those that have one), read in place: the other 100k lines are not split.
function cachedLines(cacheText: string, paths: readonly string[]): CachedFile[] {
  const lines: string[] = [cacheText.slice(0, cacheText.indexOf("\n") + 1)];
  for (const path of paths) {
    const at = cacheText.indexOf(`\t${pathField(path)}\n`);
    if (at === -1) continue;
    const start = cacheText.lastIndexOf("\n", at) + 1;
    lines.push(cacheText.slice(start, cacheText.indexOf("\n", at + 1) + 1));
  }
  return readCachedFiles(lines.join(""));
}

// The atoms whose row is missing or of another file version, and the rows whose file is no atom any more.
function diff(rows: DocRow[], files: CachedFile[]): { stale: CachedFile[]; gone: string[] } {
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const stale: CachedFile[] = [];
  const atoms = new Set<string>();
  for (const file of files) {
    if (file.skipped) continue;
    atoms.add(file.path);
    const row = byPath.get(file.path);
    if (!row || row.mtimeUs !== file.mtimeUs || row.size !== file.size) stale.push(file);
  }
  return { stale, gone: rows.filter((r) => !atoms.has(r.path)).map((r) => r.path) };
}

// Reads, parses and stores one note; false (and its row removed) when it cannot be read or is not text.
function indexNote(store: SearchDb, vaultDir: string, file: CachedFile, config: CortexConfig): boolean {
  return putRow(store, file.path, readSearchRow(vaultDir, file.path, config));
}

// `fresh`: the database was empty (a rebuild), so there is no old row to remove.
function putRow(store: SearchDb, path: string, row: SearchRow | null, fresh = false): boolean {
  if (!row) {
    if (!fresh) store.remove(path);
    return false;
  }
  store.put(row.atom, row, row.text, fresh);
  return true;
}
