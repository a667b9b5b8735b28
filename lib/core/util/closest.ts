/**
 * The edit distance of two strings (insertions, deletions, substitutions and
 * swaps of two neighbours each count 1), given up above `limit`: then
 * `limit + 1`.
 *
 * @example editDistance("treshold", "threshold") // 1
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/**
 * The candidates nearest to `word` by {@link editDistance} (case ignored),
 * within a distance that grows with the word (1 up to 4 characters, 2 up to
 * 8, then 3), best first, ties in the candidates' order: deterministic, for
 * "did you mean" hints. Empty when none is that close.
 *
 * @example closestWords("opps", ["ops", "research"]) // ["ops"]
 */
export function closestWords(word: string, candidates: Iterable<string>, max = 3): string[] {
  const w = word.toLowerCase();
  const limit = w.length <= 4 ? 1 : w.length <= 8 ? 2 : 3;
  const scored: { candidate: string; distance: number; order: number }[] = [];
  let order = 0;
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    const distance = c === w ? 0 : editDistance(w, c, limit);
    if (distance <= limit && c !== w) scored.push({ candidate, distance, order: order++ });
  }
  scored.sort((x, y) => x.distance - y.distance || x.order - y.order);
  return scored.slice(0, max).map((s) => s.candidate);
}
