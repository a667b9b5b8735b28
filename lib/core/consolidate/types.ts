import type { MutationOutcome } from "../git/types.js";
import type { ChangeOptions } from "../write/types.js";

/** Atoms alike enough to be one: merge them into the newest. */
export interface DuplicateGroup {
  /** The newest atom (latest `updated`, then path): the one to keep. */
  keep: string;
  /** The others, to be superseded by `keep`, most alike first. */
  merge: { path: string; similarity: number }[];
  /** Every pair at or above the threshold, most alike first. */
  pairs: { a: string; b: string; similarity: number }[];
  action: string;
}

/** An atom left in `review` for too long. */
export interface StaleReview {
  path: string;
  updated: string;
  days: number;
  action: string;
}

/** A problem with `superseded_by` links. */
export interface SupersessionIssue {
  /** `chain`: superseded by an atom that is itself superseded; `missing`: points at no atom; `cycle`; `inconsistent`: superseded_by set on an atom that is not superseded. */
  kind: "chain" | "missing" | "cycle" | "inconsistent";
  /** The atoms involved, oldest first (a chain ends at its live atom). */
  paths: string[];
  action: string;
}

/** What {@link analyzeConsolidation} finds. */
export interface ConsolidationReport {
  duplicates: DuplicateGroup[];
  review: StaleReview[];
  supersession: SupersessionIssue[];
}

/** How {@link consolidateVault} runs. */
export interface ConsolidateOptions extends Omit<ChangeOptions, "dryRun"> {
  /** Only atoms of this project. */
  project?: string;
  /** Merge each duplicate group into its newest atom by superseding the others. */
  apply?: boolean;
}

/** What {@link consolidateVault} found and did. */
export interface ConsolidateResult extends MutationOutcome {
  report: ConsolidationReport;
  /** Supersedes made by `apply`. */
  applied: { old: string; by: string }[];
  /** Supersedes `apply` left out because a note changed on disk while it ran (an editor saved it); absent when none. */
  skipped?: ConsolidateSkip[];
}

/** A merge that `apply` did not make, and why. */
export interface ConsolidateSkip {
  /** The atom that was to be superseded. */
  path: string;
  message: string;
}
