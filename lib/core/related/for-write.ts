import type { ManifestEntry } from "../indexes/types.js";
import { bestFirst, idfOf, relatedTags, tagTier, tokens, wordsMatching, wordTier } from "./related.js";
import { evidenceAgainst, RELATED_MIN_SCORE } from "./evidence.js";

type Entry = Pick<ManifestEntry, "path" | "name" | "description" | "tags" | "aliases">;

/** What a new atom is compared by: its tags as given, and its text (name, body, description). */
export interface WriteQuery {
  tags: readonly string[];
  text: string;
}

/**
 * The atoms a new atom links to on write: the first `limit` of
 * `related(live, {}, { tags, words: [text] }, 0)` in its order whose
 * `writeEvidence` reaches {@link RELATED_MIN_SCORE}. The same answer,
 * without ranking what is never looked at: the shared-rare-words tier ranks
 * below every shared-tag atom, so it is counted only when the tag tier has
 * fewer than `limit` strong atoms. Pure.
 *
 * @param live - the live atoms (active, review, …), in any order.
 * @example relatedForWrite(live, { tags: ["deploy"], text: "Deploy freeze\nNo deploys on Friday" }, 3)
 */
export function relatedForWrite(live: readonly Entry[], query: WriteQuery, limit: number): string[] {
  if (limit <= 0) return [];
  const strong: string[] = [];
  const evidence = evidenceAgainst(query);
  // `worth`: false only for an atom whose evidence is known to fall short without cutting its words.
  const take = (ranked: readonly { path: string }[], byPath: ReadonlyMap<string, Entry>, worth: (m: Entry) => boolean) => {
    for (const r of ranked) {
      if (strong.length >= limit) return;
      const m = byPath.get(r.path)!;
      if (worth(m) && evidence(m) >= RELATED_MIN_SCORE) strong.push(r.path);
    }
  };
  const idf = idfOf(live.length);
  const { shared, frequency } = relatedTags(live, query.tags.map((t) => t.toLowerCase().replace(/^#/, "")));
  const tagged = new Map<string, Entry>();
  const tagRanked = [];
  for (const [m, tags] of shared) {
    tagged.set(m.path, m);
    tagRanked.push(tagTier(m, tags, frequency, idf));
  }
  take(bestFirst(tagRanked, 0), tagged, () => true);
  // An atom of the words tier shares no tag: its evidence is the number of the new atom's words that are words of
  // its name, aliases or description (what wordsMatching lists), one point each. None reaches the minimum when
  // the new atom has fewer words than that.
  const words = new Set(tokens(query.text));
  if (strong.length >= limit || words.size < RELATED_MIN_SCORE) return strong;
  const rest = shared.size === 0 ? live : live.filter((m) => !shared.has(m));
  const matched = wordsMatching(live, words);
  const wordRanked = wordTier(live, rest, words, idf, matched);
  if (wordRanked.length === 0) return strong;
  const wanted = new Set(wordRanked.map((r) => r.path));
  take(bestFirst(wordRanked, 0), new Map(rest.filter((m) => wanted.has(m.path)).map((m) => [m.path, m])), (m) => matched.get(m)!.length >= RELATED_MIN_SCORE);
  return strong;
}
