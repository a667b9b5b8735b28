import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { buildIndexes, parseAtom } from "./helpers/lib.js";
import { INDEX_FILES } from "../lib/core/indexes/serialize.js";
import { serializeSearchFile } from "../lib/core/indexes/search-file.js";
import { compareStrings } from "../lib/core/util/compare.js";
import { chunkPart, indexFrames, partPieces, type Chunk, type PartName } from "../lib/engine/chunk-texts.js";
import type { ReadResult } from "../lib/store/read-atom.js";
import { statCachePieces, type StatEntry } from "../lib/store/stat-cache.js";

// A full index on several threads writes the manifest, graph, search file and cache as the
// parts of chunks of files made apart and joined in order: the bytes must be the one-thread files.

const SETTINGS = JSON.stringify([{}, []]);

interface File {
  path: string;
  /** A note's text, or null for a file read as binary (skipped). */
  text: string | null;
  mtimeMs: number;
}

const word = fc.constantFrom("alpha", "Beta", "gamma", "délta", "omega", "2024", "__proto__");
const noteText = fc
  .record({
    name: fc.option(word, { nil: undefined }),
    tags: fc.array(word, { maxLength: 3 }),
    aliases: fc.array(word, { maxLength: 1 }),
    links: fc.array(fc.oneof(word, fc.constantFrom("a/alpha", "nowhere", "Beta.md")), { maxLength: 3 }),
    description: fc.constantFrom("", "Deploy\trisk", "x \"quoted\" y"),
    status: fc.constantFrom("active", "archived", "superseded"),
    updated: fc.constantFrom("2026-11-22", "2026-11-18", "2026-01-01", "not a date"),
  })
  .map((n) => {
    const list = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(", ")}]`;
    const front = [n.name === undefined ? "" : `name: ${JSON.stringify(n.name)}\n`, `tags: ${list(n.tags)}\n`, `aliases: ${list(n.aliases)}\n`, `description: ${JSON.stringify(n.description)}\n`, `status: ${n.status}\n`, `updated: ${n.updated}\n`].join("");
    return `---\n${front}---\nBody ${n.links.map((l) => `[[${l}]]`).join(" ")} #h${n.tags.length}\n`;
  });
const file: fc.Arbitrary<File> = fc.record({
  path: fc.tuple(fc.constantFrom("", "a/", "b/", "a/c/", "Z/"), word, fc.constantFrom("", "_1", " 2")).map(([dir, w, n]) => `${dir}${w}${n}.md`),
  text: fc.option(noteText, { freq: 6, nil: null }),
  mtimeMs: fc.integer({ min: 1, max: 2_000_000_000_000 }),
});

// What reading the file gives: its atom, or a diagnostic for a skipped file.
function readResult(f: File): ReadResult {
  const stat = { size: f.text?.length ?? 3, mtimeMs: f.mtimeMs };
  if (f.text === null) return { diagnostic: { file: f.path, line: 1, rule: "binary", message: "file contains NUL bytes; skipped", severity: "error" }, stat };
  return { atom: parseAtom(f.text, { path: f.path, mtimeMs: f.mtimeMs }), stat };
}

// The one-thread files for these results (files in path order).
function oneThreadFiles(paths: string[], results: ReadResult[]): Record<PartName, string> {
  const indexes = buildIndexes(results.flatMap((r) => (r.atom ? [r.atom] : [])));
  const entries = new Map<string, StatEntry>();
  results.forEach((r, i) => entries.set(paths[i]!, { ...r.stat!, skipped: !r.atom, diagnostics: r.atom ? r.atom.diagnostics : [r.diagnostic] }));
  const text = (made: string | Iterable<string>) => (typeof made === "string" ? made : [...made].join(""));
  return {
    manifest: text(INDEX_FILES["manifest.json"]!(indexes)),
    graph: text(INDEX_FILES["graph.json"]!(indexes)),
    search: serializeSearchFile(indexes.manifest),
    cache: [...statCachePieces(SETTINGS, paths, entries)].join(""),
  };
}

// The same files made of chunks of `size` files, as the part writer makes them.
function chunkedFiles(paths: string[], results: ReadResult[], size: number): Record<PartName, string> {
  const backlinks = buildIndexes(results.flatMap((r) => (r.atom ? [r.atom] : []))).manifest.map((m) => m.backlinks);
  const chunks: Chunk[] = [];
  for (let at = 0, atom = 0; at < results.length; at += size) {
    const slice = results.slice(at, at + size);
    const atoms = slice.filter((r) => r.atom).length;
    chunks.push({ files: paths.slice(at, at + size).map((path) => ({ path, mtimeMs: NaN, size: NaN })), results: slice, backlinks: backlinks.slice(atom, atom + atoms) });
    atom += atoms;
  }
  const files: Record<PartName, string> = { manifest: "", graph: "", search: "", cache: "" };
  for (const [part, text] of partPieces(chunks.length, (c) => chunks[c]!, indexFrames(SETTINGS))) files[part] += text;
  return files;
}

test("should join chunk parts into the one-thread manifest, graph, search file and cache, whatever the chunk size", () => {
  fc.assert(
    fc.property(fc.uniqueArray(file, { selector: (f) => f.path, maxLength: 14 }), fc.integer({ min: 1, max: 6 }), (files, size) => {
      files.sort((a, b) => compareStrings(a.path, b.path));
      const paths = files.map((f) => f.path);
      const results = files.map(readResult);
      assert.deepEqual(chunkedFiles(paths, results, size), oneThreadFiles(paths, results));
    }),
    { numRuns: 300 },
  );
});

test("should make empty parts for a chunk without atoms, and the empty files for a vault without any", () => {
  const skipped: ReadResult = { diagnostic: { file: "x.md", line: 1, rule: "binary", message: "skipped", severity: "error" }, stat: { size: 1, mtimeMs: 1000 } };
  const chunk: Chunk = { files: [{ path: "x.md", mtimeMs: NaN, size: NaN }], results: [skipped], backlinks: [] };
  assert.deepEqual((["manifest", "graph", "search"] as const).map((p) => chunkPart(p, chunk)), ["", "", ""]);
  assert.equal(chunkPart("cache", chunk), `1000000\t1\t1\t${JSON.stringify([skipped.diagnostic])}\tx.md\n`);
  const files: Record<string, string> = {};
  for (const [part, text] of partPieces(1, () => chunk, indexFrames(SETTINGS))) files[part] = (files[part] ?? "") + text;
  assert.equal(files.manifest, "[]\n");
  assert.equal(files.graph, "{}\n");
});
