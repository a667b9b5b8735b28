import type { VaultHandle } from "../handle/vault-handle.js";
import { normalizeRef } from "../../core/links/refs.js";
import { CortexError } from "../../core/errors.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { countManifestEntries, readGroupKeys, readGroupKeysOf, readManifestEntries, readManifestRefFields } from "../../core/indexes/narrow-read.js";
import { resolveAtomRef } from "../../core/indexes/atom-ref.js";
import { readIndexBytes } from "../../store/read-indexes.js";
import { bestFirst, idfOf, linkTier, tagTier } from "../../core/related/related.js";
import type { RelatedAtom } from "../../core/related/types.js";

/** What {@link relatedFromIndex} found: the atoms, and the manifest entries of the atom and of those listed. */
export interface RelatedFromIndex {
  found: RelatedAtom[];
  entries: ReadonlyMap<string, ManifestEntry>;
}

/**
 * `related(manifest, links, { path }, top)` for the atom `ref` names, from
 * the index files on disk without parsing the manifest: the atom's links
 * (links.json), the atoms that share its tags (by_tag.json), and the entries
 * of the atoms listed; a ref that is not a path is resolved over the paths,
 * ids and names of the manifest only. Null when it cannot answer so: the top
 * is all (`top` 0) or not filled by links and tags (the words tier counts
 * words over every atom), or the index is in memory or not laid out as
 * written. The caller then reads the whole manifest.
 *
 * @throws CortexError `NOT_FOUND` or `AMBIGUOUS`, as `resolveAtomRef`.
 * @example relatedFromIndex(vault, "atoms/canary_analysis.md", 10)?.found
 */
export function relatedFromIndex(vault: VaultHandle, ref: string, top: number): RelatedFromIndex | null {
  if (top <= 0 || vault.links !== null || !vault.indexOnDisk) return null;
  const bytes = readBytes(vault);
  if (bytes === null) return null;
  const self = atomAt(bytes.manifest, ref);
  if (self === null) return null;
  const byTag = readGroupKeys(bytes.byTag, self.tags);
  const out = readGroupKeys(bytes.links, [self.path])?.[self.path];
  const into = readGroupKeysOf(bytes.links, self.path);
  if (byTag === null || out === undefined || into === null) return null;
  const linked = new Set([...out, ...into]);
  const found = [...linked].filter((p) => p !== self.path).map((p) => linkTier({ path: p, name: "" }, out.includes(p), into.includes(p)));
  const tagFreq = new Map(self.tags.map((t) => [t, byTag[t]!.length]));
  const sharing = new Map<string, string[]>();
  for (const tag of self.tags) {
    for (const path of byTag[tag]!) {
      if (path === self.path || linked.has(path)) continue;
      const tags = sharing.get(path);
      if (tags === undefined) sharing.set(path, [tag]);
      else tags.push(tag);
    }
  }
  if (found.length + sharing.size < top || [...tagFreq.keys()].some((t) => new Set(byTag[t]).size !== tagFreq.get(t))) return null;
  // The index run counted the manifest's entries; counting them again takes a pass over it.
  const atoms = vault.indexResult().atoms;
  const idf = idfOf(Number.isInteger(atoms) ? atoms : countManifestEntries(bytes.manifest));
  for (const [path, tags] of sharing) found.push(tagTier({ path, name: "" }, tags, tagFreq, idf));
  const best = bestFirst(found, top);
  const entries = readManifestEntries(bytes.manifest, best.map((r) => r.path));
  if (best.some((r) => !entries.has(r.path))) return null;
  entries.set(self.path, self);
  return { found: best.map((r) => ({ ...r, name: entries.get(r.path)!.name })), entries };
}

// The entry of the atom `ref` names, as resolveAtomRef finds it (by path, id, name or link stem); null when the
// manifest is not laid out as written. A ref that names no atom, or several, throws as resolveAtomRef does.
function atomAt(manifest: Buffer, ref: string): ManifestEntry | null {
  const normalized = normalizeRef(ref);
  const wanted = normalized.trim().replace(/^\.\//, "").replace(/\\/g, "/");
  const withMd = wanted.toLowerCase().endsWith(".md") ? wanted : `${wanted}.md`;
  const byPath = readManifestEntries(manifest, [wanted, withMd]);
  // A path; when it and its `.md` twin are both atoms, resolveAtomRef takes the one the manifest lists first.
  if (byPath.size === 1) return [...byPath.values()][0]!;
  const fields = readManifestRefFields(manifest);
  if (fields === null) return null;
  const path = resolveAtomRef(fields, normalized);
  return readManifestEntries(manifest, [path]).get(path) ?? null;
}

// manifest.json, by_tag.json and links.json as the last index run wrote them; null when they cannot be read.
function readBytes(vault: VaultHandle): { manifest: Buffer; byTag: Buffer; links: Buffer } | null {
  try {
    const read = readIndexBytes(vault.vaultDir, ["manifest.json", "by_tag.json", "links.json"]);
    return { manifest: read["manifest.json"]!, byTag: read["by_tag.json"]!, links: read["links.json"]! };
  } catch (error) {
    if (!(error instanceof CortexError)) throw error;
    return null;
  }
}
