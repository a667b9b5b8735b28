import type { DatabaseSync, StatementSync } from "node:sqlite";
import { rmSync } from "node:fs";
import type { Atom, Diagnostic } from "../core/atoms/types.js";
import { TEXT_FIELDS, type TextFields } from "../core/fts/fields.js";
import { sqlite } from "./sqlite.js";
import { compareStrings } from "../core/util/compare.js";
import { atomRowOf, DOC_COLUMNS, docValues, INSERT_DOC, INSERT_TEXT, rowJson, SCHEMA, SCHEMA_VERSION, type AtomRow, type DocColumn, type FileRow, type FileVersions, type RowValues } from "./index-schema.js";

export { DOC_COLUMNS, framedTags, SCHEMA_VERSION, TOKENIZER, unframedTags, type AtomRow, type DocColumn, type FileRow, type FileVersions } from "./index-schema.js";

/** How many values a kept connection holds (see {@link IndexDb.derived}): a bound on its memory whatever the queries. */
export const MAX_MEMOS = 256;

/**
 * An open `index/cortex.db` (or a database in memory), with the statements
 * prepared once. Every change goes through {@link IndexDb.transaction}.
 */
export class IndexDb {
  readonly db: DatabaseSync;
  /**
   * Set by an owner that keeps this connection open for many rankings (a
   * live server's vault): what a ranking derives from the whole database is
   * then worth working out once while the database stays as it is.
   */
  kept = false;
  private readonly statements = new Map<string, StatementSync>();
  private readonly memos = new Map<string, unknown>();
  // SQLite's data_version when the memos were made: another connection's commit changes it.
  private memoVersion = -1;

  /** Wraps an open connection (see {@link IndexDb.create} and {@link IndexDb.open}, the usual ways in). */
  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /**
   * A new, empty database at `file` (":memory:" for one in memory), of this
   * schema and these settings. `building`: a file no one else opens until it
   * is filled and renamed into place, written without a journal.
   */
  static create(file: string, settings: string, options: { building?: boolean } = {}): IndexDb {
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(file);
    // WAL: a reader sees the last commit whole while a writer works (and never waits for it).
    if (options.building) db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
    else if (file !== ":memory:") db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    db.exec(`PRAGMA page_size = 8192; ${SCHEMA} PRAGMA user_version = ${SCHEMA_VERSION};`);
    const store = new IndexDb(db);
    store.setMeta("settings", settings);
    store.setMeta("generation", "0");
    return store;
  }

