import type { MutationOutcome } from "../git/types.js";
import type { Diagnostic } from "../atoms/types.js";
import type { ChangeOptions } from "../write/types.js";

/** What migrating one file would do. */
export interface FilePlan {
  path: string;
  /** The new text, or null when the file needs nothing. */
  after: string | null;
  /** The fields added, in order. */
  added: string[];
  /** The note's id after migration (null when it has none that is text). */
  id: string | null;
  /** Set when the file cannot be migrated safely; it is left alone. */
  problem?: Diagnostic;
}

/** One file migrate changed (or, in a dry run, would change). */
export interface FileMigration {
  path: string;
  added: string[];
  /** Unified diff of the change (dry runs only). */
  diff?: string;
}

/** What migrate gives a note whose frontmatter and folders say nothing. */
export interface MigrateDefaults {
  /** Project instead of `unknown`. */
  project?: string;
  /** Type instead of `concept` (one of the schema's types). */
  type?: string;
}

/** How {@link migrateVault} runs. */
export interface MigrateOptions extends MigrateDefaults, ChangeOptions {
  /** Only notes under this vault-relative folder. Default: the whole vault. */
  folder?: string;
}

/** What {@link migrateVault} did. */
export interface MigrateResult extends MutationOutcome {
  changed: FileMigration[];
  /** Files that already had every field. */
  unchanged: number;
  /** Files left alone because they could not be migrated safely (binary, not UTF-8, broken frontmatter). */
  skipped: Diagnostic[];
}
