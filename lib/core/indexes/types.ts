import type { Atom } from "../atoms/types.js";

/**
 * The version of the exports under `index/` (meta.json's `format`). 3: one
 * database holds the derived state; meta.json no longer lists file checks.
 */
export const INDEX_FORMAT = 3;

/** One atom in `index/manifest.json`: the atom's fields plus its backlink count. */
export interface ManifestEntry extends Atom {
  /** Number of other atoms whose links resolve to this one. */
  backlinks: number;
}

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
