import type { ManifestEntry } from "../indexes/types.js";
import type { LinkResolution, LinkResolver, LinkResolverOptions } from "./types.js";

const NONE: LinkResolution = { path: null, ambiguous: [], via: null };

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
 * @param manifest - the atoms (only `path` and `aliases` are read).
 * @param options - `otherFiles`: non-atom files links may open (MEMORY.md, images).
 * @example
 * const resolver = buildLinkResolver(indexes.manifest);
 * resolver.resolve("Release calendar", "_moc/ops.md").path // "reference/Release calendar.md"
 */
export function buildLinkResolver(manifest: readonly Pick<ManifestEntry, "path" | "aliases">[], options: LinkResolverOptions = {}): LinkResolver {
  const exact = new Map<string, string>();
  const folded = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  const byAlias = new Map<string, string[]>();
  const files = [...manifest.map((m) => m.path), ...(options.otherFiles ?? [])];
  for (const path of files) {
    const key = dropMd(path);
    if (!exact.has(key)) exact.set(key, path);
    add(folded, key.toLowerCase(), path);
    add(byName, key.slice(key.lastIndexOf("/") + 1).toLowerCase(), path);
  }
  for (const m of manifest) for (const alias of m.aliases) add(byAlias, alias.trim().toLowerCase(), m.path);
  for (const map of [folded, byName, byAlias]) for (const list of map.values()) list.sort(shortestFirst);
  const memo = new Map<string, LinkResolution>();

  function resolveAbsolute(target: string): LinkResolution {
    const cached = memo.get(target);
    if (cached) return cached;
    const key = dropMd(target.replace(/^\/+/, ""));
    const lower = key.toLowerCase();
    let result: LinkResolution = NONE;
    const hit = exact.get(key);
    if (hit !== undefined) result = { path: hit, ambiguous: [], via: "path" };
    else {
      const named = (byName.get(lower.slice(lower.lastIndexOf("/") + 1)) ?? []).filter((p) => endsWithPath(dropMd(p).toLowerCase(), lower));
      if (named.length > 0) result = pick(named, "name");
      else if (byAlias.has(target.trim().toLowerCase())) result = pick(byAlias.get(target.trim().toLowerCase())!, "alias");
    }
    memo.set(target, result);
    return result;
  }

  return {
    resolve(raw: string, fromPath: string): LinkResolution {
      const target = raw.trim().replace(/\\/g, "/");
      if (target === "") return { path: fromPath, ambiguous: [], via: "self" };
      if (target.startsWith("./") || target.startsWith("../")) {
        const joined = joinRelative(fromPath, target);
        const list = joined === null ? undefined : folded.get(dropMd(joined).toLowerCase());
        return list ? { path: list[0]!, ambiguous: [], via: "relative" } : NONE;
      }
      return resolveAbsolute(target);
    },
  };
}

function pick(paths: string[], via: LinkResolution["via"]): LinkResolution {
  return { path: paths[0]!, ambiguous: paths.length > 1 ? [...paths] : [], via };
}

function add(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (list) {
    if (!list.includes(path)) list.push(path);
  } else map.set(key, [path]);
}

/** Shortest path first, then code-unit order. */
function shortestFirst(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function dropMd(path: string): string {
  return path.toLowerCase().endsWith(".md") ? path.slice(0, -3) : path;
}

function endsWithPath(path: string, suffix: string): boolean {
  return path === suffix || path.endsWith(`/${suffix}`);
}

/** `a/b/note.md` + `../c` → `a/c`; null when it climbs above the vault. */
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
