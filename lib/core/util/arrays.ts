/**
 * Appends every item of `items` to `target` and returns `target`. Unlike
 * `target.push(...items)`, whose items all become call arguments on the
 * stack, it works for any length (150,000 links in one note overflow the stack
 * as arguments).
 */
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values`, `-Infinity` for none; `Math.max(...values)` without the stack limit. */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return max;
}
