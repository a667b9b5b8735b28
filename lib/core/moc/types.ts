import type { CortexConfig } from "../config/types.js";
import type { MutationOutcome } from "../git/types.js";
import type { ChangeOptions } from "../write/types.js";
import type { ManifestEntry } from "../indexes/types.js";
import type { LinkResolver, ResolvedGraph } from "../links/types.js";

/** A marker pair `<!-- AUTO:name -->` … `<!-- /AUTO:name -->` found in a text. */
export interface MarkerSection {
  name: string;
  /** 1-based line of the opening marker. */
  line: number;
  /** Offset just after the opening marker. */
  contentStart: number;
  /** Offset of the closing marker. */
  contentEnd: number;
}

/** Why a marker section was left as it was. */
export interface MarkerProblem {
  name: string;
  /** 1-based line of the marker concerned. */
  line: number;
  /** `unclosed`, `missing-open`, `duplicated`, `nested`, `unknown-section`, `bad-content`, or a collector's own failure (`collector-failed`). */
  kind: string;
  message: string;
}

/** What {@link replaceMarkers} returns. */
export interface MarkerReplacement {
  text: string;
  problems: MarkerProblem[];
}

/** Everything a collector may use to fill one section of one MOC. */
export interface CollectorContext {
  /** Vault-relative path of the MOC being refreshed (`MEMORY.md`, `_moc/ops.md`). */
  moc: string;
  /** The MOC's own project (its frontmatter or folder), or null for MEMORY.md and MOCs without one: then the whole vault. */
  project: string | null;
  /** YYYY-MM-DD. */
  today: string;
  config: CortexConfig;
  manifest: readonly ManifestEntry[];
  /** The resolved link graph (broken links with their lines). */
  links: ResolvedGraph;
  resolver: LinkResolver;
  /** The section's marker name. */
  name: string;
}

/** Fills a section: returns its new content (markdown, without the markers). May throw; the section is then left as it was. */
export type Collector = (ctx: CollectorContext) => string;

/** Options of `refreshMocs`. */
export interface RefreshOptions extends Pick<ChangeOptions, "config" | "today" | "dryRun" | "commit"> {
  /** Extra collectors by marker name; they win over built-ins and `[moc.commands]`. */
  collectors?: Record<string, Collector>;
  /** Only these MOCs (vault-relative). Default: MEMORY.md and every `_moc/*.md`. */
  files?: string[];
  /** How long to wait for the vault lock. Default 15 s. */
  lockTimeoutMs?: number;
  /** Called between reading a MOC and writing it (tests use it to play an editor saving meanwhile). */
  beforeWrite?: (path: string) => void;
}

/** What happened to one MOC. */
export interface MocFileResult {
  path: string;
  /** True when its text would change (or did). */
  changed: boolean;
  /** True when the new text was written. */
  written: boolean;
  /** Sections refreshed (their content may be unchanged). */
  sections: string[];
  problems: MarkerProblem[];
}

/** What `refreshMocs` did. */
export interface RefreshResult extends MutationOutcome {
  files: MocFileResult[];
  /** Paths written (none with `dryRun`). */
  written: string[];
  /** Problems of every file, with its path. */
  problems: (MarkerProblem & { file: string })[];
}
