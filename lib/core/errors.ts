/**
 * Every code a {@link CortexError} carries. Use and environment: `BAD_ARGUMENT`
 * (a wrong value), `CONFIG` (a cortex.toml that does not parse or has a
 * wrong-typed value), `SETTINGS_FILE` (a client settings file cortex would
 * edit is not a JSON object), `NOT_A_VAULT` (no vault here or above),
 * `VAULT_NOT_FOUND` (a named vault folder is missing), `IO`, `LOCKED`.
 * Atoms: `NOT_FOUND`, `AMBIGUOUS` (a ref matching several atoms), `EXISTS`,
 * `FRONTMATTER` and `NOT_UTF8` (a file cortex will not rewrite). Indexes:
 * `NO_INDEX`, `SEARCH_FORMAT` (a search file of another format version).
 * Refused writes (`WriteRejectedError`): `VALIDATION`, `SECURITY`, `DUPLICATE`.
 */
export type CortexErrorCode =
  | "BAD_ARGUMENT"
  | "CONFIG"
  | "SETTINGS_FILE"
  | "NOT_A_VAULT"
  | "VAULT_NOT_FOUND"
  | "IO"
  | "LOCKED"
  | "NOT_FOUND"
  | "AMBIGUOUS"
  | "EXISTS"
  | "FRONTMATTER"
  | "NOT_UTF8"
  | "NO_INDEX"
  | "SEARCH_FORMAT"
  | "VALIDATION"
  | "SECURITY"
  | "DUPLICATE"
  /** A search query that cannot be read (an unclosed quote, a lone `-`…). */
  | "BAD_QUERY"
  /** This Node lacks what a feature needs (`node:sqlite`). */
  | "UNSUPPORTED"
  /** A note changed on disk while a command was rewriting it (an editor saved it): left as it is. */
  | "CHANGED"
  /** A note changed since the caller read it (its version differs): an update refused, nothing written. */
  | "CONFLICT";

/**
 * An error of use or environment (bad argument, missing folder, unreadable
 * file). The CLI prints its message on one line and exits 2.
 */
export class CortexError extends Error {
  /** Stable code, e.g. `VAULT_NOT_FOUND`, `BAD_ARGUMENT`, `IO`. */
  readonly code: CortexErrorCode;
  /** What to do about it, one line (the CLI prints it under the error); absent when the message says it all. */
  readonly hint?: string;
  constructor(code: CortexErrorCode, message: string, options?: { cause?: unknown; hint?: string }) {
    super(message, options);
    this.name = "CortexError";
    this.code = code;
    if (options?.hint !== undefined) this.hint = options.hint;
  }
}
