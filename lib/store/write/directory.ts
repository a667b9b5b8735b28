import { directoryOf } from "../../core/write/directory.js";
import { toManifestEntry } from "../../core/index-build/build.js";
import type { AtomDirectory, DirectoryEntry } from "../../core/write/types.js";
import { unframedTags, type IndexDb } from "../index-db.js";

export type { AtomDirectory, DirectoryEntry } from "../../core/write/types.js";

/**
 * The atoms of the vault's database as the write path reads them: what the
 * near-duplicate, related-atom and name checks of a write need of each (read
 * in one query, names and descriptions lower-cased: those checks compare
 * words, not letter case), with ids and whole entries looked up by key.
 * An entry's `backlinks` is 0: the write path does not read it.
 */
export function atomDirectory(db: IndexDb): AtomDirectory {
  const rows = db.prepare("SELECT path, lower(name) AS name, lower(description) AS description, tags, aliases, status FROM docs ORDER BY path").all() as Record<string, string>[];
  const entries: DirectoryEntry[] = rows.map((r) => ({ path: r.path!, name: r.name!, description: r.description!, tags: unframedTags(r.tags!), aliases: JSON.parse(r.aliases!) as string[], status: r.status! }));
  const hasId = (id: string) => db.prepare("SELECT 1 AS x FROM docs WHERE atom_id = ?").get(id) !== undefined;
  const entry = (path: string) => {
    const row = db.atom(path);
    return row ? toManifestEntry(row.atom) : null;
  };
  return directoryOf(entries, hasId, entry);
}
