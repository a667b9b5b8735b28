import { shingle, shingleSimilarity, words, type NearDuplicate, type Shingles } from "./similarity.js";

/** A text prepared for cheap pruning: its shingles and the words of each bigram and trigram. */
export interface BoundableText {
  shingles: Shingles;
  bigramWords: [string, string][];
  trigramWords: [string, string, string][];
}

/** A candidate text known only by its words until it may be a near-duplicate. */
export interface LazyCandidate {
  path: string;
  /** Its words in order (as {@link words} gives them). */
  words: string[];
  /** Its distinct words. */
  wordSet: Set<string>;
  /** Filled in the first time the bound cannot rule it out. */
  shingles?: Shingles;
}

/** Prepares the new text once for {@link similarityBound}. */
export function boundable(text: string): BoundableText {
  const shingles = shingle(text);
  const bigramWords = [...shingles.bigrams].map((b) => b.split(" ") as [string, string]);
  const trigramWords = [...shingles.trigrams].map((t) => t.split(" ") as [string, string, string]);
  return { shingles, bigramWords, trigramWords };
}

/** A candidate from its text: words only, shingles later if needed. */
export function lazyCandidate(path: string, text: string): LazyCandidate {
  const list = words(text);
  return { path, words: list, wordSet: new Set(list) };
}

/**
 * An upper bound of `similarity(A, B)` from A's shingles and B's words only,
 * never below the true value: the word overlap is exact; a shared bigram or
 * trigram of A must consist of words B has, and B has at least one distinct
 * n-gram per distinct word beyond its first n-1 words.
 */
export function similarityBound(mine: BoundableText, other: LazyCandidate): number {
  const a = mine.shingles;
  let sharedWords = 0;
  for (const w of a.words) if (other.wordSet.has(w)) sharedWords++;
  const parts: number[] = [];
  if (a.words.size > 0 || other.wordSet.size > 0) parts.push(sharedWords / (a.words.size + other.wordSet.size - sharedWords));
  const bi = ngramBound(a.bigrams.size, mine.bigramWords.filter((g) => g.every((w) => other.wordSet.has(w))).length, other, 2);
  if (bi !== null) parts.push(bi);
  const tri = ngramBound(a.trigrams.size, mine.trigramWords.filter((g) => g.every((w) => other.wordSet.has(w))).length, other, 3);
  if (tri !== null) parts.push(tri);
  return parts.length === 0 ? 0 : parts.reduce((x, y) => x + y, 0) / parts.length;
}

// Bound of the n-gram Jaccard: at most `possible` shared, and B has at least `least` distinct n-grams.
function ngramBound(mineCount: number, possible: number, other: LazyCandidate, n: number): number | null {
  const theirsEmpty = other.words.length < n;
  if (mineCount === 0 && theirsEmpty) return null;
  if (theirsEmpty || mineCount === 0) return 0;
  const least = Math.max(1, other.wordSet.size - (n - 1));
  return possible / (mineCount + Math.max(least, possible) - possible);
}

/**
 * The candidates at least `threshold` alike to the text, most alike first
 * (ties by path), as {@link findNearDuplicates} gives them, computing full
 * shingles only for candidates the bound does not rule out.
 */
export function findNearDuplicatesPruned(mine: BoundableText, candidates: Iterable<LazyCandidate>, threshold: number): NearDuplicate[] {
  const found: NearDuplicate[] = [];
  for (const candidate of candidates) {
    if (similarityBound(mine, candidate) < threshold) continue;
    candidate.shingles ??= shingle(candidate.words.join(" "));
    const score = shingleSimilarity(mine.shingles, candidate.shingles);
    if (score >= threshold) found.push({ path: candidate.path, similarity: Math.round(score * 1000) / 1000 });
  }
  return found.sort((x, y) => y.similarity - x.similarity || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
