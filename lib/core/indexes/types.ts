import type { ManifestEntry } from "../formats/manifest.js";

// Defined with the files' formats (formats/), named here with the other indexes.
export type { ManifestEntry };
export { INDEX_FORMAT } from "../formats/version.js";

/** Group key → vault-relative paths, sorted. */
export type GroupIndex = Record<string, string[]>;

/** The five indexes of the seed, plus the resolved link graph. */
export interface VaultIndexes {
  /** Every atom, sorted by path. */
  manifest: ManifestEntry[];
  by_project: GroupIndex;
  by_type: GroupIndex;
  by_tag: GroupIndex;
  /** Source path → raw link targets (wikilink targets and backtick `.md` paths), for atoms that link. */
  graph: GroupIndex;
  /** Source path → the atoms its links resolve to (sorted, distinct, no self-links), for atoms that link (`index/links.json`). */
  links: GroupIndex;
}
