/** The atom types of the schema; `unknown` is what a file without a valid `type` gets. */
export const ATOM_TYPES = [
  "rule", "insight", "incident", "project", "person", "reference", "decision",
  "lesson", "event", "loss", "win", "concept", "feedback", "user",
] as const;

/** One of {@link ATOM_TYPES}. */
export type AtomType = (typeof ATOM_TYPES)[number];

/** The lifecycle states of an atom. */
export const ATOM_STATUSES = ["active", "review", "archived", "superseded"] as const;

/** One of {@link ATOM_STATUSES}. */
export type AtomStatus = (typeof ATOM_STATUSES)[number];

/** A problem found while reading a file: reported, never fatal. */
export interface Diagnostic {
  /** Vault-relative POSIX path of the file. */
  file: string;
  /** 1-based line the problem is on (1 when it concerns the whole file). */
  line: number;
  /** Stable rule id, e.g. `frontmatter-yaml`, `field-type`, `not-utf8`. */
  rule: string;
  /** One-line human explanation. */
  message: string;
  /** `error` for content that could not be used; `warning` for content that was repaired. */
  severity: "error" | "warning";
}

/**
 * An atom as the indexes record it: the normalized frontmatter plus what
 * was inferred from the path and the text. Every field has a value.
 */
export interface Atom {
  /** Vault-relative POSIX path, e.g. `decisions/deploy_freeze.md`. */
  path: string;
  /** Frontmatter `id`, or null when the file has none. */
  id: string | null;
  name: string;
  /** A schema type, or `unknown` (or the file's own unlisted value, reported as a warning). */
  type: string;
  project: string;
  status: string;
  /** YYYY-MM-DD. */
  created: string;
  /** YYYY-MM-DD. */
  updated: string;
  /** Lowercase, de-duplicated, in order of first appearance (frontmatter, then #hashtags). */
  tags: string[];
  /** Frontmatter `aliases` (Obsidian). */
  aliases: string[];
  /** Frontmatter `links`, with `[[…]]` brackets removed. */
  links: string[];
  /** Frontmatter description, else the first prose line of the body; at most 150 chars. */
  description: string;
  /** Lines in the file. */
  lines: number;
  size_bytes: number;
  confidence: number | null;
  pnl_impact: number | null;
  /** Frontmatter `superseded_by`, when set. */
  superseded_by: string | null;
}

/** What {@link parseAtom} returns: the atom, its outgoing link targets, and the problems found. */
export interface ParsedAtom {
  atom: Atom;
  /** Raw link targets in order of appearance: wikilinks (reduced to the target) and backtick `x/y.md` paths. */
  targets: string[];
  diagnostics: Diagnostic[];
}

/** File facts the parser cannot read from the text itself. */
export interface FileFacts {
  /** Vault-relative POSIX path. */
  path: string;
  /** Modification time in ms since the epoch; gives `created`/`updated` when frontmatter lacks them. */
  mtimeMs: number;
  /** Size in bytes; defaults to the UTF-8 length of the text. */
  size?: number;
}
