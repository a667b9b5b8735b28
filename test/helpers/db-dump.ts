import { existsSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * What `index/cortex.db` records, as text that two databases of the same
 * notes share whatever order their rows were written in: the files (without
 * their mtimes, which a copy keeps only to the millisecond), the atoms, the
 * full-text rows (by path, without row ids), and the meta values that do not
 * name the folder or count runs. "" when there is no database.
 */
export function dbDump(vault: string): string {
  const file = join(vault, "index", "cortex.db");
  if (!existsSync(file)) return "";
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = (sql: string) => db.prepare(sql).all().map((r) => JSON.stringify(r)).join("\n");
    return [
      rows("SELECT path, size, atom, diagnostics FROM files ORDER BY path"),
      rows("SELECT path, name, type, project, status, updated, tags, description, atom_id, created, aliases, links, lines, size_bytes, confidence, pnl_impact, superseded_by, targets FROM docs ORDER BY path"),
      rows("SELECT d.path, f.* FROM fts f JOIN docs d ON d.id = f.rowid ORDER BY d.path"),
      rows("SELECT key, value FROM meta WHERE key NOT IN ('vault', 'generation', 'exported', 'linked', 'check_links') ORDER BY key"),
    ].join("\n--\n");
  } finally {
    db.close();
  }
}
