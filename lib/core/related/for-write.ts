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
 * The live atoms as {@link relatedForWrite} looks them up, for a vault read
 * without making an entry per atom: how many there are, and those that can
 * matter to a query. An atom left out of an answer must have none of the
 * tags (or words) asked for: it then counts towards `count` only.
 */
export interface RelatedCandidates {
  /** How many live atoms there are (what rarity is measured against). */
  count: number;
  /** The live atoms that have one of `tags` (more may be given), each once, in any order. */
  withTags(tags: readonly string[]): readonly Entry[];
  /** The live atoms whose name, aliases or description may hold one of `words` (more may be given), each once. */
  withWords(words: readonly string[]): readonly Entry[];
  /** Every live atom. */
  all(): readonly Entry[];
}

/** An array of live atoms as {@link RelatedCandidates}: every lookup answers all of them. */
export function candidatesOf(live: readonly Entry[]): RelatedCandidates {
  const all = () => live;
  return { count: live.length, withTags: all, withWords: all, all };
}

/**
 * The atoms a new atom links to on write: the first `limit` of
 * `related(live, {}, { tags, words: [text] }, 0)` in its order whose
 * `writeEvidence` reaches {@link RELATED_MIN_SCORE}. The same answer,
 * without ranking what is never looked at: the shared-tags tier is ranked
 * by the set of the query's tags each atom has (its score depends on that
 * set only), and the shared-rare-words tier, which ranks below every
 * shared-tag atom, is counted only when the tags tier has fewer than
 * `limit` strong atoms. Only the atoms that have one of the tags, then
 * those that may hold one of the words, are asked of `live` (see
 * {@link RelatedCandidates}). Pure.
 *
 * @param live - the live atoms (active, review, …), in any order.
 * @example relatedForWrite(live, { tags: ["deploy"], text: "Deploy freeze\nNo deploys on Friday" }, 3)
 */
export function relatedForWrite(live: readonly Entry[] | RelatedCandidates, query: WriteQuery, limit: number): string[] {
  if (limit <= 0) return [];
  const source = "count" in live ? live : candidatesOf(live);
  const tags = [...new Set(query.tags.map((t) => t.toLowerCase().replace(/^#/, "")))];
  const tagged = tags.length > MASK_TAGS ? null : source.withTags(tags);
  const order = tagged && pathOrder(tagged);
  // A path listed twice, or too many tags for a mask: every atom ranked, as `related` does.
  if (order === null || order === "repeated") return rankedThenChecked(source.all(), query, limit);
  const evidence = evidenceAgainst(query);
  const strong: string[] = [];
  const idf = idfOf(source.count);
  const grouped = tagGroups(tagged!, tags);
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
  const worded = source.withWords([...words]);
  if (worded !== tagged && pathOrder(worded) === "repeated") return rankedThenChecked(source.all(), query, limit);
  const matched = wordsMatching(worded, words);
  // The atoms of the words tier: those with none of the query's tags.
  const rest = worded === tagged ? grouped.rest : untagged(worded, tags);
  const ranked = bestFirst(wordTier(worded, rest, words, idf, matched, source.count), 0);
  const wanted = new Set(ranked.map((r) => r.path));
  const byPath = new Map(rest.filter((m) => wanted.has(m.path)).map((m) => [m.path, m]));
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

// The atoms that have none of `tags`, in their order.
function untagged(entries: readonly Entry[], tags: readonly string[]): Entry[] {
  const wanted = new Set(tags);
  return entries.filter((m) => !m.tags.some((t) => wanted.has(t)));
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
