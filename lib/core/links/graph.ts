import { compareStrings } from "../util/compare.js";
import type { GroupIndex, ManifestEntry } from "../indexes/types.js";
import { EdgeLog } from "./backlinks.js";
import { buildFileMatcher, isAmbiguous, matchedFile, NO_MATCH, packMatch, SELF, type FileMatcher } from "./file-matcher.js";
import { resolverOf } from "./resolver.js";
import type { AmbiguousLink, BrokenLink, LinkResolver, LinkResolverOptions, ResolvedGraph } from "./types.js";

/**
 * Resolves the raw link graph (`index/graph.json`): edges between atoms,
 * backlinks, and the targets that are broken or ambiguous. Pure and
 * deterministic: the order of `graph`'s keys and of each source's targets
 * does not change the result (nor does the manifest's, except which of
 * `a.md` and `a.MD` the exact path `a` opens: the first listed). Self-links are not edges. A
 * target listed in `codeRefs` for its source came only from inline code: an
 * edge when the file exists, otherwise plain code (never broken).
 *
 * Fastest when `manifest` is sorted by path, `graph`'s keys were inserted in
 * path order (as `buildIndexes` does) and no `resolver` is passed: then
 * nothing is sorted but each source's own edges, and a link costs one lookup.
 *
 * @param manifest - the atoms.
 * @param graph - source path → raw targets.
 * @param codeRefs - source path → the targets that are inline-code paths only. Default none.
 * @param options - `otherFiles` (see {@link buildLinkResolver}), or a `resolver` already built for this manifest.
 * @example
 * const { edges, backlinks, broken } = resolveGraph(indexes.manifest, indexes.graph);
 */
export function resolveGraph(
  manifest: readonly Pick<ManifestEntry, "path" | "aliases">[],
  graph: Readonly<GroupIndex>,
  codeRefs: Readonly<GroupIndex> = {},
  options: LinkResolverOptions & { resolver?: LinkResolver } = {},
): ResolvedGraph {
  return resolveSourceList(manifest, Object.keys(graph), Object.values(graph), codeRefs, options);
}

/**
 * {@link resolveGraph} with the sources as two parallel lists, distinct
 * paths and their raw targets, as `buildIndexes` has them (in path order:
 * then they are not sorted again).
 */
export function resolveSourceList(
  manifest: readonly Pick<ManifestEntry, "path" | "aliases">[],
  sourceList: readonly string[],
  targetList: readonly (readonly string[])[],
  codeRefs: Readonly<GroupIndex> = {},
  options: LinkResolverOptions & { resolver?: LinkResolver } = {},
): ResolvedGraph {
  const { sources, targets } = inPathOrder(sourceList, targetList);
  const state: GraphState = { ...matcherFor(manifest, options), log: new EdgeLog(manifest.length, sources.length), scratch: [], broken: [], ambiguous: [] };
  const edges: GroupIndex = {};
  // Sources in order, so each backlink list comes out sorted.
  for (let i = 0; i < sources.length; i++) {
    const from = sources[i]!;
    const out = resolveSource(state, from, targets[i]!, Object.hasOwn(codeRefs, from) ? codeRefs[from]! : null);
    if (out !== null) edges[from] = out;
  }
  const backlinks = state.log.backlinks(sources, state.matcher.files, positionsByPath(manifest));
  return { edges, backlinks, broken: state.broken, ambiguous: state.ambiguous };
}

/** What {@link resolveGraph} needs of a matcher: files numbered like the manifest, atoms first. */
type GraphMatcher = Pick<FileMatcher, "files" | "atomCount" | "match">;

/** What {@link resolveGraph} accumulates while it walks the sources. */
interface GraphState {
  matcher: GraphMatcher;
  /** For the details of an ambiguous link. */
  resolver: LinkResolver;
  log: EdgeLog;
  /** Reused buffer for one source's edges (sorted, distinct), never shrunk. */
  scratch: string[];
  broken: BrokenLink[];
  ambiguous: AmbiguousLink[];
}

/**
 * Resolves one source's targets: logs its edges, records its broken and
 * ambiguous links (those two sorted by target), and returns its edges,
 * sorted, or null when it has none.
 */
function resolveSource(state: GraphState, from: string, targets: readonly string[], code: readonly string[] | null): string[] | null {
  const { matcher, log, scratch, broken, ambiguous } = state;
  const firstBroken = broken.length;
  const firstAmbiguous = ambiguous.length;
  let count = 0;
  for (const target of targets) {
    const match = matcher.match(target, from);
    if (match === NO_MATCH) {
      if (code === null || !code.includes(target)) broken.push({ from, target });
      continue;
    }
    if (match === SELF) continue;
    if (isAmbiguous(match)) ambiguous.push(ambiguity(state.resolver, from, target));
    const file = matchedFile(match);
    const path = matcher.files[file]!;
    if (file < matcher.atomCount && path !== from && insertSorted(scratch, count, path)) {
      count++;
      log.add(file);
    }
  }
  log.endSource();
  sortTailByTarget(broken, firstBroken);
  sortTailByTarget(ambiguous, firstAmbiguous);
  return count > 0 ? scratch.slice(0, count) : null;
}

