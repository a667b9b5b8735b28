import type { ManifestEntry } from "../indexes/types.js";
import { compareStrings } from "../util/compare.js";
import { bestFirst, idfOf, related, tagTier, tokens, wordsMatching, wordTier } from "./related.js";
import { evidenceAgainst, RELATED_MIN_SCORE } from "./evidence.js";

type Entry = Pick<ManifestEntry, "path" | "name" | "description" | "tags" | "aliases">;

/** What a new atom is compared by: its tags as given, and its text (name, body, description). */
export interface WriteQuery {
  tags: readonly string[];
  text: string;
}

/** More distinct query tags than this are grouped per atom, not per set of tags (bit masks of 30 bits). */
const MASK_TAGS = 30;

/**
 * The atoms a new atom links to on write: the first `limit` of
 * `related(live, {}, { tags, words: [text] }, 0)` in its order whose
 * `writeEvidence` reaches {@link RELATED_MIN_SCORE}. The same answer,
 * without ranking what is never looked at: the shared-tags tier is ranked
 * by the set of the query's tags each atom has (its score depends on that
 * set only), and the shared-rare-words tier, which ranks below every
 * shared-tag atom, is counted only when the tags tier has fewer than
 * `limit` strong atoms. Pure.
 *
 * @param live - the live atoms (active, review, …), in any order.
 * @example relatedForWrite(live, { tags: ["deploy"], text: "Deploy freeze\nNo deploys on Friday" }, 3)
 */
export function relatedForWrite(live: readonly Entry[], query: WriteQuery, limit: number): string[] {
  if (limit <= 0) return [];
  const tags = [...new Set(query.tags.map((t) => t.toLowerCase().replace(/^#/, "")))];
  const order = pathOrder(live);
  // A path listed twice, or too many tags for a mask: every atom ranked, as `related` does.
  if (order === "repeated" || tags.length > MASK_TAGS) return rankedThenChecked(live, query, limit);
  const evidence = evidenceAgainst(query);
  const strong: string[] = [];
  const grouped = tagGroups(live, tags);
  const idf = idfOf(live.length);
  for (const tied of tagTierInOrder(grouped, tags, idf, order === "sorted")) {
    for (const m of tied) {
      if (strong.length >= limit) return strong;
      if (evidence(m) >= RELATED_MIN_SCORE) strong.push(m.path);
    }
  }
  // An atom of the words tier shares no tag: its evidence is the number of the new atom's words that are words of
  // its name, aliases or description (what wordsMatching lists), one point each. None reaches the minimum when
  // the new atom has fewer words than that.
  const words = new Set(tokens(query.text));
  if (strong.length >= limit || words.size < RELATED_MIN_SCORE) return strong;
  const matched = wordsMatching(live, words);
  const ranked = bestFirst(wordTier(live, grouped.rest, words, idf, matched), 0);
  const wanted = new Set(ranked.map((r) => r.path));
  const byPath = new Map(grouped.rest.filter((m) => wanted.has(m.path)).map((m) => [m.path, m]));
  for (const r of ranked) {
    if (strong.length >= limit) break;
    const m = byPath.get(r.path)!;
    if (matched.get(m)!.length >= RELATED_MIN_SCORE && evidence(m) >= RELATED_MIN_SCORE) strong.push(r.path);
  }
  return strong;
}

/** The atoms with the query's tags, by the set they have (a bit per tag of `tags`), and the others (`rest`), each in `live` order. */
interface TagGroups {
  groups: Map<number, Entry[]>;
  /** How many atoms have each tag of `tags`. */
  frequency: Map<string, number>;
  rest: Entry[];
}

function tagGroups(live: readonly Entry[], tags: readonly string[]): TagGroups {
  const bit = new Map(tags.map((t, i) => [t, 1 << i]));
  const counts = new Array<number>(tags.length).fill(0);
  const groups = new Map<number, Entry[]>();
  const rest: Entry[] = [];
  for (const m of live) {
    let mask = 0;
    if (bit.size > 0) for (const t of m.tags) mask |= bit.get(t) ?? 0;
    if (mask === 0) {
      rest.push(m);
      continue;
    }
    for (let i = 0; i < tags.length; i++) if (mask & (1 << i)) counts[i]!++;
    const group = groups.get(mask);
    if (group) group.push(m);
    else groups.set(mask, [m]);
  }
  return { groups, frequency: new Map(tags.map((t, i) => [t, counts[i]!])), rest };
}

// The tags tier best first, as `bestFirst` orders it (higher score, then path): runs of atoms of one score, each in
// path order. `sorted`: `live` is in path order (so is each group), a run of one group needs no sort.
function* tagTierInOrder(grouped: TagGroups, tags: readonly string[], idf: (df: number) => number, sorted: boolean): Generator<readonly Entry[]> {
  const scored = [...grouped.groups].map(([mask, group]) => ({ group, score: tagTier(group[0]!, tags.filter((_, i) => mask & (1 << i)), grouped.frequency, idf).score }));
  scored.sort((a, b) => b.score - a.score);
  for (let from = 0; from < scored.length; ) {
    let to = from + 1;
    while (to < scored.length && scored[to]!.score === scored[from]!.score) to++;
    const run = to - from === 1 ? scored[from]!.group : scored.slice(from, to).flatMap((s) => s.group);
    yield sorted && to - from === 1 ? run : [...run].sort((a, b) => compareStrings(a.path, b.path));
    from = to;
  }
}

// Whether every path comes after the one before ("sorted"), no path is listed twice ("unique"), or one is ("repeated").
function pathOrder(live: readonly Entry[]): "sorted" | "unique" | "repeated" {
  let sorted = true;
  for (let i = 1; i < live.length && sorted; i++) sorted = live[i - 1]!.path < live[i]!.path;
  if (sorted) return "sorted";
  return new Set(live.map((m) => m.path)).size === live.length ? "unique" : "repeated";
}

// Every live atom ranked by `related`, then the evidence of each, best first, until `limit` strong ones.
function rankedThenChecked(live: readonly Entry[], query: WriteQuery, limit: number): string[] {
  const evidence = evidenceAgainst(query);
  const found = related(live, {}, { tags: [...query.tags], words: [query.text] }, 0);
  const byPath = new Map(live.map((m) => [m.path, m]));
  const strong: string[] = [];
  for (const r of found) if (strong.length < limit && evidence(byPath.get(r.path)!) >= RELATED_MIN_SCORE) strong.push(r.path);
  return strong;
}
