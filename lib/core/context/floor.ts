/**
 * The share of the best hit's score a note needs to be briefed on: a
 * briefing gives the notes that match about as well as the best one, not
 * the long tail a question's common words reach.
 */
export const RELATIVE_FLOOR = 0.4;

/** The vault size an absolute `min_score` (`[hooks] min_score`) is meant for; smaller vaults scale it down. */
export const FLOOR_REFERENCE_ATOMS = 1000;

/** Options of {@link briefingFloor}. */
export interface FloorOptions {
  /** An absolute floor, as meant for a vault of {@link FLOOR_REFERENCE_ATOMS} notes. Default 0. */
  minScore?: number;
  /** Notes in the vault: the absolute floor is scaled to it (see {@link sizeFactor}). Default: no scaling. */
  atoms?: number;
}

/**
 * The lowest score a briefing keeps: {@link RELATIVE_FLOOR} × the best
 * score, or the absolute `minScore` scaled to the vault's size, whichever is
 * higher. Pure.
 *
 * @example briefingFloor(10, { minScore: 8, atoms: 2 }) // 4 (the relative floor; 8 scaled to 2 notes is 0.85)
 */
export function briefingFloor(best: number, options: FloorOptions = {}): number {
  const absolute = (options.minScore ?? 0) * (options.atoms === undefined ? 1 : sizeFactor(options.atoms));
  return Math.max(RELATIVE_FLOOR * best, absolute);
}

/**
 * How much of an absolute floor applies to a vault of `atoms` notes: the
 * weight of a word found in one note (the ranking's inverse document
 * frequency, `ln(1 + (N − 0.5) / 1.5)`) relative to its weight at
 * {@link FLOOR_REFERENCE_ATOMS} notes, at most 1. A word's points grow with
 * the vault, so a 2-note vault's obvious match scores a tenth of what it
 * would at 1,000 notes. Pure.
 */
export function sizeFactor(atoms: number): number {
  const idf = (n: number) => Math.log(1 + Math.max(n - 0.5, 0.5) / 1.5);
  return Math.min(1, idf(atoms) / idf(FLOOR_REFERENCE_ATOMS));
}
