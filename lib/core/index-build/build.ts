import { compareStrings } from "../util/compare.js";
import type { Atom } from "../atoms/types.js";
import { resolveSourceList } from "../links/graph.js";
import type { GroupIndex, VaultIndexes } from "../indexes/types.js";
import { toManifestEntry } from "../indexes/manifest-entry.js";

export { toManifestEntry };

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
  const groups = emptyGroups();
  for (const { atom } of sorted) addToGroups(groups, atom);
  const { backlinks, ...links } = linkIndexes(sorted);
  const manifest = sorted.map((input) => toManifestEntry(input.atom, backlinks[input.atom.path]?.length ?? 0));
  return { manifest, ...groups, ...links };
}

/** The three group indexes: paths by project, by type and by tag. */
export type GroupIndexes = Pick<VaultIndexes, "by_project" | "by_type" | "by_tag">;

/** Group indexes with no atom yet (see {@link addToGroups}). */
export function emptyGroups(): GroupIndexes {
  // Null-prototype maps: a tag named "__proto__" is data like any other.
  return { by_project: Object.create(null), by_type: Object.create(null), by_tag: Object.create(null) };
}

/** Adds an atom to the group indexes; atoms added in path order give each list in path order. */
export function addToGroups(groups: GroupIndexes, atom: Pick<Atom, "path" | "project" | "type" | "tags">): void {
  push(groups.by_project, atom.project, atom.path);
  push(groups.by_type, atom.type, atom.path);
  for (const tag of atom.tags) push(groups.by_tag, tag, atom.path);
}

/** What {@link linkIndexes} needs of an atom. */
export type LinkInput = { atom: Pick<Atom, "path" | "aliases">; targets: readonly string[] };

/**
 * The link indexes of atoms in path order (code units): the raw graph
 * (atoms with targets), the resolved links, and each atom's backlinks
 * (sources by target path).
 */
export function linkIndexes(sorted: readonly LinkInput[]): Pick<VaultIndexes, "graph" | "links"> & { backlinks: GroupIndex } {
  const graph: GroupIndex = Object.create(null);
  const sources: string[] = [];
  const sourceTargets: string[][] = [];
  for (const { atom, targets } of sorted) {
    if (targets.length === 0) continue;
    const copy = (graph[atom.path] = [...targets]);
    if (sources[sources.length - 1] === atom.path) sourceTargets[sourceTargets.length - 1] = copy; // a path given twice: the last wins, as in `graph`
    else {
      sources.push(atom.path);
      sourceTargets.push(copy);
    }
  }
  // Sources in path order: resolving them sorts nothing.
  const resolved = resolveSourceList(sorted.map((i) => i.atom), sources, sourceTargets);
  return { graph, links: resolved.edges, backlinks: resolved.backlinks };
}

function push(index: GroupIndex, key: string, path: string): void {
  const list = Object.hasOwn(index, key) ? index[key]! : (index[key] = []);
  list.push(path);
}
