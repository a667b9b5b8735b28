import { join } from "node:path";
import { removeStaleTemps, writeError, writeFileAtomic } from "../store/atomic.js";
import type { CortexError } from "../core/errors.js";
import { IndexDb } from "../store/index-db.js";
import { killPoint } from "../store/kill-point.js";
import { withIndexLock } from "../store/lock.js";
import { INDEX_GITIGNORE, OLD_INDEX_GITIGNORES, vaultPaths } from "../store/paths.js";
import { scanVault } from "../store/scan-vault.js";
import { fileExists, readTextOrNull, realPathOrSelf } from "../store/files.js";
import type { VaultScan } from "../store/scan.js";
import { scanTold } from "../store/told-scan.js";
import { collectDiagnostics, exportsCurrent, indexSettingsKey, mayDefer, writeDeferredMeta, writeExports } from "./exports.js";
import type { VaultIndexes } from "../core/indexes/types.js";
import { buildIndexes } from "../core/index-build/build.js";
import { openIndexDb } from "./open-db.js";
import { syncFiles, changedFiles, type FileChanges } from "./sync-files.js";
import type { IndexVaultOptions, IndexVaultResult } from "./index-types.js";

export type { IndexVaultOptions, IndexVaultResult } from "./index-types.js";
export { indexSettingsKey } from "./exports.js";

/**
 * Indexes a vault: scans it, compares each markdown file's size and mtime
 * with what `index/cortex.db` records, parses the new and changed files and
 * records them (and forgets the removed ones) in one transaction; then
 * writes the exports (the five JSON indexes, `index/links.json`, the layer
 * files and `index/meta.json`) whole from the database when they are not
 * current. Nothing is written when nothing changed, and no lock is taken to
 * find that out. Bad files never stop the run; they are reported as
 * diagnostics. A run that writes holds the vault lock, waiting up to 15 s.
 *
 * @throws CortexError (`LOCKED`) when another process holds the lock that long; (`IO`) when the index cannot be written.
 * @example
 * const { vaultDir, config } = loadConfig({ vault: "examples/vault" });
 * const result = indexVault(vaultDir, { config, today: "2026-11-22" });
 */
export function indexVault(vaultDir: string, options: IndexVaultOptions): IndexVaultResult {
  if (options.write === false) return indexInMemory(vaultDir, options);
  const settings = indexSettingsKey(options.config);
  const { db: file, indexDir, layersDir } = vaultPaths(vaultDir);
  // What a killed run left half-written (files named for processes that are gone): no lock needed.
  removeStaleTemps(indexDir);
  removeStaleTemps(layersDir);
  // The common case of a reader: nothing changed, proven without the lock.
  let seen: SeenBeforeLock | undefined;
  if (!options.full && !options.changed) {
    const unchanged = unchangedIndex(vaultDir, file, settings, options);
    if ("atoms" in unchanged) return unchanged;
    seen = unchanged;
  }
  return withIndexLock(vaultDir, () => {
    try {
      return indexOnDisk(vaultDir, settings, options, options.full === true, seen);
    } catch (error) {
      if (!isSqliteError(error)) throw error;
      // The disk, not the database: said as any failed write is.
      const io = ioErrorOf(error, file);
      if (io) throw io;
      // A database damaged inside (a page, not its header) fails only when read: made anew, once.
      notice(options, `index/cortex.db: ${(error as Error).message}; rebuilding it`);
      return indexOnDisk(vaultDir, settings, options, true);
    }
  }, { held: options.lock, timeoutMs: options.lockTimeoutMs });
}

function indexOnDisk(vaultDir: string, settings: string, options: IndexVaultOptions, full: boolean, seen?: SeenBeforeLock): IndexVaultResult {
  const opened = openIndexDb(vaultDir, settings, { full, notice: (line) => notice(options, line) });
  let db = opened.db;
  try {
    // A database made just now records nothing: every file is read, whatever paths a transaction names.
    const fresh = db.generation() === 0;
    const put = (built: IndexDb) => (db = opened.building ? opened.building(built) : built);
    // The scan made before the lock, and what it found changed, stand when no run recorded anything since.
    const stands = seen?.scan && seen.changes && !fresh && seen.generation === db.generation();
    return indexInto(db, vaultDir, fresh ? { ...options, changed: undefined } : options, true, put, stands ? { scan: seen.scan!, changes: seen.changes! } : undefined);
  } finally {
    db.close();
  }
}

function isSqliteError(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "ERR_SQLITE_ERROR";
}

// SQLite's result codes of a failed write that is the disk's doing (full, read-only, I/O), as the file system's.
const DISK_ERRORS: Record<number, string> = { 13: "ENOSPC", 8: "EROFS", 10: "EIO", 14: "EACCES" };

// The error of a write to `file` that failed for the disk's sake, said as writeFileAtomic says it; null otherwise.
function ioErrorOf(error: unknown, file: string): CortexError | null {
  const code = DISK_ERRORS[((error as { errcode?: number }).errcode ?? 0) & 0xff];
  return code ? writeError(file, Object.assign(new Error((error as Error).message), { code })) : null;
}

/** The scan a check made before the lock, what differed from the database, and the database's generation then. */
interface SeenBeforeLock {
  scan?: VaultScan;
  changes?: FileChanges;
  generation?: number;
}

