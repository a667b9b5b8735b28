import type { GroupIndex } from "../indexes/types.js";

/** What a link target resolves to. */
export interface LinkResolution {
  /** Vault-relative path of the file the link opens, or null when nothing matches. */
  path: string | null;
  /** Every matching path (shortest first) when the target matched more than one file; else empty. */
  ambiguous: string[];
  /** How it matched: the exact path, a path relative to the linking note, the file name (with an optional folder suffix), an alias, or the note itself. */
  via: "path" | "relative" | "name" | "alias" | "self" | null;
}

/** Resolves link targets the way Obsidian does; built once per manifest by {@link buildLinkResolver}. */
export interface LinkResolver {
  /**
   * Resolves a raw target (`Note`, `folder/Note`, `Note.md`, `../Note`, `` for a
   * self-link) as written in a note at `fromPath`.
   */
  resolve(target: string, fromPath: string): LinkResolution;
}

/** Options of {@link buildLinkResolver}. */
export interface LinkResolverOptions {
  /** Other vault files links may open (MEMORY.md, images, PDFs): vault-relative paths. Default none. */
  otherFiles?: readonly string[];
}

/** A link whose target matches no file. */
export interface BrokenLink {
  /** Path of the linking note. */
  from: string;
  /** The raw target as written. */
  target: string;
  /** 1-based line of the link, when known (the index keeps no lines; `cortex check` reads them). */
  line?: number;
}

/** A link whose bare name matches several files; it opens the shortest path. */
export interface AmbiguousLink extends BrokenLink {
  /** The file it opens. */
  path: string;
  /** Every match, shortest path first. */
  candidates: string[];
}

/** The link graph with every raw target resolved. */
export interface ResolvedGraph {
  /** Source path → the atoms it links to (sorted, distinct, self-links left out). */
  edges: GroupIndex;
  /** Target path → the atoms that link to it (sorted, distinct). */
  backlinks: GroupIndex;
  /**
   * Targets that resolve to nothing, by source then target. The raw graph does
   * not say which targets are inline-code paths (code, not links, when they
   * name no file): pass them as `codeRefs`, or use `loadVaultLinks`, which
   * reads the files and drops them.
   */
  broken: BrokenLink[];
  /** Targets that matched several files, by source then target. */
  ambiguous: AmbiguousLink[];
}

/** Where a link sits in a note's text, as {@link findLinks} reports it. */
export interface LinkOccurrence {
  /** `wikilink` (`[[…]]` or `![[…]]` in the body), `code` (an inline-code `.md` path), `frontmatter` (an item of a frontmatter property). */
  kind: "wikilink" | "code" | "frontmatter";
  /** The target part: before `#` and `|`, trimmed. */
  target: string;
  /** `#heading` or `#^block` part, with the `#`, or empty. */
  subpath: string;
  /** Display text after `|` (or `\|` in tables), or null. */
  alias: string | null;
  /** True for `![[…]]`. */
  embed: boolean;
  /** 1-based line in the file. */
  line: number;
  /** Offset in the file text of the first character of the link (`!`, `[` or the opening backtick); -1 for frontmatter items. */
  start: number;
  /** Offset just after the link; -1 for frontmatter items. */
  end: number;
  /** Offsets of the target text itself (what `mv` replaces); -1 for frontmatter items. */
  targetStart: number;
  targetEnd: number;
  /** The link exactly as written (`[[a|b]]`, `` `a.md` ``, or the frontmatter value). */
  raw: string;
  /** For `frontmatter`: the property it is in. */
  key?: string;
}
