import type { GroupIndex } from "../indexes/types.js";
import { compareStrings } from "../util/compare.js";
import type { ResolvedGraph } from "./types.js";

/**
 * The edges of a graph in the order they were found, as atom numbers in a
 * typed array (no object per edge for the garbage collector to copy), with
 * how many point at each atom: enough to build every backlink list at its
 * final size, after the last source.
 */
export class EdgeLog {
  /** Target atom of each edge, in the order {@link add} was called. */
  private targets = new Int32Array(1024);
  private length = 0;
  /** Per source, in the order {@link endSource} was called: the end of its run of edges. */
  private readonly sourceEnds: Int32Array;
  private sourceCount = 0;
  /** Per atom: how many edges point at it. */
  private readonly inDegree: Int32Array;

  /** @param atomCount - atoms are numbered 0 … atomCount − 1. @param sourceCount - how many sources there will be. */
  constructor(atomCount: number, sourceCount: number) {
    this.inDegree = new Int32Array(atomCount);
    this.sourceEnds = new Int32Array(sourceCount);
  }

  /** Records an edge from the current source to atom `atom`. */
  add(atom: number): void {
    if (this.length === this.targets.length) {
      const grown = new Int32Array(this.targets.length * 2);
      grown.set(this.targets);
      this.targets = grown;
    }
    this.targets[this.length++] = atom;
    this.inDegree[atom]!++;
  }

  /** Closes the current source: the edges added since the last call were its own. */
  endSource(): void {
    this.sourceEnds[this.sourceCount++] = this.length;
  }

  /**
   * The backlinks object: for each atom with an edge, the sources linking to
   * it in the order they were logged. Keys are inserted in `order` (atom
   * numbers, usually in path order).
   *
   * @param sources - the path of each source, in the order they were logged.
   * @param paths - the path of each atom, by number.
   */
  backlinks(sources: readonly string[], paths: readonly string[], order: readonly number[]): GroupIndex {
    const lists = new Array<string[] | undefined>(this.inDegree.length);
    const remaining = this.inDegree.slice();
    let edge = 0;
    for (let source = 0; source < this.sourceCount; source++) {
      for (const end = this.sourceEnds[source]!; edge < end; edge++) {
        const atom = this.targets[edge]!;
        const list = (lists[atom] ??= new Array<string>(this.inDegree[atom]!));
        list[list.length - remaining[atom]!--] = sources[source]!;
      }
    }
    const backlinks: GroupIndex = {};
    for (let i = 0; i < order.length; i++) {
      const list = lists[order[i]!];
      if (list !== undefined) backlinks[paths[order[i]!]!] = list;
    }
    return backlinks;
  }
}

/** Target → sorted sources, from source → targets. */
export function invertEdges(edges: Readonly<ResolvedGraph["edges"]>): ResolvedGraph["backlinks"] {
  const incoming = new Map<string, string[]>();
  for (const from of Object.keys(edges).sort(compareStrings)) {
    for (const to of edges[from]!) incoming.set(to, [...(incoming.get(to) ?? []), from]);
  }
  const backlinks: ResolvedGraph["backlinks"] = {};
  for (const to of [...incoming.keys()].sort(compareStrings)) backlinks[to] = incoming.get(to)!;
  return backlinks;
}
