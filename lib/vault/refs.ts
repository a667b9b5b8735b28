import type { ManifestEntry } from "../indexes/types.js";
import { CortexError } from "../errors.js";

/**
 * Finds the atom a user means: a vault-relative path (with or without `.md`),
 * an `id`, or a name (case-insensitive) that only one atom has.
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
  if (byName.length > 1) {
    throw new CortexError("AMBIGUOUS", `"${ref}" matches ${byName.length} atoms: ${byName.map((m) => m.path).join(", ")}; give the path`);
  }
  throw new CortexError("NOT_FOUND", `no atom with path, id or name "${ref}"`);
}
