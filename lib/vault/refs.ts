import type { ManifestEntry } from "../indexes/types.js";
import { CortexError } from "../errors.js";

/**
 * Finds the atom a user means: a vault-relative path (with or without `.md`),
 * an `id`, a name (case-insensitive) that only one atom has, or a link stem
 * (the file name without `.md`, as cortex writes it into `links:` and MOCs)
 * that only one atom has.
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
  const found = byName.length > 0 ? byName : byStem(manifest, withMd.toLowerCase());
  if (found.length === 1) return found[0]!.path;
  if (found.length > 1) {
    throw new CortexError("AMBIGUOUS", `"${ref}" matches ${found.length} atoms: ${found.map((m) => m.path).join(", ")}; give the path`);
  }
  throw new CortexError("NOT_FOUND", `no atom with path, id or name "${ref}"`);
}

// A stem is a file name without its folder, matched case-insensitively as Obsidian resolves a bare [[stem]].
function byStem(manifest: readonly ManifestEntry[], fileLower: string): readonly ManifestEntry[] {
  if (fileLower.includes("/")) return [];
  return manifest.filter((m) => {
    const path = m.path.toLowerCase();
    return path === fileLower || path.endsWith(`/${fileLower}`);
  });
}
