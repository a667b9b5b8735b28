import { tokenize } from "../util/tokenize.js";

/** The word n-gram sets of a text that {@link similarity} compares. */
export interface Shingles {
  words: Set<string>;
  bigrams: Set<string>;
  trigrams: Set<string>;
}

/** A text that resembles another, with how much (0..1). */
export interface NearDuplicate {
  path: string;
  similarity: number;
}

/** Lowercase words (letters and digits, any script) of a text, in order. */
export function words(text: string): string[] {
  return tokenize(text, { split: "words", nfkc: true });
}

/** The word, bigram and trigram sets of a text. */
export function shingle(text: string): Shingles {
  const list = words(text);
  const bigrams = new Set<string>();
  const trigrams = new Set<string>();
  for (let i = 0; i + 1 < list.length; i++) {
    bigrams.add(`${list[i]} ${list[i + 1]}`);
    if (i + 2 < list.length) trigrams.add(`${list[i]} ${list[i + 1]} ${list[i + 2]}`);
  }
  return { words: new Set(list), bigrams, trigrams };
}

function jaccard(a: Set<string>, b: Set<string>): number | null {
  if (a.size === 0 && b.size === 0) return null;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const item of small) if (large.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

/** {@link similarity} of two texts already split into shingles. */
export function shingleSimilarity(a: Shingles, b: Shingles): number {
  const parts = [jaccard(a.words, b.words), jaccard(a.bigrams, b.bigrams), jaccard(a.trigrams, b.trigrams)].filter((p): p is number => p !== null);
  if (parts.length === 0) return 0;
  return parts.reduce((sum, p) => sum + p, 0) / parts.length;
}

/**
 * How alike two texts are, 0..1: the mean of the Jaccard overlaps of their
 * word sets, word-bigram sets and word-trigram sets (a level where both texts
 * are too short to have any n-grams is left out). Case, punctuation and
 * markdown syntax are ignored; symmetric and deterministic.
 *
 * @example similarity("Deploy freeze on release day", "Deploy freeze on release days") // ≈ 0.6
 */
export function similarity(a: string, b: string): number {
  return shingleSimilarity(shingle(a), shingle(b));
}

/**
 * The candidates at least `threshold` alike to `text`, most alike first
 * (ties by path). Similarities are rounded to 3 decimals.
 *
 * @example findNearDuplicates(text, [{ path: "rules/a.md", text: other }], 0.6)
 */
export function findNearDuplicates(text: string | Shingles, candidates: Iterable<{ path: string; text?: string; shingles?: Shingles }>, threshold: number): NearDuplicate[] {
  const mine = typeof text === "string" ? shingle(text) : text;
  const found: NearDuplicate[] = [];
  for (const candidate of candidates) {
    const theirs = candidate.shingles ?? shingle(candidate.text ?? "");
    const score = shingleSimilarity(mine, theirs);
    if (score >= threshold) found.push({ path: candidate.path, similarity: Math.round(score * 1000) / 1000 });
  }
  return found.sort((x, y) => y.similarity - x.similarity || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

/**
 * The text an atom is compared by: its name and body, with a leading `# Name`
 * heading of the body left out (it repeats the name).
 */
export function comparableText(name: string, body: string): string {
  const trimmed = body.replace(/^\s*#[ \t]+[^\n]*\n?/, (heading) => (words(heading).join(" ") === words(name).join(" ") ? "" : heading));
  return `${name}\n${trimmed}`;
}
