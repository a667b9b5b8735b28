import type { IndexDb } from "./index-db.js";

// The links resolved across the vault (columns `resolved` and `backlinks` of `docs`): they depend on every note, so an
// index run writes them with the exports; they are current while meta `linked` is the generation.

/** True when the resolved links and the backlink counts are those of the atoms as they stand (see {@link putLinks}). */
export function linksCurrent(db: IndexDb): boolean {
  return db.meta("linked") === String(db.generation());
}

/** Every resolved link: source path → the atoms it opens (for atoms that link), sources in path order. */
export function resolvedLinks(db: IndexDb): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { path, r } of db.prepare("SELECT path, resolved AS r FROM docs WHERE resolved <> '[]' ORDER BY path").all() as { path: string; r: string }[]) out[path] = JSON.parse(r) as string[];
  return out;
}

/**
 * Records the resolved links of the atoms as they stand, and each atom's
 * backlink count (call inside a transaction): only the rows that differ
 * from those recorded are written, so that an index run after one edit
 * writes a few rows, not every atom's. Returns whether any atom's links,
 * and any atom's backlink count, differed.
 */
export function putLinks(db: IndexDb, links: Readonly<Record<string, readonly string[]>>, backlinks: ReadonlyMap<string, number>): { links: boolean; backlinks: boolean } {
  const update = db.prepare("UPDATE docs SET resolved = ?, backlinks = ? WHERE path = ?");
  const changed = { links: false, backlinks: false };
  for (const { path, r, n } of db.prepare("SELECT path, resolved AS r, backlinks AS n FROM docs").all() as { path: string; r: string; n: number }[]) {
    const resolved = Object.hasOwn(links, path) ? JSON.stringify(links[path]) : "[]";
    const count = backlinks.get(path) ?? 0;
    if (resolved === r && count === n) continue;
    update.run(resolved, count, path);
    changed.links ||= resolved !== r;
    changed.backlinks ||= count !== n;
  }
  db.setMeta("linked", String(db.generation()));
  return changed;
}
