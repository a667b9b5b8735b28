import { closeSync, openSync } from "node:fs";
import { join, posix } from "node:path";
import type { ManifestEntry } from "../core/indexes/types.js";
import { CortexError } from "../core/errors.js";

/**
 * Finds the atom a user means: a vault-relative path (with or without `.md`),
 * an `id`, a name (case-insensitive) that only one atom has, or else a link
 * stem (the file name without `.md`, as `[[deploy_freeze]]` writes it) that
 * only one atom has.
 *
 * @throws CortexError `NOT_FOUND` when nothing matches, `AMBIGUOUS` (listing the paths) when several do.
 * @example resolveAtomRef(manifest, "Deploy freeze during release windows") // "atoms/deploy_freeze_during_release.md"
 */
export function resolveAtomRef(manifest: readonly ManifestEntry[], ref: string): string {
  const wanted = ref.trim().replace(/^\.\//, "").replace(/\\/g, "/");
  const withMd = wanted.toLowerCase().endsWith(".md") ? wanted : `${wanted}.md`;
  const byPath = manifest.find((m) => m.path === wanted || m.path === withMd);
  if (byPath) return byPath.path;
  const byId = manifest.filter((m) => m.id === wanted);
  if (byId.length === 1) return byId[0]!.path;
  const lower = wanted.toLowerCase();
  const byName = byId.length > 1 ? byId : manifest.filter((m) => m.name.toLowerCase() === lower);
  if (byName.length === 1) return byName[0]!.path;
  const byStem = byName.length > 0 || wanted.includes("/") ? byName : manifest.filter((m) => stemOf(m.path) === stemOf(lower));
  if (byStem.length === 1) return byStem[0]!.path;
  if (byName.length > 1 || byStem.length > 1) {
    const matches = byName.length > 1 ? byName : byStem;
    throw new CortexError("AMBIGUOUS", `"${ref}" matches ${matches.length} atoms: ${matches.map((m) => m.path).join(", ")}; give the path`);
  }
  throw new CortexError("NOT_FOUND", `no atom with path, id or name "${ref}"`);
}

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

// The lowercase file name of a path without `.md`: what a wikilink to it writes.
function stemOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "").toLowerCase();
}
