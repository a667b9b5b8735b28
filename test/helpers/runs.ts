// fast-check run counts of the heavier property tests. The default suite runs a fifth of each count (at least
// 20); the stress suite (test/stress/properties.test.ts) loads the same test files with the full counts.

let full = false;

/** Gives every later `runs(n)` its full count (test/stress/full-runs.ts, imported before the test files). */
export function useFullRuns(): void {
  full = true;
}

/** fast-check parameters: `numRuns` in the stress suite, a fifth of it (at least 20) in the default suite. */
export function runs(numRuns: number): { numRuns: number } {
  return { numRuns: full ? numRuns : Math.max(20, Math.round(numRuns / 5)) };
}
