/** One atom in `index/manifest.json`. Keys are written in this order. */
export interface ManifestEntry {
  path: string;
  id: string | null;
  name: string;
  type: string;
  project: string;
  status: string;
  tags: string[];
  updated: string;
  created: string;
  lines: number;
  size_bytes: number;
  description: string;
  aliases: string[];
  links: string[];
  confidence: number | null;
  pnl_impact: number | null;
  superseded_by: string | null;
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

/** The version of the files under `index/`; a reader that finds another one rebuilds. */
export const INDEX_FORMAT = 1;
