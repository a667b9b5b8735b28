import { compareStrings } from "../util/compare.js";
import type { ManifestEntry } from "../indexes/types.js";
import type { Shingles } from "../write/similarity.js";
import type { DuplicateGroup } from "./types.js";
import { maxOf } from "../util/arrays.js";

/** A live atom and the shingles of its name and body, numbered by a {@link ShingleNumbers}. */
export interface ComparableAtom {
  entry: ManifestEntry;
  shingles: NumberedShingles;
}

/** The word, bigram and trigram sets of a text, each item as its number. */
export type NumberedShingles = readonly Int32Array[];

const LEVELS = ["words", "bigrams", "trigrams"] as const;

/**
 * Numbers the words, bigrams and trigrams of many texts (one number per
 * distinct item of a level) and counts the texts that hold each: each
 * text's sets are then kept as numbers, and each distinct item once.
 */
export class ShingleNumbers {
  readonly #ids = LEVELS.map(() => new Map<string, number>());
  readonly #counts = LEVELS.map((): number[] => []);

  /** A text's shingles as numbers. */
  number(shingles: Shingles): NumberedShingles {
    return LEVELS.map((level, l) =>
      Int32Array.from(shingles[level], (item) => {
        let id = this.#ids[l]!.get(item);
        if (id === undefined) this.#ids[l]!.set(item, (id = this.#counts[l]!.push(0) - 1));
        this.#counts[l]![id]!++;
        return id;
      }),
    );
  }

