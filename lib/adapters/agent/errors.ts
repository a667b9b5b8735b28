import { CortexError, type CortexErrorCode } from "../../core/errors.js";
import { WriteRejectedError } from "../../core/write/errors.js";
import type { ErrorCodeInfo, ToolErrorData, ToolOutcome } from "./types.js";

/**
 * The error codes of tool results: `E1xx` vault and file problems,
 * `E2xx` invalid arguments, `E3xx` cancelled by the client, `E4xx` rejected
 * by the security scan or the near-duplicate check, `E9xx` internal errors. Each has a one-line suggestion.
 */
export const ERROR_CODES = Object.freeze({
  CORTEX_E100: { category: "vault", suggestion: "Start the server with --vault DIR (or CORTEX_VAULT) naming an existing vault folder." },
  CORTEX_E101: { category: "vault", suggestion: "Find the atom with recall or list first, then pass its path exactly." },
  CORTEX_E102: { category: "vault", suggestion: "Several atoms match: pass the vault-relative path instead of the name." },
  CORTEX_E103: { category: "vault", suggestion: "Check that the vault folder and its files can be read and written." },
  CORTEX_E104: { category: "vault", suggestion: "Another cortex process is writing to the vault; retry in a moment." },
  CORTEX_E105: { category: "vault", suggestion: "Fix the vault's cortex.toml: the message names the key and the expected type." },
  CORTEX_E106: { category: "vault", suggestion: "The file cannot be rewritten without damage (not UTF-8 text, or broken frontmatter): fix it in an editor; cortex check names the problem." },
  CORTEX_E107: { category: "vault", suggestion: "The note changed since you read it: read it again, then apply your change to what it says now." },
  CORTEX_E200: { category: "argument", suggestion: "Check the argument names and types against the tool's input schema." },
  CORTEX_E201: { category: "argument", suggestion: "Pass the required argument; see the tool's input schema." },
  CORTEX_E202: { category: "argument", suggestion: "Shorten the value or pass fewer items: the limit is in the message." },
  CORTEX_E203: { category: "argument", suggestion: "Pass a whole number inside the range given in the message." },
  CORTEX_E204: { category: "argument", suggestion: "Pass one of the allowed values listed in the message." },
  CORTEX_E205: { category: "argument", suggestion: "Pass the next_cursor of the previous call unchanged, or leave cursor out to start over." },
  CORTEX_E210: { category: "argument", suggestion: "Fix the field named in the message and call again." },
  CORTEX_E400: { category: "rejected", suggestion: "Remove the secret or the instruction-like text the rule names, then save again." },
  CORTEX_E401: { category: "rejected", suggestion: "Read the existing atom (read tool). If it already says this, nothing needs saving; if yours replaces it, call save again with supersedes set to its path." },
  CORTEX_E300: { category: "cancelled", suggestion: "The client cancelled the call before it wrote anything; call again if it is still wanted." },
  CORTEX_E900: { category: "internal", suggestion: "This is a bug in cortex: run with CORTEX_DEBUG=1 and report the stderr output." },
} satisfies Record<string, ErrorCodeInfo>);

/** A tool error code: a key of {@link ERROR_CODES}. */
export type ToolErrorCode = keyof typeof ERROR_CODES;

/** Every CortexError code of the library mapped to its tool error code (the compiler checks none is missing). */
const BY_CORTEX_CODE: Readonly<Record<CortexErrorCode, ToolErrorCode>> = {
  VAULT_NOT_FOUND: "CORTEX_E100",
  NOT_A_VAULT: "CORTEX_E100",
  NOT_FOUND: "CORTEX_E101",
  AMBIGUOUS: "CORTEX_E102",
  IO: "CORTEX_E103",
  NO_INDEX: "CORTEX_E103",
  SEARCH_FORMAT: "CORTEX_E103",
  EXISTS: "CORTEX_E103",
  SETTINGS_FILE: "CORTEX_E103",
  LOCKED: "CORTEX_E104",
  CONFIG: "CORTEX_E105",
  FRONTMATTER: "CORTEX_E106",
  NOT_UTF8: "CORTEX_E106",
  BAD_ARGUMENT: "CORTEX_E200",
  VALIDATION: "CORTEX_E210",
  SECURITY: "CORTEX_E400",
  DUPLICATE: "CORTEX_E401",
  BAD_QUERY: "CORTEX_E202",
  UNSUPPORTED: "CORTEX_E103",
  CHANGED: "CORTEX_E104",
  CONFLICT: "CORTEX_E107",
};

