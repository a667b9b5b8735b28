import type { ManifestEntry } from "../indexes/types.js";
import { resolveAtomRef } from "../indexes/atom-ref.js";

/**
 * A ref as an agent may pass it, reduced to what `resolveAtomRef` takes: a
 * `cortex://atom/…` URI becomes its decoded path, `[[Target|alias]]` its target.
 *
 * @example normalizeRef("cortex://atom/reference/Release%20calendar.md") // "reference/Release calendar.md"
 */
export function normalizeRef(ref: string): string {
  const trimmed = ref.trim();
  if (trimmed.startsWith("cortex://atom/")) return decodePath(trimmed.slice("cortex://atom/".length));
  const wikilink = /^\[\[([^\]|#]+)(?:[#|][^\]]*)?\]\]$/.exec(trimmed);
  return wikilink ? wikilink[1]!.trim() : trimmed;
}

/** A path as a URI carries it, each segment percent-decoded (a segment that is not valid percent-encoding is kept as is). */
export function decodePath(raw: string): string {
  return raw
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * The manifest entry of the atom a REF means, as written by a user or an
 * agent: a `[[wikilink]]` or a `cortex://atom/…` URI as well as what
 * `resolveAtomRef` takes.
 *
 * @throws CortexError `NOT_FOUND`, `AMBIGUOUS`.
 */
export function findManifestEntry<T extends Pick<ManifestEntry, "path" | "id" | "name">>(manifest: readonly T[], ref: string): T {
  const path = resolveAtomRef(manifest, normalizeRef(ref));
  return manifest.find((m) => m.path === path)!;
}
