import { toManifestEntry } from "../../core/index-build/build.js";
import { hasFileNameKey } from "../../core/links/file-matcher.js";
import type { AtomDirectory, DirectoryEntry } from "../../core/write/types.js";
import { isAscii } from "../../core/util/text.js";
import { framedTags, unframedTags, type IndexDb } from "../index-db.js";

export type { AtomDirectory, DirectoryEntry } from "../../core/write/types.js";

const ENTRY = "SELECT path, lower(name) AS name, lower(description) AS description, tags, aliases, status FROM docs";

// The predicate `SELECT … WHERE cortex_match(…)` calls for each row, set just before each such query (one thread).
let match: (name: string, description: string, path: string) => boolean = () => true;

/**
 * The atoms of the vault's database as the write path looks them up: by
 * tag, by word, by file name, by path and id, each with SQL, so that a write
 * to a vault of 100,000 notes reads only the rows it may need. Names and
 * descriptions come lower-cased (the checks compare words, not letter case);
 * word lookups compare in JavaScript (`toLowerCase`, Unicode-aware), through
 * a function the database calls per row; file name lookups let SQL pick the
 * rows that may match, then check those in JavaScript. An entry's
 * `backlinks` is 0: the write path does not read it.
 */
export function atomDirectory(db: IndexDb): AtomDirectory {
  db.db.function("cortex_match", { deterministic: false, varargs: false }, (name, description, path) => (match(String(name), String(description), String(path)) ? 1 : 0));
  const rows = (where: string, ...params: (string | number)[]) => (db.prepare(`${ENTRY} ${where} ORDER BY path`).all(...params) as Record<string, string>[]).map(entryOf);
  const matching = (test: typeof match) => {
    match = test;
    try {
      return rows("WHERE aliases <> '[]' OR cortex_match(name, description, path)");
    } finally {
      match = () => true;
    }
  };
  let all: DirectoryEntry[] | undefined;
  return {
    entries: () => (all ??= rows("")),
    live: (db.prepare("SELECT count(*) AS n FROM docs WHERE status NOT IN ('superseded', 'archived')").get() as { n: number }).n,
    withTags: (tags) => (tags.length === 0 ? [] : taggedRows(db, tags)),
    containing: (needles) => matching((name, description) => needles.some((n) => name.toLowerCase().includes(n) || description.toLowerCase().includes(n))),
    named: (keys) => rows(namedWhere(keys), ...keys.filter(isAscii)).filter((m) => m.aliases.length > 0 || keys.some((key) => hasFileNameKey(m.path, key))),
    has: (path) => db.prepare("SELECT 1 AS x FROM docs WHERE path = ?").get(path) !== undefined,
    hasId: (id) => db.prepare("SELECT 1 AS x FROM docs WHERE atom_id = ?").get(id) !== undefined,
    entry: (path) => {
      const row = db.atom(path);
      return row ? toManifestEntry(row.atom) : null;
    },
  };
}

// The atoms with one of `tags`, each read with its path, tags and status only: a common tag is on a fifth of a large
// vault, and the related links read the text (name, description, aliases) of the first few in their order only.
function taggedRows(db: IndexDb, tags: readonly string[]): DirectoryEntry[] {
  const rows = db.prepare(`SELECT path, tags, status FROM docs WHERE ${tags.map(() => "instr(tags, ?) > 0").join(" OR ")} ORDER BY path`).all(...tags.map((t) => framedTags([t]))) as Record<string, string>[];
  const text = (path: string) => entryOf(db.prepare(`${ENTRY} WHERE path = ?`).get(path) as Record<string, string>);
  return rows.map((r) => new TaggedEntry(r.path!, unframedTags(r.tags!), r.status!, text));
}

/** An atom found by its tags, whose text is read from the database when first asked for. */
class TaggedEntry implements DirectoryEntry {
  #text: DirectoryEntry | undefined;
  constructor(
    readonly path: string,
    readonly tags: string[],
    readonly status: string,
    private readonly read: (path: string) => DirectoryEntry,
  ) {}
  get name(): string {
    return (this.#text ??= this.read(this.path)).name;
  }
  get description(): string {
    return (this.#text ??= this.read(this.path)).description;
  }
  get aliases(): string[] {
    return (this.#text ??= this.read(this.path)).aliases;
  }
}

// The rows that may have one of `keys` as file name key, for SQL to find without a call per row: those with aliases,
// those whose path holds an ASCII key (SQLite's lower() folds ASCII only), and those with a character outside ASCII
// (more bytes than characters: JavaScript lower-cases some of them to ASCII); each is then checked in JavaScript.
function namedWhere(keys: readonly string[]): string {
  return `WHERE aliases <> '[]' OR octet_length(path) <> length(path)${keys.filter(isAscii).map(() => " OR instr(lower(path), ?) > 0").join("")}`;
}

function entryOf(r: Record<string, string>): DirectoryEntry {
  return { path: r.path!, name: r.name!, description: r.description!, tags: unframedTags(r.tags!), aliases: JSON.parse(r.aliases!) as string[], status: r.status! };
}