/** A tool failure carrying its code; thrown inside tools, turned into an outcome by {@link errorOutcome}. */
export class ToolError extends Error {
  readonly code: string;
  readonly argument?: string;
  readonly details?: Record<string, unknown>;
  constructor(code: string, message: string, extra: { argument?: string; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = "ToolError";
    this.code = code;
    if (extra.argument !== undefined) this.argument = extra.argument;
    if (extra.details !== undefined) this.details = extra.details;
  }
}

/**
 * The error outcome of a tool call: text `CORTEX_Exxx message` and a
 * `Suggestion:` line, and the same as `structured.error`.
 */
export function toolErrorOutcome(data: Omit<ToolErrorData, "category" | "suggestion">): ToolOutcome {
  const info: ErrorCodeInfo = (ERROR_CODES as Record<string, ErrorCodeInfo>)[data.code] ?? ERROR_CODES.CORTEX_E900;
  const error: ToolErrorData = { code: data.code, category: info.category, message: data.message, suggestion: info.suggestion };
  if (data.argument !== undefined) error.argument = data.argument;
  if (data.details !== undefined) error.details = data.details;
  return { text: `${data.code} ${data.message}\nSuggestion: ${info.suggestion}`, structured: { error }, isError: true };
}

/**
 * A write the library refused, as a tool error: `VALIDATION` → `CORTEX_E210`,
 * `SECURITY` → `E400` (with the scan rule), `DUPLICATE` → `E401` (with the
 * near-duplicate's path and similarity). `argNames` renames the library's
 * field names to the tool's argument names (e.g. `by` → `new`).
 *
 * @example rejectionError(error, { by: "new" })
 */
export function rejectionError(error: WriteRejectedError, argNames: Readonly<Record<string, string>> = {}): ToolError {
  const argument = error.field === undefined ? undefined : (argNames[error.field] ?? error.field);
  if (error.code === "DUPLICATE") {
    const similarity = error.similarity ?? 0;
    const message = `near-duplicate of ${error.existingPath} (similarity ${similarity.toFixed(2)}); nothing was written`;
    return new ToolError("CORTEX_E401", message, { details: { existing_path: error.existingPath, similarity, rule: error.rule } });
  }
  return new ToolError(error.code === "SECURITY" ? "CORTEX_E400" : "CORTEX_E210", namedMessage(error, argument), { argument, details: { rule: error.rule } });
}

// The message starting with the argument's name: `field: …` (validation) and `rejected: field contains …` (scan) become `argument: …`.
function namedMessage(error: WriteRejectedError, argument: string | undefined): string {
  if (error.field === undefined || argument === undefined) return error.message;
  for (const prefix of [`${error.field}: `, `rejected: ${error.field} `]) {
    if (error.message.startsWith(prefix)) return `${argument}: ${error.message.slice(prefix.length)}`;
  }
  return error.message;
}

/**
 * Runs `fn`; a library error it throws about a value (an atom ref not found
 * or ambiguous, …) becomes a tool error naming `argument`, message
 * `argument: …`. Refused writes and other errors pass through.
 *
 * @example const path = blameArgument("ref", () => resolveAtomRef(manifest, ref));
 */
export function blameArgument<T>(argument: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof CortexError) || error instanceof WriteRejectedError) throw error;
    throw new ToolError(BY_CORTEX_CODE[error.code], `${argument}: ${error.message}`, { argument });
  }
}

/**
 * Maps anything a tool threw to an error outcome: {@link ToolError} as is,
 * a refused write by {@link rejectionError}, a `CortexError` (a bad cortex.toml included)
 * to their `E1xx`/`E2xx` code, and anything else to `CORTEX_E900`.
 */
export function errorOutcome(error: unknown): ToolOutcome {
  if (error instanceof ToolError) return toolErrorOutcome({ code: error.code, message: error.message, argument: error.argument, details: error.details });
  if (error instanceof WriteRejectedError) return errorOutcome(rejectionError(error));
  if (error instanceof CortexError) return toolErrorOutcome({ code: BY_CORTEX_CODE[error.code], message: error.message });
  if ((error as Error)?.name === "AbortError") return toolErrorOutcome({ code: "CORTEX_E300", message: "cancelled by the client; nothing was written" });
  return toolErrorOutcome({ code: "CORTEX_E900", message: `internal error: ${(error as Error)?.message ?? String(error)}` });
}
