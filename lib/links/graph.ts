import { compareStrings } from "../util/compare.js";
import type { GroupIndex, ManifestEntry } from "../indexes/types.js";
import { buildLinkResolver } from "./resolver.js";
import type { AmbiguousLink, BrokenLink, LinkResolver, LinkResolverOptions, ResolvedGraph } from "./types.js";

/**
 * Resolves the raw link graph (`index/graph.json`): edges between atoms,
 * backlinks, and the targets that are broken or ambiguous. Pure and
 * deterministic. Self-links are not edges. A target listed in `codeRefs` for
 * its source came only from inline code: an edge when the file exists,
 * otherwise plain code (never broken).
 *
 * @param manifest - the atoms.
 * @param graph - source path → raw targets.
 * @param codeRefs - source path → the targets that are inline-code paths only. Default none.
 * @example
 * const { edges, backlinks, broken } = resolveGraph(indexes.manifest, indexes.graph);
 */
export function resolveGraph(
  manifest: readonly Pick<ManifestEntry, "path" | "aliases">[],
  graph: Readonly<GroupIndex>,
  codeRefs: Readonly<GroupIndex> = {},
  options: LinkResolverOptions & { resolver?: LinkResolver } = {},
): ResolvedGraph {
  const resolver = options.resolver ?? buildLinkResolver(manifest, options);
  const atoms = new Set(manifest.map((m) => m.path));
  const edges: GroupIndex = {};
  const incoming = new Map<string, string[]>();
  const broken: BrokenLink[] = [];
  const ambiguous: AmbiguousLink[] = [];
  // Sources in order, so each backlink list is built already sorted; few allocations per link (100k atoms).
  for (const from of Object.keys(graph).sort(compareStrings)) {
    const code = Object.hasOwn(codeRefs, from) ? codeRefs[from]! : null;
    const targets = graph[from]!;
    const out: string[] = [];
    for (const target of targets.length > 1 ? [...targets].sort(compareStrings) : targets) {
      const r = resolver.resolve(target, from);
      if (r.path === null) {
        if (!code?.includes(target)) broken.push({ from, target });
        continue;
      }
      if (r.ambiguous.length > 0) ambiguous.push({ from, target, path: r.path, candidates: r.ambiguous });
      if (r.path === from || !atoms.has(r.path) || out.includes(r.path)) continue;
      out.push(r.path);
      const list = incoming.get(r.path);
      if (list === undefined) incoming.set(r.path, [from]);
      else list.push(from);
    }
    if (out.length > 0) edges[from] = out.length > 1 ? out.sort(compareStrings) : out;
  }
  const backlinks: GroupIndex = {};
  for (const to of [...incoming.keys()].sort(compareStrings)) backlinks[to] = incoming.get(to)!;
  return { edges, backlinks, broken, ambiguous };
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