// The result when the database records every file as it is and the exports are current; otherwise what the check saw.
function unchangedIndex(vaultDir: string, file: string, settings: string, options: IndexVaultOptions): IndexVaultResult | SeenBeforeLock {
  if (!fileExists(file)) return {};
  const db = IndexDb.open(file, settings);
  if (typeof db === "string") return {};
  try {
    // Made for another folder: the run under the lock makes it anew (see openIndexDb).
    if (db.meta("vault") !== realPathOrSelf(vaultDir)) return {};
    const scan = scanVault(vaultDir);
    const changes = changedFiles(db, scan);
    const seen = { scan, changes, generation: db.generation() };
    if (changes.changed.length > 0 || changes.removed.length > 0) return seen;
    const current = exportsCurrent(db, options, vaultDir);
    if (!current && !mayDefer(db, options)) return seen;
    const result = resultOf(db, scan, { reread: 0, removed: 0, written: [] });
    if (!current) result.exportsDeferred = true;
    return result;
  } catch {
    return {};
  } finally {
    db.close();
  }
}

/**
 * The run on an open database (on disk under the lock, or in memory): the
 * files' changes recorded in one transaction, then the exports when they
 * are due (`onDisk`). `afterSync` gives the database to go on with (a
 * database built at a temporary path is put in place there); `seen`, a
 * scan made just before and its changes, instead of scanning again.
 */
function indexInto(db: IndexDb, vaultDir: string, options: IndexVaultOptions, onDisk: boolean, afterSync = (synced: IndexDb) => synced, seen?: { scan: VaultScan; changes: FileChanges }): IndexVaultResult {
  const told = options.changed && !options.full ? options.changed : undefined;
  const scan = told ? null : (seen?.scan ?? scanVault(vaultDir));
  const changes: FileChanges = told ? toldChanges(db, vaultDir, told) : (seen?.changes ?? changedFiles(db, scan!));
  killPoint("index:start");
  const recorded = syncFiles(db, changes, options.config, options.onProgress);
  db = afterSync(db);
  const written: string[] = recorded ? ["index/cortex.db"] : [];
  let indexes: IndexVaultResult["indexes"];
  let deferred = false;
  if (onDisk) {
    written.push(...bringExports(db, vaultDir, options, recorded, (built) => (indexes = built), () => (deferred = true)));
    writeGitignore(vaultPaths(vaultDir).indexDir);
  }
  const result = resultOf(db, scan, { reread: changes.changed.length, removed: changes.removed.length, written });
  if (indexes) result.indexes = indexes;
  if (deferred) result.exportsDeferred = true;
  return result;
}

// Writes the exports when they are not current (or, when they may wait, meta.json saying so, after a change);
// returns the paths written. `built`: given the indexes the exports were made of; `deferred`: called when they wait.
function bringExports(db: IndexDb, vaultDir: string, options: IndexVaultOptions, changed: boolean, built: (indexes: VaultIndexes) => void, deferred: () => void): string[] {
  if (exportsCurrent(db, options, vaultDir)) return [];
  if (mayDefer(db, options)) {
    deferred();
    return changed || !fileExists(vaultPaths(vaultDir).meta) ? writeDeferredMeta(db, vaultDir, options) : [];
  }
  const exported = writeExports(db, vaultDir, options);
  if (exported.indexes) built(exported.indexes);
  return exported.written;
}

// The changes of the paths a transaction wrote or removed (every other file taken as recorded, not looked at).
function toldChanges(db: IndexDb, vaultDir: string, paths: readonly string[]): FileChanges {
  const recorded = (path: string) => db.hasFile(path);
  const files = scanTold(vaultDir, paths, recorded);
  const seen = new Set(files.map((f) => f.path));
  const removed = [...new Set(paths)].filter((p) => !seen.has(p) && recorded(p));
  const rewritten = files.filter((f) => recorded(f.path)).length;
  return { changed: files, removed, unchanged: db.fileCount() - rewritten - removed.length };
}

// What a run reports, from the database as it now stands.
function resultOf(db: IndexDb, scan: VaultScan | null, run: Pick<IndexVaultResult, "reread" | "removed" | "written">): IndexVaultResult {
  const files = db.fileCount();
  return {
    atoms: db.docCount(),
    diagnostics: collectDiagnostics(db.diagnostics(), scan?.skipped ?? []),
    reread: run.reread,
    reused: files - run.reread,
    removed: run.removed,
    written: run.written,
    otherFiles: scan?.others ?? [],
  };
}

// A vault that cannot (or may not) be written: indexed into a database in memory, which the result hands over.
function indexInMemory(vaultDir: string, options: IndexVaultOptions): IndexVaultResult {
  const db = IndexDb.create(":memory:", indexSettingsKey(options.config));
  const result = indexInto(db, vaultDir, { ...options, changed: undefined, full: false }, false);
  result.indexes = buildIndexes(db.atoms());
  result.db = db;
  return result;
}

/** Says one line about the index (a rebuild and why): to `onNotice`, else to stderr. */
export function notice(options: Pick<IndexVaultOptions, "onNotice">, line: string): void {
  if (options.onNotice) options.onNotice(line);
  else process.stderr.write(`cortex: ${line}\n`);
}

// index/.gitignore when missing, or when it is one cortex wrote before (a user's own is left alone).
function writeGitignore(indexDir: string): void {
  const file = join(indexDir, ".gitignore");
  const text = readTextOrNull(file);
  if (text === null || OLD_INDEX_GITIGNORES.includes(text)) writeFileAtomic(file, INDEX_GITIGNORE);
}
