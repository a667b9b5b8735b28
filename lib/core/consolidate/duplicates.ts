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
 * group merged into its newest atom. Pure and deterministic. Only pairs that
 * share a word bigram (or a word, for one-word texts) are compared, which
 * loses nothing when `threshold` > 1/3: without a shared bigram or trigram
 * the similarity is at most 1/3.
 */
export function findDuplicateGroups(atoms: readonly ComparableAtom[], threshold: number): DuplicateGroup[] {
  const pairs = candidatePairs(atoms, threshold)
    .map(([i, j]) => ({ i, j, similarity: Math.round(shingleSimilarity(atoms[i]!.shingles, atoms[j]!.shingles) * 1000) / 1000 }))
    .filter((p) => p.similarity >= threshold);
  const parent = atoms.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (const p of pairs) parent[root(p.i)] = root(p.j);
  const groups = new Map<number, number[]>();
  atoms.forEach((_, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), i]));
  const result: DuplicateGroup[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const order = members.map((i) => atoms[i]!.entry).sort((a, b) => compareStrings(b.updated, a.updated) || compareStrings(a.path, b.path));
    const keep = order[0]!.path;
    const inGroup = new Set(order.map((e) => e.path));
    const groupPairs = pairs
      .filter((p) => inGroup.has(atoms[p.i]!.entry.path))
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

function candidatePairs(atoms: readonly ComparableAtom[], threshold: number): [number, number][] {
  if (threshold <= 1 / 3) return atoms.flatMap((_, i) => atoms.slice(i + 1).map((__, k) => [i, i + 1 + k] as [number, number]));
  const postings = new Map<string, number[]>();
  atoms.forEach((atom, i) => {
    const keys = atom.shingles.bigrams.size > 0 ? atom.shingles.bigrams : new Set([...atom.shingles.words].map((w) => `1:${w}`));
    for (const key of keys) postings.set(key, [...(postings.get(key) ?? []), i]);
  });
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  for (const list of postings.values()) {
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        const key = list[x]! * atoms.length + list[y]!;
        if (!seen.has(key)) {
          seen.add(key);
          pairs.push([list[x]!, list[y]!]);
        }
      }
    }
  }
  return pairs;
}
