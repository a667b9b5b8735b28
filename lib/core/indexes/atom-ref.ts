import { CortexError } from "../errors.js";
import type { ManifestEntry } from "./types.js";
import { closestWords } from "../util/closest.js";

/**
 * Finds the atom a user means: a vault-relative path (with or without `.md`),
 * an `id`, a name (case-insensitive) that only one atom has, or else a link
 * stem (the file name without `.md`, as `[[deploy_freeze]]` writes it) that
 * only one atom has.
 *
 * @throws CortexError `NOT_FOUND` when nothing matches, `AMBIGUOUS` (listing the paths) when several do.
 * @example resolveAtomRef(manifest, "Deploy freeze during release windows") // "atoms/deploy_freeze_during_release.md"
 */
export function resolveAtomRef(manifest: readonly Pick<ManifestEntry, "path" | "id" | "name">[], ref: string): string {
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
  const near = closestAtoms(manifest, wanted);
  throw new CortexError("NOT_FOUND", `no atom with path, id or name "${ref}"`, near.length > 0 ? { hint: `closest: ${near.map((m) => `${m.path} (${m.name})`).join(", ")}` } : undefined);
}

/**
 * Up to three atoms a REF that matched none may have meant: those with a word
 * of the name or file name starting with each word of the REF (`priya` →
 * "Priya Raman"), else those whose name or file name is nearest by edit
 * distance; in path order. Pure.
 *
 * @example closestAtoms(manifest, "priya").map((m) => m.path) // ["people/priya_raman.md"]
 */
export function closestAtoms<T extends Pick<ManifestEntry, "path" | "name">>(manifest: readonly T[], ref: string): T[] {
  const words = (s: string) => s.toLowerCase().split(/[\s_\-/.]+/).filter(Boolean);
  const wanted = words(ref.replace(/\.md$/i, ""));
  if (wanted.length === 0) return [];
  const sorted = [...manifest].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const named = (m: T) => [...words(m.name), ...words(stemOf(m.path))];
  const prefixed = sorted.filter((m) => wanted.every((w) => named(m).some((n) => n.startsWith(w))));
  if (prefixed.length > 0) return prefixed.slice(0, 3);
  const key = wanted.join(" ");
  const keys = new Map<string, T>();
  for (const m of sorted) for (const k of [words(m.name).join(" "), words(stemOf(m.path)).join(" ")]) if (!keys.has(k)) keys.set(k, m);
  return [...new Set(closestWords(key, keys.keys()).map((k) => keys.get(k)!))];
}

// The lowercase file name of a path without `.md`: what a wikilink to it writes.
function stemOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "").toLowerCase();
}
