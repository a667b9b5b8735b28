import type { IndexDb } from "../index-db.js";

/** An atom of `index/cortex.db` as a name check reads it. */
export interface NamedDoc {
  path: string;
  name: string;
  status: string;
}

// ASCII letters and digits are words to FTS5's tokenizer whatever its Unicode tables, so a phrase of them is never empty.
const ASCII_WORDS = /^[\x00-\x7f]*[a-z0-9][\x00-\x7f]*$/i;

/**
 * The atoms whose name column (the name and the aliases) holds the words of
 * `name` as a phrase: among them, every atom whose name is `name` up to
 * letter case and spacing (FTS5's tokenizer splits both alike). A superset:
 * the caller compares the names. Null for a name that is not plain ASCII
 * with a letter or digit, whose phrase FTS5 could read as empty (matching
 * nothing); the caller then reads every name.
 */
export function docsNamed(store: IndexDb, name: string): NamedDoc[] | null {
  if (!ASCII_WORDS.test(name)) return null;
  const phrase = `{name} : "${name.replace(/"/g, '""')}"`;
  return store.prepare("SELECT d.path AS path, d.name AS name, d.status AS status FROM fts JOIN docs d ON d.id = fts.rowid WHERE fts MATCH ?").all(phrase) as unknown as NamedDoc[];
}