  /** Per level, each number's rank: by how many texts hold its item (rarest first), then by the item's text. */
  ranks(): Int32Array[] {
    return LEVELS.map((_, l) => {
      const items = [...this.#ids[l]!.keys()];
      const counts = this.#counts[l]!;
      const rank = new Int32Array(items.length);
      items
        .map((__, id) => id)
        .sort((a, b) => counts[a]! - counts[b]! || compareStrings(items[a]!, items[b]!))
        .forEach((id, r) => (rank[id] = r));
      return rank;
    });
  }
}

/**
 * Pairs of atoms at least `threshold` alike, grouped (transitively) and each
 * group merged into its newest atom. Pure and deterministic. Only the pairs
 * {@link alikePairs} proposes are compared, which loses none. `numbers`:
 * what numbered the atoms' shingles.
 */
export function findDuplicateGroups(atoms: readonly ComparableAtom[], numbers: ShingleNumbers, threshold: number): DuplicateGroup[] {
  const pairs = alikePairs(atoms, numbers, threshold);
  const parent = atoms.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (const p of pairs) parent[root(p.i)] = root(p.j);
  const groups = new Map<number, { members: number[]; pairs: AlikePair[] }>();
  atoms.forEach((_, i) => {
    const group = groups.get(root(i));
    if (group) group.members.push(i);
    else groups.set(root(i), { members: [i], pairs: [] });
  });
  for (const p of pairs) groups.get(root(p.i))!.pairs.push(p);
  const result: DuplicateGroup[] = [];
  for (const { members, pairs: alike } of groups.values()) {
    if (members.length < 2) continue;
    const order = members.map((i) => atoms[i]!.entry).sort((a, b) => compareStrings(b.updated, a.updated) || compareStrings(a.path, b.path));
    const keep = order[0]!.path;
    const groupPairs = alike
      .map((p) => sortPair(atoms[p.i]!.entry.path, atoms[p.j]!.entry.path, p.similarity))
      .sort((x, y) => y.similarity - x.similarity || compareStrings(x.a, y.a) || compareStrings(x.b, y.b));
    const merge = order.slice(1).map((e) => ({ path: e.path, similarity: bestWith(groupPairs, e.path, keep) }));
    merge.sort((x, y) => y.similarity - x.similarity || compareStrings(x.path, y.path));
    result.push({ keep, merge, pairs: groupPairs, action: `keep ${keep}; ${merge.map((m) => `cortex supersede "${m.path}" --by "${keep}"`).join("; ")}` });
  }
  return result.sort((x, y) => compareStrings(x.keep, y.keep));
}

function sortPair(a: string, b: string, similarity: number): { a: string; b: string; similarity: number } {
  return compareStrings(a, b) <= 0 ? { a, b, similarity } : { a: b, b: a, similarity };
}

// Similarity of `path` to `keep` when they were compared, else its best pair in the group.
function bestWith(pairs: { a: string; b: string; similarity: number }[], path: string, keep: string): number {
  const direct = pairs.find((p) => (p.a === path && p.b === keep) || (p.b === path && p.a === keep));
  if (direct) return direct.similarity;
  return maxOf(pairs.filter((p) => p.a === path || p.b === path).map((p) => p.similarity));
}

/** Two atoms (indexes into the list, `i` < `j`) and their similarity, rounded to 3 decimals. */
export interface AlikePair {
  i: number;
  j: number;
  similarity: number;
}

/**
 * Every pair of atoms at least `threshold` alike (by `j`, then `i`), without
 * comparing every pair. The similarity of two texts of three words or more
 * is the mean of three Jaccard overlaps (words, bigrams, trigrams), so it
 * reaches `t` only when the word sets are the same, or the bigrams or the
 * trigrams overlap by at least (3t - 1) / 2: {@link PrefixIndex} finds
 * the pairs that may. A text of fewer words (no trigrams) is compared with
 * every other; a threshold of 1/3 or less compares every pair.
 */
export function alikePairs(atoms: readonly ComparableAtom[], numbers: ShingleNumbers, threshold: number): AlikePair[] {
  const pairs: AlikePair[] = [];
  // Each set as its items' ranks, ascending, as prefix filtering reads them.
  const ranks = numbers.ranks();
  const sets = atoms.map((atom) => atom.shingles.map((ids, l) => ids.map((id) => ranks[l]![id]!).sort()));
  const compare = (i: number, j: number) => {
    const rounded = Math.round(similarityOf(sets[i]!, sets[j]!) * 1000) / 1000;
    if (rounded >= threshold) pairs.push(i < j ? { i, j, similarity: rounded } : { i: j, j: i, similarity: rounded });
  };
  // A similarity rounds up to the threshold from 0.0005 below it: the overlaps are bounded from there.
  const ngrams = (3 * (threshold - 0.0005) - 1) / 2;
  const long = sets.map((set) => ngrams > 0 && set[2]!.length > 0);
  for (let i = 0; i < atoms.length; i++) if (!long[i]) for (let k = 0; k < atoms.length; k++) if (k !== i && (long[k] || k > i)) compare(i, k);
  const members = atoms.flatMap((_, i) => (long[i] ? [i] : []));
  const indexes = LEVELS.map((_, l) => new PrefixIndex(members.map((i) => sets[i]![l]!), l === 0 ? 1 : ngrams));
  members.forEach((j, m) => {
    const earlier = new Set<number>();
    for (const index of indexes) index.addAfterLookup(m, earlier);
    for (const k of earlier) compare(members[k]!, j);
  });
  return pairs.sort((x, y) => x.j - y.j || x.i - y.i);
}

// shingleSimilarity's value from the sets as ranks (the same sums in the same order): the mean of the Jaccard
// overlaps of the levels where either text has items.
function similarityOf(a: readonly Int32Array[], b: readonly Int32Array[]): number {
  let sum = 0;
  let parts = 0;
  for (let l = 0; l < a.length; l++) {
    if (a[l]!.length === 0 && b[l]!.length === 0) continue;
    sum += jaccard(a[l]!, b[l]!);
    parts++;
  }
  return parts === 0 ? 0 : sum / parts;
}

// The Jaccard overlap of two sets of ranks, each ascending.
function jaccard(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  for (let x = 0, y = 0; x < a.length && y < b.length; ) {
    if (a[x] === b[y]) (shared++, x++, y++);
    else if (a[x]! < b[y]!) x++;
    else y++;
  }
  return shared / (a.length + b.length - shared);
}

// How many of its rarest items a set of `size` shares with any set it overlaps by `overlap` (Jaccard).
function prefixLength(size: number, overlap: number): number {
  // 1e-9: 0.7 * 10 is 7.000000000000001 in floating point, and must count as 7.
  return size - Math.ceil(overlap * size - 1e-9) + 1;
}

/**
 * Sets added one at a time, each first asked which earlier sets may overlap
 * it by `overlap` (Jaccard), by prefix filtering as in PPJoin: two sets `x`,
 * `y` that overlap that much are of sizes within that ratio, share at least
 * `overlap / (1 + overlap) * (|x| + |y|)` items, and share one of the rarest
 * `|x| - ceil(overlap * |x|) + 1` items of each. A pair is dropped as soon as
 * the items left after a shared one cannot make up the overlap.
 */
class PrefixIndex {
  // Rank → the sets whose prefix holds it, and where: [set, position, set, position, …].
  readonly #holders: number[][] = [];
  // Set → shared items seen so far (-1: cannot overlap enough), for the set being asked about.
  readonly #shared: Int32Array;

  constructor(
    private readonly sets: readonly Int32Array[],
    private readonly overlap: number,
  ) {
    this.#shared = new Int32Array(sets.length);
  }

  /** Adds to `found` the sets added before set `j` that may overlap it, then adds set `j`. */
  addAfterLookup(j: number, found: Set<number>): void {
    const { sets, overlap } = this;
    const shared = this.#shared;
    const items = sets[j]!;
    const size = items.length;
    const touched: number[] = [];
    for (let at = 0; at < prefixLength(size, overlap); at++) {
      const list = (this.#holders[items[at]!] ??= []);
      for (let h = 0; h < list.length; h += 2) {
        const k = list[h]!;
        if (shared[k]! < 0) continue;
        if (shared[k] === 0) touched.push(k);
        const other = sets[k]!.length;
        const needed = Math.ceil((overlap / (1 + overlap)) * (size + other) - 1e-9);
        const most = shared[k]! + 1 + Math.min(size - at - 1, other - list[h + 1]! - 1);
        shared[k] = Math.min(size, other) >= overlap * Math.max(size, other) - 1e-9 && most >= needed ? shared[k]! + 1 : -1;
      }
      list.push(j, at);
    }
    for (const k of touched) {
      if (shared[k]! > 0) found.add(k);
      shared[k] = 0;
    }
  }
}
