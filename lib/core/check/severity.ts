import type { Diagnostic } from "../atoms/types.js";

/** Rules the indexer reports as warnings (it repairs what it can) that break the schema, so the linter fails on them. */
const SCHEMA_ERRORS = new Set(["invalid-type", "invalid-status", "invalid-confidence", "bad-date", "field-type"]);

/**
 * A diagnostic with the severity the linter gives it, so that `index` and
 * `check` report the same problem the same way. Pure.
 */
export function withCheckSeverity(d: Diagnostic): Diagnostic {
  return SCHEMA_ERRORS.has(d.rule) && d.severity !== "error" ? { ...d, severity: "error" } : d;
}

/** `path:line severity rule message`, as markdownlint-cli2 prints a problem. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line} ${d.severity} ${d.rule} ${d.message}`;
}
