import type { ManifestEntry } from "../indexes/types.js";
import type { RelatedCandidates } from "../related/for-write.js";
import type { AtomDirectory, DirectoryEntry } from "./types.js";

/** Whether an atom takes part in duplicate and related checks: only live ones (not superseded, not archived). */
export function isLive(entry: Pick<ManifestEntry, "status">): boolean {
  return entry.status !== "superseded" && entry.status !== "archived";
}

/**
 * The live atoms of a directory and of `own` (atoms written since it was
 * read), as `relatedForWrite` looks them up. Pure.
 *
 * @example relatedForWrite(liveCandidates(directory, []), { tags: ["deploy"], text: "Deploy freeze" }, 3)
 */
export function liveCandidates(directory: AtomDirectory, own: readonly DirectoryEntry[]): RelatedCandidates {
  const mine = own.filter(isLive);
  // A directory that answers several lookups with the same list is filtered once.
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
