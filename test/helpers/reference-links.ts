// The link resolver and graph as they were before they were optimized (plain
// maps, one result object per link, everything sorted): the reference that
// test/link-resolution.test.ts compares the fast implementation against.
import type { GroupIndex, ManifestEntry } from "../../lib/core/indexes/types.js";
import type { AmbiguousLink, BrokenLink, LinkResolution, LinkResolver, ResolvedGraph } from "../../lib/core/links/types.js";

type Entry = Pick<ManifestEntry, "path" | "aliases">;
const NONE: LinkResolution = { path: null, ambiguous: [], via: null };
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Reference resolver: the same rules as `buildLinkResolver`, written the simple way. */
export function referenceResolver(manifest: readonly Entry[], otherFiles: readonly string[] = []): LinkResolver {
  const exact = new Map<string, string>();
  const folded = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  const byAlias = new Map<string, string[]>();
  for (const path of [...manifest.map((m) => m.path), ...otherFiles]) {
    const key = dropMd(path);
    if (!exact.has(key)) exact.set(key, path);
    add(folded, key.toLowerCase(), path);
    add(byName, key.slice(key.lastIndexOf("/") + 1).toLowerCase(), path);
  }
  for (const m of manifest) for (const alias of m.aliases) add(byAlias, alias.trim().toLowerCase(), m.path);
  for (const map of [folded, byName, byAlias]) for (const list of map.values()) list.sort(shortestFirst);
  const pick = (paths: string[], via: LinkResolution["via"]): LinkResolution => ({ path: paths[0]!, ambiguous: paths.length > 1 ? [...paths] : [], via });
  const absolute = (target: string): LinkResolution => {
    const key = dropMd(target.replace(/^\/+/, ""));
    const lower = key.toLowerCase();
    const hit = exact.get(key);
    if (hit !== undefined) return { path: hit, ambiguous: [], via: "path" };
    const named = (byName.get(lower.slice(lower.lastIndexOf("/") + 1)) ?? []).filter((p) => endsWithPath(dropMd(p).toLowerCase(), lower));
    if (named.length > 0) return pick(named, "name");
    const aliased = byAlias.get(target.trim().toLowerCase());
    return aliased ? pick(aliased, "alias") : NONE;
  };
  return {
    resolve(raw: string, fromPath: string): LinkResolution {
      const target = raw.trim().replace(/\\/g, "/");
      if (target === "") return { path: fromPath, ambiguous: [], via: "self" };
      if (target.startsWith("./") || target.startsWith("../")) {
        const joined = joinRelative(fromPath, target);
        const list = joined === null ? undefined : folded.get(dropMd(joined).toLowerCase());
        return list ? { path: list[0]!, ambiguous: [], via: "relative" } : NONE;
      }
      return absolute(target);
    },
  };
}

/** Reference graph resolution: every source and every target sorted, backlinks re-sorted by key. */
export function referenceGraph(manifest: readonly Entry[], graph: Readonly<GroupIndex>, codeRefs: Readonly<GroupIndex> = {}, otherFiles: readonly string[] = []): ResolvedGraph {
  const resolver = referenceResolver(manifest, otherFiles);
  const atoms = new Set(manifest.map((m) => m.path));
  const edges: GroupIndex = {};
  const incoming = new Map<string, string[]>();
  const broken: BrokenLink[] = [];
  const ambiguous: AmbiguousLink[] = [];
  for (const from of Object.keys(graph).sort(compare)) {
    const out: string[] = [];
    for (const target of [...graph[from]!].sort(compare)) {
      const r = resolver.resolve(target, from);
      if (r.path === null) {
        if (!(Object.hasOwn(codeRefs, from) ? codeRefs[from]! : []).includes(target)) broken.push({ from, target });
        continue;
      }
      if (r.ambiguous.length > 0) ambiguous.push({ from, target, path: r.path, candidates: r.ambiguous });
      if (r.path === from || !atoms.has(r.path) || out.includes(r.path)) continue;
      out.push(r.path);
      incoming.set(r.path, [...(incoming.get(r.path) ?? []), from]);
    }
    if (out.length > 0) edges[from] = out.sort(compare);
  }
  const backlinks: GroupIndex = {};
  for (const to of [...incoming.keys()].sort(compare)) backlinks[to] = incoming.get(to)!;
  return { edges, backlinks, broken, ambiguous };
}

function add(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [path]);
  else if (!list.includes(path)) list.push(path);
}

function shortestFirst(a: string, b: string): number {
  return a.length - b.length || compare(a, b);
}

function dropMd(path: string): string {
  return path.toLowerCase().endsWith(".md") ? path.slice(0, -3) : path;
}

function endsWithPath(path: string, suffix: string): boolean {
  return path === suffix || path.endsWith(`/${suffix}`);
}

function joinRelative(fromPath: string, target: string): string | null {
  const parts = fromPath.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "." || part === "") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}
