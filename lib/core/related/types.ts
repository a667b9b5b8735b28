/** What to find related atoms for: one atom, or a set of tags and words. */
export type RelatedQuery = { path: string } | { tags: string[]; words: string[] };

/** Why an atom is related, strongest first. */
export type RelatedTier = "link" | "tags" | "words";

/** One related atom and the reason. */
export interface RelatedAtom {
  path: string;
  name: string;
  tier: RelatedTier;
  /** Within the tier, higher is closer (links: 2 both ways, 1 one way; tags and words: summed rarity). */
  score: number;
  /** Human reason: `links to it`, `shared tags: deploy, risk`, `shared rare words: canary`. */
  reason: string;
  /** The tags or words shared, rarest first (empty for links). */
  shared: string[];
}
