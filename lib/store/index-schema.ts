import type { Atom, Diagnostic } from "../core/atoms/types.js";
import { TEXT_FIELDS } from "../core/fts/fields.js";

// The tables of `index/cortex.db` and how its rows are written and read back (see IndexDb, index-db.ts).

/**
 * The schema of `index/cortex.db`, the vault's one derived store, as
 * `PRAGMA user_version`. A database of another version is rebuilt, never
 * read. Bump it whenever a table, the tokenizer or what a column holds
 * changes, and whenever the parser reads a note differently: a file whose
 * size and mtime are as recorded is not read again.
 */
export const SCHEMA_VERSION = 2;

/** The FTS5 tokenizer: Unicode words, case and diacritics folded, Porter stems. */
export const TOKENIZER = "porter unicode61 remove_diacritics 2";

// `files`: every markdown file the last sync saw, with the version read and its problems.
// `docs`: the atoms (one row per file that parsed as a note), every field of the manifest, the raw link
// targets, and the links resolved (`resolved`: the atoms its links open); `tags` framed by U+001F so SQL
// can match one whole. The resolved links and the backlink counts depend on every note: they are written
// with the exports, and are current while meta `linked` is the generation (see resolved-links.ts).
// `checks`: what `cortex check`'s per-file rules found, under the file version and settings checked.
// `stale_exports`: the export files (vault-relative paths) that no longer match the database, which the next
// export run writes; a run killed before it clears them leaves them listed, to be written again.
// `fts`: the notes' text fields. The text is stored (not a contentless table): FTS5 can then take a
// deleted row's tokens off its totals, so BM25's statistics after any updates equal a fresh build's.
export const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE files(
  path TEXT PRIMARY KEY,
  mtime_us INTEGER NOT NULL,
  size INTEGER NOT NULL,
  atom INTEGER NOT NULL,
  diagnostics TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE docs(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  project TEXT NOT NULL,
  status TEXT NOT NULL,
  updated TEXT NOT NULL,
  tags TEXT NOT NULL,
  description TEXT NOT NULL,
  atom_id TEXT,
  created TEXT NOT NULL,
  aliases TEXT NOT NULL,
  links TEXT NOT NULL,
  lines INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL,
  confidence REAL,
  pnl_impact REAL,
  superseded_by TEXT,
  targets TEXT NOT NULL,
  resolved TEXT NOT NULL DEFAULT '[]',
  backlinks INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX docs_status ON docs(status);
CREATE INDEX docs_atom_id ON docs(atom_id);
CREATE TABLE checks(
  path TEXT PRIMARY KEY,
  key TEXT NOT NULL,
  mtime_us INTEGER NOT NULL,
  size INTEGER NOT NULL,
  result TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE stale_exports(file TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE VIRTUAL TABLE fts USING fts5(${TEXT_FIELDS.join(", ")}, tokenize = '${TOKENIZER}');
`;

/** What `files` records of every markdown file (IndexDb.fileVersions): item `i` of each list is of one file. */
export interface FileVersions {
  paths: string[];
  /** Each file's mtime in whole microseconds (-1: this process may not read it). */
  mtimesUs: number[];
  sizes: number[];
}

/** What `files` records of one markdown file. */
export interface FileRow {
  path: string;
  /** The mtime of the bytes read, in whole microseconds. */
  mtimeUs: number;
  size: number;
  /** False when the file was skipped (binary, unreadable). */
  atom: boolean;
  diagnostics: Diagnostic[];
}

/** An atom as `docs` holds it, with its raw link targets and backlink count (see `linksCurrent`, resolved-links.ts). */
export interface AtomRow {
  atom: Atom;
  targets: string[];
  /** The atoms its links open, and how many atoms link to it: as of the last time links were resolved. */
  resolved: string[];
  backlinks: number;
}

/** The columns of `docs` a sync writes, in order: an atom's fields (`tags` framed, the lists as JSON) and its raw link targets. */
export const DOC_COLUMNS = ["path", "name", "type", "project", "status", "updated", "tags", "description", "atom_id", "created", "aliases", "links", "lines", "size_bytes", "confidence", "pnl_impact", "superseded_by", "targets"] as const;

/** A column of {@link DOC_COLUMNS}. */
export type DocColumn = (typeof DOC_COLUMNS)[number];
export const INSERT_DOC = `INSERT INTO docs(${DOC_COLUMNS.join(", ")}, resolved, backlinks) VALUES (${DOC_COLUMNS.map(() => "?").join(", ")}, ?, ?)`;
export const INSERT_TEXT = `INSERT INTO fts(rowid, ${TEXT_FIELDS.join(", ")}) VALUES (?${", ?".repeat(TEXT_FIELDS.length)})`;
/**
 * The SQL of a row of `docs` as one JSON array text (the JSON columns
 * embedded as JSON): one string per row to cross into JavaScript and one
 * native parse, instead of an object of 19 properties built value by value.
 * Without `links`, the raw and resolved link targets as empty lists, never read.
 */
export function rowJson(links: boolean): string {
  const targets = links ? ["json(targets)", "json(resolved)"] : ["json_array()", "json_array()"];
  return `json_array(${DOC_COLUMNS.map((c) => (c === "aliases" || c === "links" ? `json(${c})` : c === "targets" ? targets[0] : c)).join(", ")}, ${targets[1]}, backlinks)`;
}

/** The values of {@link DOC_COLUMNS} for an atom and its raw link targets, as `docs` stores them. */
export function docValues(atom: Atom, targets: readonly string[]): (string | number | null)[] {
  return [atom.path, atom.name, atom.type, atom.project, atom.status, atom.updated, framedTags(atom.tags), atom.description, atom.id, atom.created, JSON.stringify(atom.aliases), JSON.stringify(atom.links), atom.lines, atom.size_bytes, atom.confidence, atom.pnl_impact, atom.superseded_by, JSON.stringify(targets)];
}

/** An atom's tags as `docs.tags` stores them: joined and framed by U+001F ("" for none). */
export function framedTags(tags: readonly string[]): string {
  return tags.length > 0 ? `\x1f${tags.join("\x1f")}\x1f` : "";
}

/** The tags of a `docs.tags` value. */
export function unframedTags(stored: string): string[] {
  return stored === "" ? [] : stored.slice(1, -1).split("\x1f");
}

/** A row of `docs` as {@link rowJson} gives it: DOC_COLUMNS in order, then the resolved links and the backlink count. */
export type RowValues = [string, string, string, string, string, string, string, string, string | null, string, string[], string[], number, number, number | null, number | null, string | null, string[], string[], number];

/** A row of `docs` back to the atom the parser made. */
export function atomRowOf(r: RowValues): AtomRow {
  const [path, name, type, project, status, updated, tags, description, id, created, aliases, links, lines, size_bytes, confidence, pnl_impact, superseded_by, targets, resolved, backlinks] = r;
  const atom: Atom = { path, id, name, type, project, status, created, updated, tags: unframedTags(tags), aliases, links, description, lines, size_bytes, confidence, pnl_impact, superseded_by };
  return { atom, targets, resolved, backlinks };
}
