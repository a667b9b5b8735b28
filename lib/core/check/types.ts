import type { Diagnostic } from "../atoms/types.js";

/** Settings of `cortex check` (`[check]` in cortex.toml). */
export interface CheckSettings {
  /**
   * Frontmatter fields every atom must have. A note whose frontmatter has
   * neither `id` nor `type` is a plain note (its fields are inferred) and is
   * not held to this. Default: id, name, type, project, status, created, updated, tags.
   */
  required: string[];
}

/** What {@link checkVault} found. */
export interface CheckReport {
  /** Every problem, by path then line then rule. */
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  /** Files looked at: atoms, plus the root MEMORY.md when there is one. */
  files: number;
}
