import type { MutationOutcome } from "../git/types.js";
import type { ChangeOptions, WriteInput, WriteResult } from "../write/types.js";

/** One candidate atom read from an import source, before any check. */
export interface ImportItem {
  /** Where it came from, for messages: `file`, `file:line`. */
  source: string;
  /** The fields found; name/type/project may be missing and are filled from the options. */
  input: Partial<WriteInput> & { name: string; body: string };
}

/** How a markdown file is cut into atoms: one per `##` section, or one per file. */
export type ImportSplit = "h2" | "file";

/** How {@link importSource} runs. */
export interface ImportOptions extends ChangeOptions {
  /** Project of items that do not name one. */
  project?: string;
  /** Type of items that do not name one. Default `reference`. */
  type?: string;
  /** Default: `h2` for a markdown file, `file` for a folder. */
  split?: ImportSplit;
  /** Import near-duplicates too. */
  force?: boolean;
}

/** An item that was not imported, and why. */
export interface ImportRejection {
  source: string;
  name: string;
  /** `DUPLICATE`, `VALIDATION`, `SECURITY` or `PARSE`. */
  code: string;
  rule: string;
  message: string;
  /** For duplicates: the atom it resembles. */
  existingPath?: string;
}

/** What {@link importSource} did. */
export interface ImportResult extends MutationOutcome {
  candidates: number;
  imported: (WriteResult & { source: string })[];
  duplicates: ImportRejection[];
  rejected: ImportRejection[];
  /** Parts of the source that gave no item (a section without text, an empty file). */
  skipped: { source: string; name: string; reason: string }[];
  dryRun: boolean;
}
