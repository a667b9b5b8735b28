import type { ManifestEntry } from "../indexes/types.js";
import { buildFileMatcher, isAmbiguous, matchedFile, matchedVia, NO_MATCH, SELF, type FileMatcher } from "./file-matcher.js";
import type { LinkResolution, LinkResolver, LinkResolverOptions } from "./types.js";

/** The `ambiguous` list of every unambiguous result: one shared, frozen array. */
const NO_CANDIDATES = Object.freeze([]) as unknown as string[];
const NONE: LinkResolution = Object.freeze({ path: null, ambiguous: NO_CANDIDATES, via: null });

/**
 * Builds the one link resolver that the graph, `link`, `check`, `mv` and the
 * MCP server share. Pure. Obsidian's rules, in order:
 *
 * 1. an empty target (`[[#heading]]`) is the linking note itself;
 * 2. `./x` and `../x` are relative to the linking note's folder;
 * 3. the exact vault path, with or without `.md`;
 * 4. the file name, case-insensitive, optionally with trailing folders
 *    (`Statuses/About Statuses`): when several files match, the shortest path
 *    wins (then code-unit order) and all of them are reported as ambiguous;
 * 5. a frontmatter `aliases` entry, case-insensitive (Obsidian only suggests
 *    aliases; cortex also follows them, after every file match).
 *
 * @param manifest - the atoms (only `path` and `aliases` are read, when the resolver is built).
 * @param options - `otherFiles`: non-atom files links may open (MEMORY.md, images).
 * @example
 * const resolver = buildLinkResolver(indexes.manifest);
 * resolver.resolve("Release calendar", "_moc/ops.md").path // "reference/Release calendar.md"
 */
export function buildLinkResolver(manifest: readonly Pick<ManifestEntry, "path" | "aliases">[], options: LinkResolverOptions = {}): LinkResolver {
  return resolverOf(buildFileMatcher(manifest, options.otherFiles));
}

/** The public face of a {@link FileMatcher}: each match as a {@link LinkResolution}. */
export function resolverOf(matcher: FileMatcher): LinkResolver {
  return {
    resolve(raw: string, fromPath: string): LinkResolution {
      const match = matcher.match(raw, fromPath);
      if (match === NO_MATCH) return NONE;
      if (match === SELF) return { path: fromPath, ambiguous: NO_CANDIDATES, via: "self" };
      const ambiguous = isAmbiguous(match) ? [...matcher.candidates(raw)] : NO_CANDIDATES;
      return { path: matcher.files[matchedFile(match)]!, ambiguous, via: matchedVia(match) };
    },
  };
}
