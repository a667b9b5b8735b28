import { toManifestEntry } from "../core/indexes/manifest-entry.js";
import { SEARCH_FILE_HEADER, searchFileLine } from "../core/indexes/search-file.js";
import type { ReadResult } from "../store/read-atom.js";
import { statCacheHeader, statLine } from "../store/stat-cache.js";

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
      return innerJson(atoms.map((a, i) => toManifestEntry(a.atom, chunk.backlinks[i])));
    case "graph": {
      const graph: Record<string, readonly string[]> = Object.create(null);
      for (const a of atoms) if (a.targets.length > 0) graph[a.atom.path] = a.targets;
      return innerJson(graph);
    }
    case "search":
      return atoms.map((a) => `${searchFileLine(a.atom)}\n`).join("");
    case "cache":
      return chunk.results.map((read, i) => {
        const file = chunk.files[i]!;
        const diagnostics = read.atom ? read.atom.diagnostics : [read.diagnostic];
        return statLine(file.path, { mtimeMs: read.stat?.mtimeMs ?? file.mtimeMs, size: read.stat?.size ?? file.size, skipped: !read.atom, diagnostics });
      }).join("");
  }
}

// What JSON.stringify(value, null, 2) writes between the outer brackets (without their line breaks); "" when empty.
function innerJson(value: object): string {
  const json = JSON.stringify(value, null, 2);
  return json.length <= 2 ? "" : json.slice(2, -2);
}

/** How a file is made of chunk parts: after a header, or as the members of a JSON array or object. */
export type PartFrame = { header: string } | { join: "[]" | "{}" };

/** How each index file made of chunk parts is framed; `settingsKey` is the cache header's. */
export function indexFrames(settingsKey: string): Record<PartName, PartFrame> {
  return { manifest: { join: "[]" }, graph: { join: "{}" }, search: { header: `${SEARCH_FILE_HEADER}\n` }, cache: { header: statCacheHeader(settingsKey) } };
}

/**
 * Every piece of the files made of chunk parts, in the order each file is
 * written: `[part, text]` pairs, the headers first, then each chunk's parts
 * (`onChunk` is called after each chunk), then the closing brackets. Only
 * the parts in `frames` are made. The pieces of one part, joined, are its
 * whole file: the bytes the one-thread path writes.
 */
export function* partPieces(chunks: number, chunkAt: (c: number) => Chunk, frames: Readonly<Partial<Record<PartName, PartFrame>>>, onChunk?: (chunk: number) => void): Generator<[PartName, string]> {
  const parts = Object.keys(frames) as PartName[];
  const started = new Set<PartName>();
  for (const part of parts) {
    const frame = frames[part]!;
    if ("header" in frame) yield [part, frame.header];
  }
  for (let c = 0; c < chunks; c++) {
    const chunk = chunkAt(c);
    for (const part of parts) {
      const frame = frames[part]!;
      const text = chunkPart(part, chunk);
      if ("header" in frame) yield [part, text];
      else if (text !== "") {
        yield [part, `${started.has(part) ? "," : frame.join[0]}\n${text}`];
        started.add(part);
      }
    }
    onChunk?.(c);
  }
  for (const part of parts) {
    const frame = frames[part]!;
    if ("join" in frame) yield [part, started.has(part) ? `\n${frame.join[1]}\n` : `${frame.join}\n`];
  }
}
