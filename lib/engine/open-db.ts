import { join } from "node:path";
import { IndexDb } from "../store/index-db.js";
import { discardFile, fileExists, realPathOrSelf } from "../store/files.js";
import { ensureDir } from "../store/atomic.js";
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

/**
 * Opens the vault's `index/cortex.db` for an index run (the caller holds the
 * vault lock). A database that is missing, damaged, of another schema, of
 * other settings or made for another vault is made anew, empty (the run then
 * reads every note), saying why in one line unless it was simply missing;
 * the derived files of earlier versions go with it.
 */
export function openIndexDb(vaultDir: string, settings: string, options: OpenIndexDbOptions): IndexDb {
  const { indexDir, db: file } = vaultPaths(vaultDir);
  const vault = realPathOrSelf(vaultDir);
  if (!options.full && fileExists(file)) {
    const opened = IndexDb.open(file, settings);
    const why = typeof opened === "string" ? opened : opened.meta("vault") === vault ? null : `made for another vault (${opened.meta("vault") ?? "unknown"})`;
    if (why === null) return opened as IndexDb;
    if (typeof opened !== "string") opened.close();
    options.notice(`index/cortex.db: ${why}; rebuilding it`);
  } else if (!fileExists(file) && OLD_INDEX_FILES.some((name) => fileExists(join(indexDir, name)))) {
    options.notice("index/ was written by an earlier version of cortex; rebuilding it");
  }
  ensureDir(indexDir);
  for (const name of OLD_INDEX_FILES) discardFile(join(indexDir, name));
  IndexDb.remove(file);
  const db = IndexDb.create(file, settings);
  db.setMeta("vault", vault);
  return db;
}
