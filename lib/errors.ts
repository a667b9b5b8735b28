/**
 * An error of use or environment (bad argument, missing folder, unreadable
 * file). The CLI prints its message on one line and exits 2.
 */
export class CortexError extends Error {
  /** Stable code, e.g. `VAULT_NOT_FOUND`, `BAD_ARGUMENT`, `IO`. */
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CortexError";
    this.code = code;
  }
}
