import type { ManifestEntry } from "../lib/core/indexes/types.js";
import { normalizeRef } from "../lib/core/links/refs.js";
import { resolveAtomRef } from "../lib/core/indexes/atom-ref.js";

/**
 * The one place the CLI turns a REF into an atom: a path (with or without
 * `.md`), an id, a unique name, a link stem, a `[[wikilink]]` or a
 * `cortex://atom/…` URI.
 *
 * @throws CortexError `NOT_FOUND` or `AMBIGUOUS`.
 */
export function findAtom(manifest: readonly ManifestEntry[], ref: string): ManifestEntry {
  const path = resolveAtomRef(manifest, normalizeRef(ref));
  return manifest.find((m) => m.path === path)!;
}
