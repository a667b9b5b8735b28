import type { ManifestEntry } from "../indexes/types.js";
import type { MutationOutcome } from "../git/types.js";
import type { Atom } from "../atoms/types.js";
import type { CortexConfig } from "../config/types.js";

/** What a new atom is made of. Only `name`, `type` and `project` are required. */
export interface WriteInput {
  /** Title; whitespace runs (newlines included) become one space. At most 200 chars. */
  name: string;
  /** One of the schema types (`rule`, `insight`, `decision`, …). */
  type: string;
  /** Must be in `[projects] names` when that list is set. */
  project: string;
  /** Lowercase `[a-z0-9_:/-]`, at most 20, each at most 100 chars. A leading `#` is dropped and case folded. */
  tags?: string[];
  /** Markdown body, written under a `# Name` heading. At most 50,000 chars. */
  body?: string;
  /** Vault-relative folder; default by type (`rules/`, `insights/`, … else `atoms/`). */
  dir?: string;
  /** One of the statuses; default `active`. */
  status?: string;
  /** One line, at most 150 chars. */
  description?: string;
  /** 0..1. */
  confidence?: number;
  /** Domain-specific numeric impact. */
  pnl_impact?: number;
  /** Link targets (wikilink targets, `[[…]]` optional). Related atoms are added after them. */
  links?: string[];
}

/**
 * What the commands that change the vault take alike (write, supersede,
 * update, import, migrate, consolidate, link, move): the settings, the day,
 * and how the change is made. Each command takes the fields it names.
 */
export interface ChangeOptions {
  config: CortexConfig;
  /** YYYY-MM-DD the change is made on: the `updated` (and `created`) it writes, the day the index is brought up to date for. */
  today: string;
  /** Commit the changed files with git; default `[git] commit` of the config. */
  commit?: boolean;
  /** Run every check and report what would be written, writing nothing. Default false. */
  dryRun?: boolean;
  /** Clock for event timestamps. Default `() => new Date()`. */
  now?: () => Date;
  /** How long to wait for the vault lock. Default 60 s. */
  lockTimeoutMs?: number;
}

/** How {@link writeAtom} runs. */
export interface WriteOptions extends ChangeOptions {
  /** Write even when a near-duplicate exists. Default false. */
  force?: boolean;
  /**
   * Vault-relative path of an atom the new one is about to supersede: it is
   * left out of the near-duplicate check (seed 003: an update is a supersede
   * by a near-duplicate). Every other live atom is still checked. Default none.
   */
  replacing?: string;
  /**
   * Path, id or name of an atom the new one replaces, in the same transaction
   * (one index update): checked before anything is written (it exists and is
   * not superseded), left out of the near-duplicate check (as `replacing`),
   * and marked superseded by the new atom once it is written.
   */
  supersedes?: string;
  /** Add related atoms to `links`. Default true. */
  related?: boolean;
  /** Checked once the vault lock is held, before anything is written: an aborted signal writes nothing (throws its reason). */
  signal?: AbortSignal;
}

/** What the write path needs to know of each indexed atom (the name and description lower-cased). */
export type DirectoryEntry = Pick<ManifestEntry, "path" | "name" | "description" | "tags" | "aliases" | "status">;

/**
 * The atoms of the index as the write path reads them (`atomDirectory`), without building the manifest:
 * looked up by what a write asks (tags, words, file names), so that a write need not make an entry per atom.
 * Each lookup gives atoms of any status, in path order, each once.
 */
export interface AtomDirectory {
  /** Every atom, in path order (made on the first call; for the checks that need them all). */
  entries(): readonly DirectoryEntry[];
  /** How many atoms are live (not superseded, not archived). */
  live: number;
  /** The atoms that have one of `tags` (lower-case, without `#`). */
  withTags(tags: readonly string[]): readonly DirectoryEntry[];
  /** The atoms whose name or description may hold one of `needles` (lower-case; more may be given), and every atom with aliases. */
  containing(needles: readonly string[]): readonly DirectoryEntry[];
  /** The atoms whose file name key (`fileNameKey`) is one of `keys`, and every atom with aliases: those that can answer a link to such a name. */
  named(keys: readonly string[]): readonly DirectoryEntry[];
  /** Whether an atom of the index has this path. */
  has(path: string): boolean;
  /** Whether an atom of the index has this id. */
  hasId(id: string): boolean;
  /** The whole manifest entry of one atom (its name as written, …); null when the index has none. */
  entry(path: string): ManifestEntry | null;
}

/** What {@link writeAtom} wrote. */
export interface WriteResult extends MutationOutcome {
  /** Vault-relative path of the new file. */
  path: string;
  id: string;
  /** The atom's `links`: the given ones, then the related atoms found. */
  links: string[];
  /** The related atoms added to `links`, best first. */
  related: string[];
  /** The file's text, on a dry run only. */
  content?: string;
  /** True when this write repeated one whose atom was written but not indexed (a retry after a full disk): that atom is the result, nothing new was written. */
  alreadyWritten?: boolean;
  /** The atom `supersedes` named, now superseded by this one. */
  superseded?: string;
}

/** A write input after validation: every field normalized and present. */
export type ValidWrite = Pick<Atom, "name" | "type" | "project" | "status" | "tags" | "confidence" | "pnl_impact" | "links"> & {
  body: string;
  /** Normalized vault-relative POSIX folder, or null for the type's default. */
  dir: string | null;
  description: string | null;
};

/** The frontmatter fields of a new atom (written in schema order: id, name, type, project, status, created, updated, tags, links, then the optional ones). */
export type AtomFrontmatter = Pick<Atom, "name" | "type" | "project" | "status" | "created" | "updated" | "tags" | "links"> & {
  id: string;
  description?: string;
  confidence?: number;
  pnl_impact?: number;
  /** Other names the note answers to as a link (`[[Priya Raman]]`); Obsidian's key. */
  aliases?: string[];
};

/** What to supersede, by path, id or unique name. */
export interface SupersedeInput {
  /** The stale atom. */
  old: string;
  /** Its replacement; omitted to retire `old` with no replacement. */
  by?: string;
  /** Why, kept as `superseded_reason` on the old atom. */
  reason?: string;
}

/** How {@link supersedeAtom} runs. */
export interface SupersedeOptions extends ChangeOptions {
  /** Checked once the vault lock is held, before anything is written: an aborted signal writes nothing (throws its reason). */
  signal?: AbortSignal;
}

/** What {@link supersedeAtom} changed (vault-relative paths). */
export interface SupersedeResult extends MutationOutcome {
  old: string;
  by: string | null;
  /** Set on a dry run: nothing was written. */
  dry_run?: true;
}

/** The `[write]` settings of cortex.toml. */
export interface WriteSettings {
  /** Similarity (0..1) at or above which a write is refused as a near-duplicate. Default 0.6. */
  duplicateThreshold: number;
  /** How many related atoms are added to `links`. Default 3. */
  related: number;
  /** Days an atom may stay in `review` before consolidate lists it. Default 30. */
  reviewDays: number;
}
