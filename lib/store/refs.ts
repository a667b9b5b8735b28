import { closeSync, openSync } from "node:fs";
import { join, posix } from "node:path";
import { resolveAtomRef } from "../core/indexes/atom-ref.js";
import type { ManifestEntry } from "../core/indexes/types.js";
import { CortexError } from "../core/errors.js";

/**
 * {@link resolveAtomRef} for a command about to change the atom: when no atom
 * matches but `ref` names a note on disk that cannot be read (the index
 * leaves such notes out), says so instead of "no atom".
 *
 * @throws CortexError `IO` (`cannot read PATH (EACCES)`), else as {@link resolveAtomRef}.
 */
export function resolveAtomRefOnDisk(vaultDir: string, manifest: readonly ManifestEntry[], ref: string): string {
  try {
    return resolveAtomRef(manifest, ref);
  } catch (error) {
    if (!(error instanceof CortexError && error.code === "NOT_FOUND")) throw error;
    throw unreadableNote(vaultDir, ref) ?? error;
  }
}

// The error for `ref` as a vault path to a note that exists but cannot be opened; null when it is not one.
function unreadableNote(vaultDir: string, ref: string): CortexError | null {
  const wanted = posix.normalize(ref.trim().replace(/\\/g, "/").replace(/^\.\//, ""));
  if (wanted.startsWith("../") || posix.isAbsolute(wanted)) return null;
  for (const path of wanted.toLowerCase().endsWith(".md") ? [wanted] : [`${wanted}.md`]) {
    try {
      closeSync(openSync(join(vaultDir, path), "r"));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EACCES" || code === "EPERM") return new CortexError("IO", `cannot read ${path} (${code}); cortex must read a note to change it`, { cause: error });
    }
  }
  return null;
}
