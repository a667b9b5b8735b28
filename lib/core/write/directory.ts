import type { ManifestEntry } from "../indexes/types.js";
import type { RelatedCandidates } from "../related/for-write.js";
import type { AtomDirectory, DirectoryEntry } from "./types.js";

/** Whether an atom takes part in duplicate and related checks: only live ones (not superseded, not archived). */
export function isLive(entry: Pick<ManifestEntry, "status">): boolean {
  return entry.status !== "superseded" && entry.status !== "archived";
}

/** Up to this many ids are looked for in a list of atoms one by one; then a set of them is made. */
const FEW_LOOKUPS = 8;

/**
 * Atoms held as a list (a vault's manifest) as an {@link AtomDirectory}:
 * every lookup answers all of them (a superset, as the interface allows),
 * so a write over them checks exactly what it did over the list. Pure.
 *
 * @param hasId - whether an atom has an id; by default, told by the entries' own ids.
 * @example directoryOf(manifest).live
 */
export function directoryOf(entries: readonly (DirectoryEntry & Partial<Pick<ManifestEntry, "id">>)[], hasId?: (id: string) => boolean, entry?: (path: string) => ManifestEntry | null): AtomDirectory {
  let paths: Set<string> | null = null;
  let ids: Set<string> | null = null;
  let asked = 0;
  // The first few ids are looked for in the list; a set is made for a session that writes many atoms.
  const idOf = (m: DirectoryEntry & Partial<Pick<ManifestEntry, "id">>) => (typeof m.id === "string" ? [m.id] : []);
  const listedId = (id: string) => (++asked <= FEW_LOOKUPS ? entries.some((m) => m.id === id) : (ids ??= new Set(entries.flatMap(idOf))).has(id));
  const all = () => entries;
  return {
    entries: all,
    live: entries.reduce((n, m) => (isLive(m) ? n + 1 : n), 0),
    withTags: all,
    containing: all,
    named: all,
    has: (path) => (paths ??= new Set(entries.map((m) => m.path))).has(path),
    hasId: hasId ?? listedId,
    entry: entry ?? ((path) => (entries.find((m) => m.path === path && "id" in m) as ManifestEntry | undefined) ?? null),
  };
}

/**
 * The live atoms of a directory and of `own` (atoms written since it was
 * read), as `relatedForWrite` looks them up. Pure.
 *
 * @example relatedForWrite(liveCandidates(directory, []), { tags: ["deploy"], text: "Deploy freeze" }, 3)
 */
export function liveCandidates(directory: AtomDirectory, own: readonly DirectoryEntry[]): RelatedCandidates {
  const mine = own.filter(isLive);
  // A directory that answers every lookup with one list (see directoryOf) is filtered once.
  const seen = new Map<readonly DirectoryEntry[], DirectoryEntry[]>();
  const live = (found: readonly DirectoryEntry[]) => {
    let list = seen.get(found);
    if (!list) seen.set(found, (list = [...found.filter(isLive), ...mine]));
    return list;
  };
  return {
    count: directory.live + mine.length,
    withTags: (tags) => live(directory.withTags(tags)),
    withWords: (words) => live(directory.containing(words)),
    all: () => live(directory.entries()),
  };
}