function ambiguity(resolver: LinkResolver, from: string, target: string): AmbiguousLink {
  const r = resolver.resolve(target, from);
  return { from, target, path: r.path!, candidates: r.ambiguous };
}

/** The caller's resolver, adapted, or a matcher built for `manifest` (faster: no result object per link). */
function matcherFor(
  manifest: readonly Pick<ManifestEntry, "path" | "aliases">[],
  options: LinkResolverOptions & { resolver?: LinkResolver },
): Pick<GraphState, "matcher" | "resolver"> {
  if (options.resolver) return { matcher: adaptResolver(options.resolver, manifest), resolver: options.resolver };
  const matcher = buildFileMatcher(manifest, options.otherFiles);
  return { matcher, resolver: resolverOf(matcher) };
}

/**
 * A caller's resolver seen as a {@link GraphMatcher}: atoms numbered by their
 * first position in the manifest, any other file it opens as `atomCount`.
 */
function adaptResolver(resolver: LinkResolver, manifest: readonly Pick<ManifestEntry, "path">[]): GraphMatcher {
  const files = manifest.map((m) => m.path);
  const atoms = new Map<string, number>();
  for (let i = 0; i < files.length; i++) if (!atoms.has(files[i]!)) atoms.set(files[i]!, i);
  return {
    files,
    atomCount: files.length,
    match(raw: string, fromPath: string): number {
      const r = resolver.resolve(raw, fromPath);
      if (r.path === null) return NO_MATCH;
      return packMatch(atoms.get(r.path) ?? files.length, r.ambiguous.length > 0);
    },
  };
}

/** Sources in code-unit order, with their targets; sorted only when they are not in order already. */
function inPathOrder(sources: readonly string[], targets: readonly (readonly string[])[]): { sources: readonly string[]; targets: readonly (readonly string[])[] } {
  for (let i = 1; i < sources.length; i++) {
    if (sources[i - 1]! > sources[i]!) {
      const order = Array.from(sources.keys()).sort((a, b) => compareStrings(sources[a]!, sources[b]!));
      return { sources: order.map((n) => sources[n]!), targets: order.map((n) => targets[n]!) };
    }
  }
  return { sources, targets };
}

/** Manifest positions in path order (stable), sorting only when the manifest is not sorted already. */
function positionsByPath(manifest: readonly Pick<ManifestEntry, "path">[]): number[] {
  const positions = Array.from({ length: manifest.length }, (_, i) => i);
  for (let i = 1; i < manifest.length; i++) {
    if (manifest[i - 1]!.path > manifest[i]!.path) return positions.sort((a, b) => compareStrings(manifest[a]!.path, manifest[b]!.path));
  }
  return positions;
}

/** Inserts `item` into `list[0..count)`, sorted and distinct, unless it is there; true when inserted. No allocation once `list` has grown. */
function insertSorted(list: string[], count: number, item: string): boolean {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const value = list[mid]!;
    if (value === item) return false;
    if (value < item) lo = mid + 1;
    else hi = mid;
  }
  for (let i = count; i > lo; i--) list[i] = list[i - 1]!;
  list[lo] = item;
  return true;
}

/** Stable-sorts `list[start..]` by target, in place (one source's entries: usually none or one). */
function sortTailByTarget(list: { target: string }[], start: number): void {
  for (let i = start + 1; i < list.length; i++) {
    if (list[i - 1]!.target > list[i]!.target) {
      const tail = list.splice(start).sort((a, b) => compareStrings(a.target, b.target));
      for (const entry of tail) list.push(entry);
      return;
    }
  }
}

/** Atoms with no resolved link in or out, sorted. */
export function findOrphans(manifest: readonly Pick<ManifestEntry, "path">[], resolved: Pick<ResolvedGraph, "edges" | "backlinks">): string[] {
  return manifest
    .map((m) => m.path)
    .filter((p) => !Object.hasOwn(resolved.edges, p) && !Object.hasOwn(resolved.backlinks, p))
    .sort(compareStrings);
}

/** Atoms by number of connections (links out + links in), most first, ties by path; at most `top`. */
export function findHubs(resolved: Pick<ResolvedGraph, "edges" | "backlinks">, top = 10): { path: string; out: number; in: number }[] {
  const paths = new Set([...Object.keys(resolved.edges), ...Object.keys(resolved.backlinks)]);
  return [...paths]
    .map((path) => ({ path, out: resolved.edges[path]?.length ?? 0, in: resolved.backlinks[path]?.length ?? 0 }))
    .sort((a, b) => b.out + b.in - (a.out + a.in) || compareStrings(a.path, b.path))
    .slice(0, top);
}
