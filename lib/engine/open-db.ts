import { join } from "node:path";
import { IndexDb } from "../store/index-db.js";
import { CortexError } from "../core/errors.js";
import { discardFile, fileExists, realPathOrSelf, renameFile } from "../store/files.js";
import { ensureDir, tempPathFor } from "../store/atomic.js";
import { vaultPaths } from "../store/paths.js";

/**
 * The derived files of earlier versions, which the database replaces: removed
 * when the database is first made, so that nothing stale is left in `index/`.
 */
export const OLD_INDEX_FILES: readonly string[] = ["cache.tsv", "search.tsv", "search.db", "search.db-journal", "pending.json", "folders.tsv", "quiet-since", "link-keys.tsv", "aliases.tsv", "check-cache.tsv"];

/** Options of {@link openIndexDb}. */
export interface OpenIndexDbOptions {
  /** Make it anew whatever state it is in (`cortex index --full`). */
  full?: boolean;
  /** Told, in one line, why an existing database is made anew. */
  notice: (line: string) => void;
}

/** What {@link openIndexDb} opened: the database, and for one made anew, how to put it in place once filled. */
export interface OpenedIndexDb {
  db: IndexDb;
  /**
   * Set when the database was made anew at a temporary path (without a
   * journal: a full build writes each page once): closes it, renames it to
   * `index/cortex.db` and opens it there in WAL mode. Until then a run killed
   * leaves only a temporary file, which the next run removes.
   */
  building?: (built: IndexDb) => IndexDb;
}

/**
 * Opens the vault's `index/cortex.db` for an index run (the caller holds the
 * vault lock). A database that is missing, damaged, of another schema, of
 * other settings or made for another vault is made anew, empty (the run then
 * reads every note), saying why in one line unless it was simply missing;
 * the derived files of earlier versions go with it.
 */
export function openIndexDb(vaultDir: string, settings: string, options: OpenIndexDbOptions): OpenedIndexDb {
  const { indexDir, db: file } = vaultPaths(vaultDir);
  const vault = realPathOrSelf(vaultDir);
  if (!options.full && fileExists(file)) {
    const opened = IndexDb.open(file, settings);
    const why = typeof opened === "string" ? opened : opened.meta("vault") === vault ? null : `made for another vault (${opened.meta("vault") ?? "unknown"})`;
    if (why === null) return { db: opened as IndexDb };
    if (typeof opened !== "string") opened.close();
    options.notice(`index/cortex.db: ${why}; rebuilding it`);
  } else if (!fileExists(file) && OLD_INDEX_FILES.some((name) => fileExists(join(indexDir, name)))) {
    options.notice("index/ was written by an earlier version of cortex; rebuilding it");
  }
  ensureDir(indexDir);
  for (const name of OLD_INDEX_FILES) discardFile(join(indexDir, name));
  const temp = tempPathFor(file);
  const db = IndexDb.create(temp, settings, { building: true });
  db.setMeta("vault", vault);
  const building = (built: IndexDb) => {
    built.close();
    IndexDb.remove(file);
    renameFile(temp, file);
    const placed = IndexDb.open(file, settings);
    if (typeof placed === "string") throw new CortexError("IO", `index/cortex.db: ${placed}`);
    placed.db.exec("PRAGMA journal_mode = WAL");
    return placed;
  };
  return { db, building };
}
