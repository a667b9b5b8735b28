import { compareStrings } from "../util/compare.js";
import type { ManifestEntry } from "../indexes/types.js";
import { shingleSimilarity, type Shingles } from "../write/similarity.js";
import type { DuplicateGroup } from "./types.js";
import { maxOf } from "../util/arrays.js";

/** A live atom and the shingles of its name and body. */
export interface ComparableAtom {
  entry: ManifestEntry;
  shingles: Shingles;
}

/**
 * Pairs of atoms at least `threshold` alike, grouped (transitively) and each
 * group merged into its newest atom. Pure and deterministic. Only the pairs
 * {@link alikePairs} proposes are compared, which loses none.
 */
export function findDuplicateGroups(atoms: readonly ComparableAtom[], threshold: number): DuplicateGroup[] {
  const pairs = alikePairs(atoms, threshold);
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

const LEVELS = ["words", "bigrams", "trigrams"] as const;

/**
 * Every pair of atoms at least `threshold` alike (by `j`, then `i`), without
 * comparing every pair. The similarity of two texts of three words or more
 * is the mean of three Jaccard overlaps (words, bigrams, trigrams), so it
 * reaches `t` only when the word sets are the same, or the bigrams or the
 * trigrams overlap by at least (3t - 1) / 2: {@link prefixCandidates} finds
 * the pairs that may. A text of fewer words (no trigrams) is compared with
 * every other; a threshold of 1/3 or less compares every pair.
 */
export function alikePairs(atoms: readonly ComparableAtom[], threshold: number): AlikePair[] {
  const pairs: AlikePair[] = [];
  const keep = (i: number, j: number, similarity: number) => {
    const rounded = Math.round(similarity * 1000) / 1000;
    if (rounded >= threshold) pairs.push(i < j ? { i, j, similarity: rounded } : { i: j, j: i, similarity: rounded });
  };
  // A similarity rounds up to the threshold from 0.0005 below it: the overlaps are bounded from there.
  const ngrams = (3 * (threshold - 0.0005) - 1) / 2;
  const long = atoms.map((atom) => ngrams > 0 && atom.shingles.trigrams.size > 0);
  for (let i = 0; i < atoms.length; i++) {
    if (!long[i]) for (let k = 0; k < atoms.length; k++) if (k !== i && (long[k] || k > i)) keep(i, k, shingleSimilarity(atoms[i]!.shingles, atoms[k]!.shingles));
  }
  const members = atoms.flatMap((_, i) => (long[i] ? [i] : []));
  const levels = LEVELS.map((level) => rankItems(members.map((i) => atoms[i]!.shingles[level])));
  const candidates = levels.map((ranked, l) => prefixCandidates(ranked, l === 0 ? 1 : ngrams));
  members.forEach((j, m) => {
    const earlier = new Set<number>();
    for (const level of candidates) for (const k of level[m]!) earlier.add(k);
    // shingleSimilarity's value, from the ranks: the same sums in the same order.
    for (const k of earlier) keep(members[k]!, j, levels.reduce((sum, ranked) => sum + jaccard(ranked[m]!, ranked[k]!), 0) / 3);
  });
  return pairs.sort((x, y) => x.j - y.j || x.i - y.i);
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
 * For each set, the earlier sets that may overlap it by `overlap` (Jaccard),
 * by prefix filtering as in PPJoin: two sets `x`, `y` that overlap that much
 * are of sizes within that ratio, share at least `overlap / (1 + overlap) * (|x| + |y|)`
 * items, and share one of the rarest `|x| - ceil(overlap * |x|) + 1` items of
 * each. A pair is dropped as soon as the items left after a shared one
 * cannot make up the overlap.
 */
function prefixCandidates(sets: readonly Int32Array[], overlap: number): number[][] {
  // Rank → the earlier sets whose prefix holds it, and where: [set, position, set, position, …].
  const holders: number[][] = [];
  // Set → shared items seen so far (-1: cannot overlap enough), for the set being looked at.
  const shared = new Int32Array(sets.length);
  return sets.map((items, j) => {
    const size = items.length;
    const touched: number[] = [];
    for (let at = 0; at < prefixLength(size, overlap); at++) {
      const list = (holders[items[at]!] ??= []);
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
    const found = touched.filter((k) => shared[k]! > 0);
    for (const k of touched) shared[k] = 0;
    return found;
  });
}

// Each set's items as ranks, ascending: items ranked by how many sets hold them (rarest first), then as strings.
function rankItems(sets: readonly Set<string>[]): Int32Array[] {
  const ids = new Map<string, number>();
  const counts: number[] = [];
  const numbered = sets.map((set) =>
    Int32Array.from(set, (item) => {
      let id = ids.get(item);
      if (id === undefined) ids.set(item, (id = counts.push(0) - 1));
      counts[id]!++;
      return id;
    }),
  );
  const items = [...ids.keys()];
  const rank = new Int32Array(items.length);
  items
    .map((_, id) => id)
    .sort((a, b) => counts[a]! - counts[b]! || compareStrings(items[a]!, items[b]!))
    .forEach((id, r) => (rank[id] = r));
  return numbered.map((list) => list.map((id) => rank[id]!).sort());
}
