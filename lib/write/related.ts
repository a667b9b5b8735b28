import { compareStrings } from "../util/compare.js";
import type { ManifestEntry } from "../indexes/types.js";
import { words } from "./similarity.js";

/** An atom related to a new one, and why. */
export interface RelatedLink {
  path: string;
  score: number;
}

const STOPWORDS = new Set(
  "this that with from have will when what they them then than into only also about should would could there their which while after before must your been were does each more some such other these those because".split(" "),
);

/** Words of 4+ letters that carry meaning (a small English stopword list is left out). */
export function keywords(text: string): Set<string> {
  return new Set(words(text).filter((w) => w.length >= 4 && !STOPWORDS.has(w)));
}

/**
 * The evidence a link needs: more than one shared tag (a generic tag such as
 * `deploy` is shared by half a vault), so a tag and a word, two tags, or four words.
 */
export const RELATED_MIN_SCORE = 4;

/**
 * Atoms related to a new one: 3 points per shared tag plus 1 per keyword of
 * the new atom's name, description and body found in the candidate's name or
 * description. Only active and review atoms, with a score of at least
 * {@link RELATED_MIN_SCORE}; best first, ties by path; at most `limit`. Pure.
 *
 * @example findRelated({ tags: ["deploy"], text: "Deploy freeze" }, manifest, 3)
 */
export function findRelated(atom: { tags: readonly string[]; text: string; exclude?: ReadonlySet<string> }, manifest: readonly ManifestEntry[], limit: number): RelatedLink[] {
  if (limit <= 0) return [];
  const mine = keywords(atom.text);
  const tags = new Set(atom.tags);
  const found: RelatedLink[] = [];
  for (const entry of manifest) {
    if (entry.status === "superseded" || entry.status === "archived" || atom.exclude?.has(entry.path)) continue;
    let score = 0;
    for (const tag of entry.tags) if (tags.has(tag)) score += 3;
    for (const word of keywords(`${entry.name} ${entry.description}`)) if (mine.has(word)) score++;
    if (score >= RELATED_MIN_SCORE) found.push({ path: entry.path, score });
  }
  found.sort((a, b) => b.score - a.score || compareStrings(a.path, b.path));
  return found.slice(0, limit);
}

/** The link target an atom is referred to by: its vault-relative path without `.md`. */
export function linkTarget(path: string): string {
  return path.toLowerCase().endsWith(".md") ? path.slice(0, -3) : path;
}
