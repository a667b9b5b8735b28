import { appendLines } from "./append-lines.js";
import { CortexError } from "../core/errors.js";
import { vaultPaths } from "./paths.js";

/** One line of `index/events.jsonl`: a change cortex made to the vault. */
export interface VaultEventLine {
  /** ISO timestamp. */
  ts: string;
  /** The operation: `write`, `import`, `supersede`, `migrate`, … */
  op: string;
  /** Vault-relative path of the atom changed. */
  path: string;
  /** Its `id`, or null when it has none. */
  id: string | null;
  /** Further facts of the operation (e.g. `by` for a supersede). */
  [extra: string]: unknown;
}

/**
 * Appends events to the vault's append-only log `index/events.jsonl`, as one
 * `write` with O_APPEND so concurrent appenders never interleave lines.
 *
 * @throws CortexError (`IO`) when the log cannot be written.
 * @example appendVaultEvents(vaultDir, [{ ts: new Date().toISOString(), op: "write", path: "rules/x.md", id: "20261122_x" }]);
 */
export function appendVaultEvents(vaultDir: string, events: readonly VaultEventLine[]): void {
  if (events.length === 0) return;
  const file = vaultPaths(vaultDir).events;
  try {
    appendLines(file, events.map((e) => `${JSON.stringify(e)}\n`).join(""));
  } catch (error) {
    throw new CortexError("IO", `cannot append to ${file}: ${(error as Error).message}`, { cause: error });
  }
}
