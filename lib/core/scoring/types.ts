import type { Atom } from "../atoms/types.js";
import type { Layer } from "../layers/types.js";

/** The fields of an atom that scoring reads. */
export type ScorableAtom = Pick<Atom, "path" | "name" | "project" | "status" | "updated" | "description"> & { tags: readonly string[] };

/** The field a keyword matched (`headings` and `body` only in the full-text ranking). */
export type MatchField = "name" | "tag" | "project" | "description" | "path" | "headings" | "body";

/** Points one keyword earned from one field. */
export interface Contribution {
  keyword: string;
  field: MatchField;
  points: number;
  /** A multiplier already in `points`, when one applied (the full-text ranking's `whole_name`). */
  factor?: number;
}

/** A score and how it was reached, for `--explain`. */
export interface ScoreBreakdown {
  /** The final score (0 when no keyword matched). */
  score: number;
  /** Sum of the field points. */
  base: number;
  /** Every field match, in keyword then field order. */
  contributions: Contribution[];
  /** The all-keywords multiplier applied (1 when not). */
  allMatch: number;
  layer: Layer;
  /** The layer bonus added (0 when the base was 0). */
  layerBonus: number;
  /** The status multiplier applied (1 for active/review). */
  statusMultiplier: number;
  /** The full-text ranking's question-form multiplier, when it applied (the question asks "when" or "how long" and the note holds a date or a duration beside the question's words). */
  questionForm?: { form: "when" | "duration"; factor: number };
  /** The usage bonus added; present only when the `usage` weight is above 0. */
  usageBonus?: number;
}
