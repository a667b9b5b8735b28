import { CortexError } from "../errors.js";
import type { ManifestEntry } from "./types.js";

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

// The lowercase file name of a path without `.md`: what a wikilink to it writes.
function stemOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "").toLowerCase();
}
