import { join } from "node:path";

/** Where the tool keeps its derived files inside a vault. */
export interface VaultPaths {
  indexDir: string;
  layersDir: string;
  /** The derived store, `index/cortex.db`. */
  db: string;
  meta: string;
  accessLog: string;
  events: string;
}

/** The derived-file locations of a vault. */
export function vaultPaths(vaultDir: string): VaultPaths {
  const indexDir = join(vaultDir, "index");
  return {
    indexDir,
    layersDir: join(vaultDir, "layers"),
    db: join(indexDir, "cortex.db"),
    meta: join(indexDir, "meta.json"),
    accessLog: join(indexDir, "access_log.jsonl"),
    events: join(indexDir, "events.jsonl"),
  };
}

/** Content of `index/.gitignore`: the files that differ between machines or grow with use. */
export const INDEX_GITIGNORE = "# Written by cortex: machine-local and append-only files\ncortex.db\ncortex.db-wal\ncortex.db-shm\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n";

/** Earlier versions of {@link INDEX_GITIGNORE}: a file still holding one of them is brought up to date. */
export const OLD_INDEX_GITIGNORES: readonly string[] = [
  "# Written by cortex: machine-local and append-only files\ncache.tsv\nfolders.tsv\nquiet-since\nlink-keys.tsv\naliases.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\nfolders.tsv\nlink-keys.tsv\naliases.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\nfolders.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\naccess_log.jsonl\n*.tmp\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\naccess_log.jsonl\n*.tmp\n.lock\n.lock.breaking\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\n*.tmp\n.lock\n.lock.breaking\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\ncheck-cache.tsv\naccess_log.jsonl\n*.tmp\n.lock\n.lock.breaking\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\n",
  "# Written by cortex: machine-local and append-only files\ncache.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n",
];
