import { toManifestEntry } from "../core/indexes/manifest-entry.js";
import { framer, type Frame } from "../core/formats/frame.js";
import { GROUPS_FRAME, groupMembersText } from "../core/formats/groups.js";
import { MANIFEST_FRAME, manifestEntriesText } from "../core/formats/manifest.js";
import { SEARCH_FRAME, searchLinesText } from "../core/formats/search.js";
import type { ReadResult } from "../store/read-atom.js";
import { cacheFrame, statLine } from "../core/formats/cache.js";

/**
 * The index files one chunk of files (consecutive in path order) has a part
 * of, so that each file is its header and the chunks' parts in chunk order,
 * or the parts as the members of a JSON array or object (see {@link partPieces}):
 * - `manifest`: its entries as they stand inside manifest.json's array, "" when it has no atom;
 * - `graph`: its members of graph.json's object (atoms with link targets), "" when none;
 * - `search`: its lines of search.tsv, each ending with a newline;
 * - `cache`: its lines of cache.tsv, one per file.
 */
export type PartName = "manifest" | "graph" | "search" | "cache";

/** The file facts a chunk's cache lines need (the scan's; NaN when not stat'ed). */
export interface ChunkFile {
  path: string;
  mtimeMs: number;
  size: number;
}

/** A chunk: its files, their read results (same order), and the backlink count of each of its atoms in order. */
export interface Chunk {
  files: readonly ChunkFile[];
  results: readonly ReadResult[];
  backlinks: ArrayLike<number>;
}

/**
 * One part of one chunk. Pure: a worker thread and the main thread make the
 * same bytes.
 */
export function chunkPart(part: PartName, chunk: Chunk): string {
  const atoms = chunk.results.flatMap((r) => (r.atom ? [r.atom] : []));
  switch (part) {
    case "manifest":
      return manifestEntriesText(atoms.map((a, i) => toManifestEntry(a.atom, chunk.backlinks[i])));
    case "graph": {
      const graph: Record<string, readonly string[]> = Object.create(null);
      for (const a of atoms) if (a.targets.length > 0) graph[a.atom.path] = a.targets;
      return groupMembersText(graph);
    }
    case "search":
      return searchLinesText(atoms.map((a) => a.atom));
    case "cache":
      return chunk.results.map((read, i) => {
        const file = chunk.files[i]!;
        const diagnostics = read.atom ? read.atom.diagnostics : [read.diagnostic];
        return statLine(file.path, { mtimeMs: read.stat?.mtimeMs ?? file.mtimeMs, size: read.stat?.size ?? file.size, skipped: !read.atom, diagnostics });
      }).join("");
  }
}

/** How a file is made of chunk parts: each part is some of its entries, joined by the frame's separator. */
export type PartFrame = Frame;

/** How each index file made of chunk parts is framed; `settingsKey` is the cache header's. */
export function indexFrames(settingsKey: string): Record<PartName, PartFrame> {
  return { manifest: MANIFEST_FRAME, graph: GROUPS_FRAME, search: SEARCH_FRAME, cache: cacheFrame(settingsKey) };
}

/**
 * Every piece of the files made of chunk parts, in the order each file is
 * written: `[part, text]` pairs, each chunk's parts in their frames (`onChunk`
 * is called after each chunk), then what closes each file. Only the parts in
 * `frames` are made. The pieces of one part, joined, are its whole file: the
 * bytes the one-thread path writes.
 */
export function* partPieces(chunks: number, chunkAt: (c: number) => Chunk, frames: Readonly<Partial<Record<PartName, PartFrame>>>, onChunk?: (chunk: number) => void): Generator<[PartName, string]> {
  const files = (Object.keys(frames) as PartName[]).map((part) => [part, framer(frames[part]!)] as const);
  for (let c = 0; c < chunks; c++) {
    const chunk = chunkAt(c);
    for (const [part, file] of files) {
      const text = file.next(chunkPart(part, chunk));
      if (text !== "") yield [part, text];
    }
    onChunk?.(c);
  }
  for (const [part, file] of files) yield [part, file.end()];
}
