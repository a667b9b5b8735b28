import type { Atom } from "../core/atoms/types.js";
import type { IndexDb } from "./index-db.js";

// Which exports the database no longer matches (table `stale_exports`): listed in the transaction of the change that
// made them so, emptied once they are written again.

/** The export files the database no longer matches, sorted. */
export function staleExports(db: IndexDb): string[] {
  return (db.prepare("SELECT file FROM stale_exports ORDER BY file").all() as { file: string }[]).map((r) => r.file);
}

/** Records export files as no longer matching the database (inside the transaction of the change). */
export function markStale(db: IndexDb, files: Iterable<string>): void {
  const insert = db.prepare("INSERT OR IGNORE INTO stale_exports(file) VALUES (?)");
  for (const file of files) insert.run(file);
}

/** Records every export file as matching the database again. */
export function clearStale(db: IndexDb): void {
  db.prepare("DELETE FROM stale_exports").run();
}

/** What an atom's row says of the exports that list it beyond the manifest (see {@link exportedAs}). */
export type ExportedAs = Pick<Atom, "updated" | "status"> & { linking: number };

/**
 * What decides which exports the atom at `path` is in beyond the manifest:
 * the layer file (by `updated` and `status`), and links.json (`linking`:
 * it has resolved links). Undefined when the path is no atom.
 */
export function exportedAs(db: IndexDb, path: string): ExportedAs | undefined {
  return db.prepare("SELECT updated, status, resolved <> '[]' AS linking FROM docs WHERE path = ?").get(path) as ExportedAs | undefined;
}