  /**
   * Opens an existing database. Returns why it cannot be used instead
   * (missing, damaged, another schema, other settings).
   */
  static open(file: string, settings: string, readOnly = false): IndexDb | string {
    const { DatabaseSync } = sqlite();
    let db: DatabaseSync | undefined;
    try {
      db = new DatabaseSync(file, { readOnly });
      // A reader waits for a writer's commit (and a writer for another's) rather than fail.
      db.exec("PRAGMA busy_timeout = 5000");
      const version = (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
      if (version !== SCHEMA_VERSION) throw new Error(version === 0 ? "not a cortex database" : `schema ${version}, expected ${SCHEMA_VERSION}`);
      const store = new IndexDb(db);
      if (store.meta("settings") !== settings) throw new Error("written for other settings");
      return store;
    } catch (error) {
      db?.close();
      return (error as Error).message;
    }
  }

  /** Removes a database file and its WAL files (a damaged or old one, before it is made anew). */
  static remove(file: string): void {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
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

  /** How many changes the database has recorded: each sync that changed a row adds one. */
  generation(): number {
    return Number(this.meta("generation") ?? 0);
  }

  /**
   * Runs `fn` in one transaction: committed whole when it returns, rolled
   * back whole when it throws (or the process dies), so a reader never sees
   * half of it.
   */
  transaction<T>(fn: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const value = fn();
      this.db.exec("COMMIT");
      return value;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      throw error;
    }
  }

  /**
   * Every file's recorded version, in path order (UTF-8 byte order), as three
   * lists of one item per file: what a scan is compared with, item by item,
   * without an object per file.
   */
  fileVersions(): FileVersions {
    // Three JSON arrays in one string: one crossing into JavaScript and native parses, not an object per row.
    const sql = "SELECT json_group_array(path) || char(10) || json_group_array(mtime_us) || char(10) || json_group_array(size) AS j FROM (SELECT * FROM files ORDER BY path)";
    const { j } = this.prepare(sql).get() as { j: string };
    const [paths, mtimesUs, sizes] = j.split("\n").map((list) => JSON.parse(list) as unknown) as [string[], number[], number[]];
    return { paths, mtimesUs, sizes };
  }

  /** Whether `files` records this path. */
  hasFile(path: string): boolean {
    return this.prepare("SELECT 1 AS x FROM files WHERE path = ?").get(path) !== undefined;
  }

  /** How many atoms are of `project`. */
  atomCountOfProject(project: string): number {
    return (this.prepare("SELECT count(*) AS n FROM docs WHERE project = ?").get(project) as { n: number }).n;
  }

  /** How many files `files` records. */
  fileCount(): number {
    return (this.prepare("SELECT count(*) AS n FROM files").get() as { n: number }).n;
  }

  /** Every recorded problem of every file, as recorded (by path, then as found). */
  diagnostics(): Diagnostic[] {
    const rows = this.prepare("SELECT diagnostics AS d FROM files WHERE diagnostics <> '[]' ORDER BY path").all() as { d: string }[];
    return rows.flatMap((r) => JSON.parse(r.d) as Diagnostic[]);
  }

  /**
   * Records one file, and its atom when it is one: the row of `docs` and its
   * text. The file's rows are replaced (its resolved links and backlink count
   * kept), unless `fresh` says it has none. Returns the columns of `docs` the
   * put changed: every one when the atom came or went, none when the file is
   * no atom before or after.
   */
  putFile(file: FileRow, parsed: { atom: Atom; targets: readonly string[]; text: TextFields } | null, fresh = false): DocColumn[] {
    const old = fresh ? undefined : (this.prepare(`SELECT ${DOC_COLUMNS.join(", ")}, resolved, backlinks FROM docs WHERE path = ?`).get(file.path) as Record<string, unknown> | undefined);
    if (!fresh) this.removeFile(file.path);
    this.prepare("INSERT INTO files(path, mtime_us, size, atom, diagnostics) VALUES (?, ?, ?, ?, ?)").run(file.path, file.mtimeUs, file.size, file.atom ? 1 : 0, JSON.stringify(file.diagnostics));
    if (!parsed) return old ? [...DOC_COLUMNS] : [];
    const values = docValues(parsed.atom, parsed.targets);
    const { lastInsertRowid } = this.prepare(INSERT_DOC).run(...values, (old?.resolved as string) ?? "[]", (old?.backlinks as number) ?? 0);
    this.prepare(INSERT_TEXT).run(lastInsertRowid, ...TEXT_FIELDS.map((f) => parsed.text[f]));
    return old ? DOC_COLUMNS.filter((column, i) => old[column] !== values[i]) : [...DOC_COLUMNS];
  }

  /**
   * Runs `fn`, a transaction that inserts many rows, with FTS5's pending
   * terms flushed to disk at 32 MB instead of 1 MB (fewer segments to write
   * and merge, so the insert takes less time; the memory is held only while
   * the transaction runs); the setting is the build's only, set back to the
   * default before the transaction commits.
   */
  withLargeInserts<T>(fn: () => T): T {
    this.db.exec("INSERT INTO fts(fts, rank) VALUES ('hashsize', 33554432)");
    const value = fn();
    // Back to FTS5's default, through its own command: SQLite's defensive mode (Node 26) refuses writes to fts_config.
    this.db.exec("INSERT INTO fts(fts, rank) VALUES ('hashsize', 1048576)");
    return value;
  }

  /** Forgets one file: its row, and its atom's row and text (nothing when it has none); returns whether it was an atom. */
  removeFile(path: string): boolean {
    this.prepare("DELETE FROM files WHERE path = ?").run(path);
    this.prepare("DELETE FROM checks WHERE path = ?").run(path);
    const row = this.prepare("SELECT id FROM docs WHERE path = ?").get(path) as { id: number } | undefined;
    if (!row) return false;
    this.prepare("DELETE FROM fts WHERE rowid = ?").run(row.id);
    this.prepare("DELETE FROM docs WHERE id = ?").run(row.id);
    return true;
  }

  /** Every atom with its link targets and backlink count, by path (code-unit order). */
  atoms(): AtomRow[] {
    return [...this.eachAtom()];
  }

  /**
   * {@link IndexDb.atoms} a row at a time, so that an export made of every
   * atom need not hold them all. Without `links`, each row's `targets` and
   * `resolved` are left empty (the manifest holds neither): less to read.
   */
  *eachAtom(options: { links: boolean } = { links: true }): Generator<AtomRow> {
    const rows = this.prepare(`SELECT ${rowJson(options.links)} AS j FROM docs ORDER BY path`).iterate() as Iterable<{ j: string }>;
    const atoms = (function* () {
      for (const { j } of rows) yield atomRowOf(JSON.parse(j) as RowValues);
    })();
    yield* this.sortsAsCodeUnits() ? atoms : [...atoms].sort((a, b) => compareStrings(a.atom.path, b.atom.path));
  }

  // SQLite orders paths by their UTF-8 bytes, where a character past U+FFFF (an emoji) sorts after U+E000-U+FFFF (a
  // fullwidth letter); in code units it sorts before. Only two paths with characters outside ASCII can differ so.
  private sortsAsCodeUnits(): boolean {
    const paths = this.prepare("SELECT path FROM docs WHERE octet_length(path) <> length(path) ORDER BY path").all() as { path: string }[];
    return paths.every((row, i) => i === 0 || paths[i - 1]!.path < row.path);
  }

  /** One atom by path; undefined when the path is no atom. */
  atom(path: string): AtomRow | undefined {
    const row = this.prepare(`SELECT ${rowJson(true)} AS j FROM docs WHERE path = ?`).get(path) as { j: string } | undefined;
    return row && atomRowOf(JSON.parse(row.j) as RowValues);
  }

  /** How many atoms the database holds (counted once on a {@link IndexDb.kept} connection, see {@link IndexDb.derived}). */
  docCount(): number {
    return this.derived("docs", () => (this.prepare("SELECT count(*) AS n FROM docs").get() as { n: number }).n);
  }

  /**
   * The name of a temporary table of this connection holding the row ids of
   * the archived atoms, made on first use (again, on a kept connection, only
   * when the database changed): a count of the matches that are not archived
   * looks ids up in it instead of reading each match's row of `docs`.
   */
  archivedIds(): string {
    return this.derived("archived", () => {
      this.db.exec("DROP TABLE IF EXISTS temp.archived; CREATE TEMP TABLE archived(id INTEGER PRIMARY KEY); INSERT INTO temp.archived SELECT id FROM docs WHERE status = 'archived';");
      return "temp.archived";
    });
  }

  /**
   * A value worked out from the whole database: on a {@link IndexDb.kept}
   * connection, once while the database stays as it is (a commit by another
   * connection drops every value held; at most {@link MAX_MEMOS} are held);
   * otherwise each time.
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
