import type { ManifestEntry } from "../indexes/types.js";
import { tokens } from "./related.js";

/**
 * The evidence a link added on write needs: more than one shared tag (a
 * generic tag such as `deploy` is shared by half a vault), so a tag and a
 * word, two tags, or four words. A shared tag counts 3 points, a word of the
 * new atom in the candidate's name, aliases or description 1.
 */
export const RELATED_MIN_SCORE = 4;

/**
 * The evidence points a candidate that `related` found for a new atom has
 * against the new atom's tags and text; a link needs {@link RELATED_MIN_SCORE}.
 * Pure.
 *
 * @example writeEvidence({ tags: ["deploy"], name: "Deploy freeze", aliases: [], description: "" }, { tags: ["deploy"], text: "freeze window" }) // 4
 */
export function writeEvidence(candidate: Pick<ManifestEntry, "tags" | "name" | "aliases" | "description">, atom: { tags: readonly string[]; text: string }): number {
  return evidenceAgainst(atom)(candidate);
}

/**
 * {@link writeEvidence} against one new atom, for many candidates: the atom's
 * tags and words are cut once, not once per candidate. Pure.
 */
export function evidenceAgainst(atom: { tags: readonly string[]; text: string }): (candidate: Pick<ManifestEntry, "tags" | "name" | "aliases" | "description">) => number {
  const tags = new Set(atom.tags.map((t) => t.toLowerCase().replace(/^#/, "")));
  const mine = new Set(tokens(atom.text));
  return (candidate) => {
    let score = 0;
    for (const tag of new Set(candidate.tags)) if (tags.has(tag)) score += 3;
    for (const word of new Set(tokens([candidate.name, ...candidate.aliases, candidate.description].join(" ")))) if (mine.has(word)) score++;
    return score;
  };
}
