import { compareStrings } from "../util/compare.js";
import type { GroupIndex, ManifestEntry } from "../indexes/types.js";
import type { RelatedAtom, RelatedQuery } from "./types.js";
import { tokenize } from "../util/tokenize.js";
import { pushAll } from "../util/arrays.js";

type Entry = Pick<ManifestEntry, "path" | "name" | "description" | "tags" | "aliases">;

/**
 * The atoms closest to one atom (or to a set of tags and words), each with
 * its reason: direct links both ways first, then shared tags, then shared
 * rare words of the name, aliases and description. Each atom is listed once,
 * in its strongest tier; rarer tags and words weigh more. Pure and
 * deterministic (ties by path).
 *
 * @param manifest - the atoms.
 * @param edges - resolved links, source → targets (`index/links.json`).
 * @example related(manifest, edges, { path: "atoms/canary_analysis.md" }, 5)
 */
export function related(manifest: readonly Entry[], edges: Readonly<GroupIndex>, query: RelatedQuery, top = 10): RelatedAtom[] {
  const self = "path" in query ? manifest.find((m) => m.path === query.path) : undefined;
  const loose = "path" in query ? { tags: [], words: [] } : query;
  const tags = self ? self.tags : loose.tags.map((t) => t.toLowerCase().replace(/^#/, ""));
  const words = new Set(self ? wordsOf(self) : loose.words.flatMap((w) => tokens(w)));
  const { shared: entryTags, frequency: tagFreq } = relatedTags(manifest, tags);
  const idf = idfOf(manifest.length);
  const out = self ? new Set(edges[self.path] ?? []) : new Set<string>();
  const into = self ? linkingTo(edges, self.path) : new Set<string>();
  const found: RelatedAtom[] = [];
  const rest: Entry[] = [];
  for (const m of manifest) {
    if (m.path === self?.path) continue;
    const linksTo = out.has(m.path);
    const linkedFrom = into.has(m.path);
    if (linksTo || linkedFrom) {
      found.push(linkTier(m, linksTo, linkedFrom));
      continue;
    }
    const sharedTags = entryTags.get(m) ?? [];
    if (sharedTags.length > 0) found.push(tagTier(m, sharedTags, tagFreq, idf));
    else rest.push(m);
  }
  // The words tier ranks below the others: when they fill the top, its words are not counted (the costly part at 100k atoms).
  if (top <= 0 || found.length < top) pushAll(found, wordTier(manifest, rest, words, idf));
  return bestFirst(found, top);
}

/** The weight of a tag or word that `df` of `atoms` atoms have: rarer weighs more. */
export function idfOf(atoms: number): (df: number) => number {
  return (df: number) => Math.log((atoms + 1) / df);
}

/** An atom of the link tier: it links to the atom, is linked from it, or both. */
export function linkTier(m: Pick<Entry, "path" | "name">, linksTo: boolean, linkedFrom: boolean): RelatedAtom {
  const reason = linksTo && linkedFrom ? "links both ways" : linksTo ? "linked from it" : "links to it";
  return { path: m.path, name: m.name, tier: "link", score: linksTo && linkedFrom ? 2 : 1, reason, shared: [] };
}

/** An atom of the tag tier, with the query's tags it has (`tagFreq`: how many atoms have each). */
export function tagTier(m: Pick<Entry, "path" | "name">, tags: readonly string[], tagFreq: ReadonlyMap<string, number>, idf: (df: number) => number): RelatedAtom {
  const shared = rarestFirst([...tags], tagFreq);
  return { path: m.path, name: m.name, tier: "tags", score: round(sum(shared.map((t) => idf(tagFreq.get(t)!)))), reason: `shared tags: ${shared.join(", ")}`, shared };
}

/** Links first, then tags, then words; higher scores first, then by path; the first `top` (0: all). Sorts `found`. */
export function bestFirst(found: RelatedAtom[], top: number): RelatedAtom[] {
  const tierRank = { link: 0, tags: 1, words: 2 };
  found.sort((a, b) => tierRank[a.tier] - tierRank[b.tier] || b.score - a.score || compareStrings(a.path, b.path));
  return top > 0 ? found.slice(0, top) : found;
}

/**
 * The atoms with one of the query's `tags` (lower-cased, without `#`), each
 * with those it has (in its order), and how many of these atoms have each:
 * the frequencies of the query's own tags only, the others never count.
 */
export function relatedTags<E extends Pick<Entry, "tags">>(manifest: readonly E[], tags: readonly string[]): { shared: Map<E, string[]>; frequency: Map<string, number> } {
  const shared = tagsMatching(manifest, new Set(tags));
  return { shared, frequency: frequencies([...shared.values()]) };
}

/**
 * The atoms of `rest` that share rare words with the query, each in the words tier (words are counted over the whole
 * `manifest`; `atoms`: how many atoms a word is rare among, when `manifest` holds only those that may have the words).
 */
export function wordTier<E extends Entry>(manifest: readonly E[], rest: readonly E[], words: ReadonlySet<string>, idf: (df: number) => number, entryWords: ReadonlyMap<E, string[]> = wordsMatching(manifest, words), atoms = manifest.length): RelatedAtom[] {
  const wordFreq = frequencies([...entryWords.values()].map((list) => list.filter((w) => words.has(w))));
  const rareLimit = Math.max(2, Math.ceil(atoms * 0.05));
  const found: RelatedAtom[] = [];
  for (const m of rest) {
    const sharedWords = rarestFirst((entryWords.get(m) ?? []).filter((w) => words.has(w) && (wordFreq.get(w) ?? 0) <= rareLimit), wordFreq);
    if (sharedWords.length > 0) {
      found.push({ path: m.path, name: m.name, tier: "words", score: round(sum(sharedWords.map((w) => idf(wordFreq.get(w)!)))), reason: `shared rare words: ${sharedWords.join(", ")}`, shared: sharedWords });
    }
  }
  return found;
}

/**
 * For each atom whose name, aliases or description hold one of `words` (as
 * {@link tokens} cuts them) at all, those of `words` that are words of that
 * text, each once: found in place, not by tokenizing every such atom (at
 * 100k atoms that dominated).
 */
export function wordsMatching<E extends Entry>(manifest: readonly E[], words: ReadonlySet<string>): Map<E, string[]> {
  const wanted = [...words];
  const found = new Map<E, string[]>();
  if (wanted.length === 0) return found;
  // Field by field first: a word (letters and digits only) never spans the space that joins them.
  // One pass of one pattern over each field (the words are letters and digits only: nothing to escape).
  const any = new RegExp(wanted.join("|"));
  const holds = (field: string) => any.test(field.toLowerCase());
  for (const m of manifest) {
    if (!holds(m.name) && !holds(m.description) && !m.aliases.some(holds)) continue;
    const text = [m.name, ...m.aliases, m.description].join(" ").toLowerCase();
    found.set(m, wanted.filter((w) => isWordOf(text, w)));
  }
  return found;
}

// For each atom with one of `tags`, those it has (in its order, as listed).
function tagsMatching<E extends Pick<Entry, "tags">>(manifest: readonly E[], tags: ReadonlySet<string>): Map<E, string[]> {
  const found = new Map<E, string[]>();
  if (tags.size === 0) return found;
  for (const m of manifest) if (m.tags.some((t) => tags.has(t))) found.set(m, m.tags.filter((t) => tags.has(t)));
  return found;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

// Whether `word` (a run of letters and digits, as `tokens` cuts) is one of the words `tokens` cuts `text` into:
// an occurrence with no letter or digit just before or after it.
function isWordOf(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if (!LETTER_OR_DIGIT.test(codePointBefore(text, at)) && !LETTER_OR_DIGIT.test(end < text.length ? String.fromCodePoint(text.codePointAt(end)!) : "")) return true;
  }
  return false;
}

// The code point that ends just before `at` (a surrogate pair whole); "" at the start.
function codePointBefore(text: string, at: number): string {
  if (at === 0) return "";
  const low = text.charCodeAt(at - 1);
  const pair = at >= 2 && low >= 0xdc00 && low <= 0xdfff && text.charCodeAt(at - 2) >= 0xd800 && text.charCodeAt(at - 2) <= 0xdbff;
  return String.fromCodePoint(text.codePointAt(pair ? at - 2 : at - 1)!);
}

// The atoms whose resolved links include `path`.
function linkingTo(edges: Readonly<GroupIndex>, path: string): Set<string> {
  const from = new Set<string>();
  for (const source in edges) if (edges[source]!.includes(path)) from.add(source);
  return from;
}

/** Lowercase words of 4+ letters of a text, stopwords and numbers left out. */
export function tokens(text: string): string[] {
  return tokenize(text, { split: "words", minLength: 4, stopWords: "topic", dropNumbers: true });
}

function wordsOf(m: Entry): string[] {
  return tokens([m.name, ...m.aliases, m.description].join(" "));
}

function frequencies(lists: readonly (readonly string[])[]): Map<string, number> {
  const freq = new Map<string, number>();
  for (const list of lists) for (const item of new Set(list)) freq.set(item, (freq.get(item) ?? 0) + 1);
  return freq;
}

function rarestFirst(items: string[], freq: ReadonlyMap<string, number>): string[] {
  // Most atoms share nothing: no set or sort for them.
  if (items.length === 0) return items;
  return [...new Set(items)].sort((a, b) => (freq.get(a) ?? 0) - (freq.get(b) ?? 0) || compareStrings(a, b));
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
