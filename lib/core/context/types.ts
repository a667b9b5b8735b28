import type { Layer } from "../layers/types.js";
import type { SearchRecord } from "../search/types.js";

/** An atom offered to a briefing, best first. */
export interface BriefingAtom extends Omit<SearchRecord, "tags"> {
  score: number;
  layer: Layer;
  /** The body without frontmatter; null when only a pointer line may be given (body not read). */
  body: string | null;
}

/** A project's map of content, summarized. */
export interface BriefingMoc {
  project: string;
  path: string;
  /** The MOC's text without frontmatter, marker comments and its title. */
  summary: string;
}

/** What {@link assembleBriefing} puts together. */
export interface BriefingInput {
  query: string;
  moc: BriefingMoc | null;
  atoms: readonly BriefingAtom[];
  /** The budget in tokens; a token is estimated as 4 characters. */
  budgetTokens: number;
  /** What the reader uses to see the matches left out: `recall` (an agent, the default) or `cortex search` (the CLI). */
  more?: string;
}

/** A briefing and what went into it. */
export interface Briefing {
  /** The markdown briefing; empty when no atom matched. */
  text: string;
  /** Estimated tokens of `text` (characters / 4, rounded up); never above the budget. */
  tokens: number;
  budget_tokens: number;
  /** The MOC used, if any. */
  moc: string | null;
  /** Atoms whose body is in the briefing, best first. */
  included: string[];
  /** Atoms given as one-line pointers. */
  pointers: string[];
  /** Matching atoms that did not fit at all. */
  omitted: number;
}
