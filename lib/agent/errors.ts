import { ConfigError } from "../config/types.js";
import { CortexError } from "../errors.js";
import type { ErrorCodeInfo, ToolErrorData, ToolOutcome } from "./types.js";

/**
 * The error codes of tool results: `E1xx` vault and file problems,
 * `E2xx` invalid arguments, `E4xx` rejected by the security scan or the
 * near-duplicate check, `E9xx` internal errors. Each has a one-line suggestion.
 */
export const ERROR_CODES: Readonly<Record<string, ErrorCodeInfo>> = Object.freeze({
  CORTEX_E100: { category: "vault", suggestion: "Start the server with --vault DIR (or CORTEX_VAULT) naming an existing vault folder." },
  CORTEX_E101: { category: "vault", suggestion: "Find the atom with recall or list first, then pass its path exactly." },
  CORTEX_E102: { category: "vault", suggestion: "Several atoms match: pass the vault-relative path instead of the name." },
  CORTEX_E103: { category: "vault", suggestion: "Check that the vault folder and its files can be read and written." },
  CORTEX_E104: { category: "vault", suggestion: "Another cortex process is writing to the vault; retry in a moment." },
  CORTEX_E105: { category: "vault", suggestion: "Fix the vault's cortex.toml: the message names the key and the expected type." },
  CORTEX_E200: { category: "argument", suggestion: "Check the argument names and types against the tool's input schema." },
  CORTEX_E201: { category: "argument", suggestion: "Pass the required argument; see the tool's input schema." },
  CORTEX_E202: { category: "argument", suggestion: "Shorten the value or pass fewer items: the limit is in the message." },
  CORTEX_E203: { category: "argument", suggestion: "Pass a whole number inside the range given in the message." },
  CORTEX_E204: { category: "argument", suggestion: "Pass one of the allowed values listed in the message." },
  CORTEX_E205: { category: "argument", suggestion: "Pass the next_cursor of the previous call unchanged, or leave cursor out to start over." },
  CORTEX_E210: { category: "argument", suggestion: "Fix the field named in the message and call again." },
  CORTEX_E400: { category: "rejected", suggestion: "Remove the secret or the instruction-like text the rule names, then save again." },
  CORTEX_E401: { category: "rejected", suggestion: "Read the existing atom; supersede it with an updated one instead of saving a near-copy." },
  CORTEX_E900: { category: "internal", suggestion: "This is a bug in cortex: run with CORTEX_DEBUG=1 and report the stderr output." },
});

/** The CortexError codes of the library mapped to tool error codes. */
const BY_CORTEX_CODE: Readonly<Record<string, string>> = {
  VAULT_NOT_FOUND: "CORTEX_E100",
  NOT_FOUND: "CORTEX_E101",
  AMBIGUOUS: "CORTEX_E102",
  IO: "CORTEX_E103",
  LOCKED: "CORTEX_E104",
  BAD_ARGUMENT: "CORTEX_E200",
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
  const info = ERROR_CODES[data.code] ?? ERROR_CODES.CORTEX_E900!;
  const error: ToolErrorData = { code: data.code, category: info.category, message: data.message, suggestion: info.suggestion };
  if (data.argument !== undefined) error.argument = data.argument;
  if (data.details !== undefined) error.details = data.details;
  return { text: `${data.code} ${data.message}\nSuggestion: ${info.suggestion}`, structured: { error }, isError: true };
}

/**
 * Maps anything a tool threw to an error outcome: {@link ToolError} as is,
 * `CortexError` and `ConfigError` to their `E1xx`/`E2xx` code, and
 * anything else to `CORTEX_E900`.
 */
export function errorOutcome(error: unknown): ToolOutcome {
  if (error instanceof ToolError) return toolErrorOutcome({ code: error.code, message: error.message, argument: error.argument, details: error.details });
  if (error instanceof ConfigError) return toolErrorOutcome({ code: "CORTEX_E105", message: error.message });
  if (error instanceof CortexError) return toolErrorOutcome({ code: BY_CORTEX_CODE[error.code] ?? "CORTEX_E103", message: error.message });
  return toolErrorOutcome({ code: "CORTEX_E900", message: `internal error: ${(error as Error)?.message ?? String(error)}` });
}
