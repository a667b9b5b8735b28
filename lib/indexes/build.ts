import { compareStrings } from "../util/compare.js";
import type { Atom } from "../atoms/types.js";
import { resolveSourceList } from "../links/graph.js";
import type { GroupIndex, ManifestEntry, VaultIndexes } from "./types.js";

/** An atom with its outgoing link targets: what {@link buildIndexes} needs of a parsed file. */
export interface IndexInput {
  atom: Atom;
  targets: readonly string[];
}

/**
 * Builds the five indexes from parsed atoms, resolves the link graph, and
 * counts each atom's backlinks. Pure and deterministic: the input order does
 * not matter, paths and keys come out sorted.
 *
 * @example
 * const indexes = buildIndexes([parseAtom(text, { path: "a.md", mtimeMs: 0 })]);
 */
export function buildIndexes(inputs: readonly IndexInput[]): VaultIndexes {
  const sorted = [...inputs].sort((a, b) => compareStrings(a.atom.path, b.atom.path));
  // Null-prototype maps: a tag or path named "__proto__" is data like any other.
  const by_project: GroupIndex = Object.create(null);
  const by_type: GroupIndex = Object.create(null);
  const by_tag: GroupIndex = Object.create(null);
  const graph: GroupIndex = Object.create(null);
  const sources: string[] = [];
  const sourceTargets: string[][] = [];
  for (const { atom, targets } of sorted) {
    push(by_project, atom.project, atom.path);
    push(by_type, atom.type, atom.path);
    for (const tag of atom.tags) push(by_tag, tag, atom.path);
    if (targets.length > 0) {
      const copy = (graph[atom.path] = [...targets]);
      if (sources[sources.length - 1] === atom.path) sourceTargets[sourceTargets.length - 1] = copy; // a path given twice: the last wins, as in `graph`
      else {
        sources.push(atom.path);
        sourceTargets.push(copy);
      }
    }
  }
  // Sources in path order: resolving them sorts nothing.
  const resolved = resolveSourceList(sorted.map((i) => i.atom), sources, sourceTargets);
  const manifest = sorted.map((input) => toManifestEntry(input.atom, resolved.backlinks[input.atom.path]?.length ?? 0));
  return { manifest, by_project, by_type, by_tag, graph, links: resolved.edges };
}

/** An atom's manifest record, keys in the documented order; `backlinks` default 0. */
export function toManifestEntry(atom: Atom, backlinks = 0): ManifestEntry {
  return {
    path: atom.path,
    id: atom.id,
    name: atom.name,
    type: atom.type,
    project: atom.project,
    status: atom.status,
    tags: atom.tags,
    updated: atom.updated,
    created: atom.created,
    lines: atom.lines,
    size_bytes: atom.size_bytes,
    description: atom.description,
    aliases: atom.aliases,
    links: atom.links,
    confidence: atom.confidence,
    pnl_impact: atom.pnl_impact,
    superseded_by: atom.superseded_by,
    backlinks,
  };
}


function push(index: GroupIndex, key: string, path: string): void {
  const list = Object.hasOwn(index, key) ? index[key]! : (index[key] = []);
  list.push(path);
}
