import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { Atom } from "../../core/atoms/types.js";
import { TEXT_FIELDS, type TextFields } from "../../core/fts/fields.js";
import { sqlite } from "./sqlite.js";

/**
 * Format of `index/search.db`. A file of another format, settings or
 * tokenizer is rebuilt, never read. Bump it whenever the schema, the
 * tokenizer or what a column holds changes.
 */
export const SEARCH_DB_FORMAT = "cortex-search-db/1";

/** The FTS5 tokenizer: Unicode words, case and diacritics folded, Porter stems. */
export const TOKENIZER = "porter unicode61 remove_diacritics 2";

const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE docs(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  mtime_us INTEGER NOT NULL,
  size INTEGER NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  project TEXT NOT NULL,
  status TEXT NOT NULL,
  updated TEXT NOT NULL,
  tags TEXT NOT NULL,
  description TEXT NOT NULL
);
CREATE VIRTUAL TABLE fts USING fts5(${TEXT_FIELDS.join(", ")}, tokenize = '${TOKENIZER}');
`;
// The text is stored (not a contentless table): FTS5 can then take a deleted row's tokens off its
// totals, so BM25's average lengths after any updates equal a fresh build's. A contentless table
// with contentless_delete leaves them behind, and rankings drift from a full rebuild's.

/** How many values a kept connection holds (see `SearchDb.derived`): a bound on its memory whatever the queries. */
export const MAX_MEMOS = 256;

/** The text columns of `docs`, in the order {@link docTexts} gives them. */
export const DOC_TEXTS = ["path", "name", "type", "project", "status", "updated", "tags", "description"] as const;

const DOC_COLUMNS = ["path", "mtime_us", "size", ...DOC_TEXTS.slice(1)].join(", ");
const INSERT_DOC = `INSERT INTO docs(${DOC_COLUMNS}) VALUES (?, ?, ?${", ?".repeat(DOC_TEXTS.length - 1)})`;
const INSERT_TEXT = `INSERT INTO fts(rowid, ${TEXT_FIELDS.join(", ")}) VALUES (?${", ?".repeat(TEXT_FIELDS.length)})`;
// The same with the texts given as UTF-8 bytes, which SQLite reads as text (the database's encoding is UTF-8).
const INSERT_DOC_UTF8 = `INSERT INTO docs(${DOC_COLUMNS}) VALUES (CAST(? AS TEXT), ?, ?${", CAST(? AS TEXT)".repeat(DOC_TEXTS.length - 1)})`;
const INSERT_TEXT_UTF8 = `INSERT INTO fts(rowid, ${TEXT_FIELDS.join(", ")}) VALUES (?${", CAST(? AS TEXT)".repeat(TEXT_FIELDS.length)})`;

/** An atom's values of {@link DOC_TEXTS}: the tags joined and framed by U+001F, so that SQL can look one up whole. */
export function docTexts(atom: Atom): string[] {
  const tags = atom.tags.length > 0 ? `\x1f${atom.tags.join("\x1f")}\x1f` : "";
  return [atom.path, atom.name, atom.type, atom.project, atom.status, atom.updated, tags, atom.description];
}

/** What a row of `docs` holds besides the text: the file version it was read from and the atom's metadata. */
export interface DocRow {
  path: string;
  /** The mtime of the bytes indexed, in whole microseconds (as `cache.tsv`). */
  mtimeUs: number;
  size: number;
}

/** An open `search.db` with the statements the sync needs, prepared once. */
export class SearchDb {
  readonly db: DatabaseSync;
  /**
   * Set by an owner that keeps this connection open for many rankings while
   * the database does not change (a live server's vault): what a ranking
   * derives from the whole database is then worth working out once.
   */
  kept = false;
  private readonly statements = new Map<string, StatementSync>();
  private readonly memos = new Map<string, unknown>();
  // SQLite's data_version when the memos were made: another connection's commit changes it.
  private memoVersion = -1;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** Creates the schema in an empty database and records its identity. */
  static create(file: string, settingsKey: string): SearchDb {
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(file);
    db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 8192;");
    db.exec(SCHEMA);
    const store = new SearchDb(db);
    store.setMeta("format", SEARCH_DB_FORMAT);
    store.setMeta("settings", settingsKey);
    return store;
  }

  /**
   * Opens an existing database for reading and updates. Returns why it cannot
   * be used (missing, damaged, another format or other settings) instead.
   */
  static open(file: string, settingsKey: string, readOnly = false): SearchDb | string {
    const { DatabaseSync } = sqlite();
    let db: DatabaseSync | undefined;
    try {
      db = new DatabaseSync(file, { readOnly });
      const store = new SearchDb(db);
      const format = store.meta("format");
      if (format !== SEARCH_DB_FORMAT) throw new Error(`format ${format ?? "unknown"}, expected ${SEARCH_DB_FORMAT}`);
      if (store.meta("settings") !== settingsKey) throw new Error("written for other settings");
      if (!readOnly) db.exec("PRAGMA journal_mode = DELETE; PRAGMA synchronous = NORMAL;");
      return store;
    } catch (error) {
      db?.close();
      return (error as Error).message;
    }
  }

  /** A value of the `meta` table. */
  meta(key: string): string | undefined {
    const row = this.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
    return row?.value;
  }

  /** Sets a value of the `meta` table. */
  setMeta(key: string, value: string): void {
    this.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run(key, value);
  }

  /** Every indexed file's path, mtime and size, in path order. */
  docs(): DocRow[] {
    return (this.prepare("SELECT path, mtime_us AS mtimeUs, size FROM docs ORDER BY path").all() as unknown as DocRow[]);
  }

  /** The row of one path; undefined when it has none. */
  doc(path: string): DocRow | undefined {
    return this.prepare("SELECT path, mtime_us AS mtimeUs, size FROM docs WHERE path = ?").get(path) as unknown as DocRow | undefined;
  }

  /** Adds or replaces one atom's row and text (`fresh`: the database has no row of this path, skip the look-up). */
  put(atom: Atom, file: { mtimeUs: number; size: number }, text: TextFields, fresh = false): void {
    if (!fresh) this.remove(atom.path);
    const [path, ...doc] = docTexts(atom);
    const { lastInsertRowid } = this.prepare(INSERT_DOC).run(path!, file.mtimeUs, file.size, ...doc);
    this.prepare(INSERT_TEXT).run(lastInsertRowid, ...TEXT_FIELDS.map((f) => text[f]));
  }

  /**
   * Adds one row to a database that has none of this path, its texts given
   * as UTF-8 bytes: {@link DOC_TEXTS} then {@link TEXT_FIELDS}, from `at` in
   * `texts`. SQLite takes the bytes as text (CAST), so the row is the one
   * {@link SearchDb.put} stores, without making strings of them here.
   */
  putUtf8(file: { mtimeUs: number; size: number }, texts: readonly Uint8Array[], at: number): void {
    const [path, ...doc] = texts.slice(at, at + DOC_TEXTS.length);
    const { lastInsertRowid } = this.prepare(INSERT_DOC_UTF8).run(path!, file.mtimeUs, file.size, ...doc);
    this.prepare(INSERT_TEXT_UTF8).run(lastInsertRowid, ...texts.slice(at + DOC_TEXTS.length, at + DOC_TEXTS.length + TEXT_FIELDS.length));
  }

  /** Removes one path's row and text (nothing when it has none). */
  remove(path: string): void {
    const row = this.prepare("SELECT id FROM docs WHERE path = ?").get(path) as { id: number } | undefined;
    if (!row) return;
    this.prepare("DELETE FROM fts WHERE rowid = ?").run(row.id);
    this.prepare("DELETE FROM docs WHERE id = ?").run(row.id);
  }

  /** How many atoms the database holds (counted once when {@link kept}, see {@link derived}). */
  docCount(): number {
    return this.derived("docs", () => (this.prepare("SELECT count(*) AS n FROM docs").get() as { n: number }).n);
  }

  /**
   * The name of a temporary table of this connection holding the row ids of
   * the archived atoms, made on first use (on a {@link kept} connection, again
   * only when the database changed, see {@link derived}). A count of the
   * matches that are not archived then looks ids up in it instead of reading
   * each match's row of `docs`.
   */
  archivedIds(): string {
    return this.derived("archived", () => {
      this.db.exec("DROP TABLE IF EXISTS temp.archived; CREATE TEMP TABLE archived(id INTEGER PRIMARY KEY); INSERT INTO temp.archived SELECT id FROM docs WHERE status = 'archived';");
      return "temp.archived";
    });
  }

  /**
   * A value worked out from the whole database: on a {@link kept}
   * connection, once while the database stays as it is (a commit by another
   * connection, such as an index run's, drops every value held; at most
   * {@link MAX_MEMOS} are held, then they are worked out afresh); otherwise
   * each time.
   */
  derived<T>(key: string, make: () => T): T {
    if (!this.kept) return make();
    const version = (this.prepare("PRAGMA data_version").get() as { data_version: number }).data_version;
    if (version !== this.memoVersion) {
      this.memos.clear();
      this.memoVersion = version;
    }
    if (this.memos.has(key)) return this.memos.get(key) as T;
    if (this.memos.size >= MAX_MEMOS) this.memos.clear();
    const value = make();
    this.memos.set(key, value);
    return value;
  }

  /** A statement, prepared once per connection. */
  prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  /** Closes the connection. */
  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
