import type * as Sqlite from "node:sqlite";
import { CortexError } from "../core/errors.js";

let loaded: typeof Sqlite | undefined;

/**
 * Node's built-in SQLite (`node:sqlite`, Node ≥ 22.13), loaded on first use.
 * Node 22 announces it with an ExperimentalWarning on stderr; that one
 * warning is kept off the user's terminal (it says nothing about their vault).
 *
 * @throws CortexError (`UNSUPPORTED`) on a Node without `node:sqlite`.
 */
export function sqlite(): typeof Sqlite {
  if (loaded) return loaded;
  const emit = process.emitWarning;
  process.emitWarning = function quiet(this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = process.getBuiltinModule?.("node:sqlite") as typeof Sqlite | undefined;
  } catch (cause) {
    throw unsupported(cause);
  } finally {
    process.emitWarning = emit;
  }
  if (!loaded) throw unsupported();
  return loaded;
}

function unsupported(cause?: unknown): CortexError {
  return new CortexError("UNSUPPORTED", `full-text search needs Node 22.13 or newer (node:sqlite); this is Node ${process.version}`, { cause });
}
