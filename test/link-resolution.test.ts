import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { buildIndexes } from "../lib/core/index-build/build.js";
import type { GroupIndex } from "../lib/core/indexes/types.js";
import { resolveGraph, resolveSourceList } from "../lib/core/links/graph.js";
import { buildLinkResolver } from "../lib/core/links/resolver.js";
import { parseAtom } from "../lib/core/atoms/parse.js";
import { referenceGraph, referenceResolver } from "./helpers/reference-links.js";
import { runs } from "./helpers/runs.js";

// Path parts from a small alphabet, so that names collide (ambiguity), cases
// differ, `.md` comes in every case, and non-ASCII letters whose lower case is
// special (final sigma, dotted I, Kelvin sign) meet the ASCII fast paths.
const part = fc.constantFrom("a", "A", "b", "dup", "Dup", "x y", "Σ", "ΑΣ", "İ", "\u212A", "é", "__proto__", "123");
const path = fc.tuple(fc.array(part, { minLength: 1, maxLength: 3 }), fc.constantFrom(".md", ".MD", ".Md", "", ".png")).map(([parts, ext]) => parts.join("/") + ext);
const target = fc.oneof(
  path,
  fc.tuple(fc.constantFrom("", "/", "//", "./", "../", " ", "a\\", "../../"), path, fc.constantFrom("", " ", ".md")).map(([a, b, c]) => a + b + c),
  fc.array(part, { minLength: 0, maxLength: 2 }).map((parts) => parts.join("/")),
  fc.string({ maxLength: 4 }),
);
const entry = fc.record({ path, aliases: fc.array(fc.oneof(part, fc.constant(" Dup ")), { maxLength: 2 }) });
const world = fc.record({
  manifest: fc.array(entry, { maxLength: 12 }),
  otherFiles: fc.array(path, { maxLength: 3 }),
  sources: fc.array(fc.tuple(path, fc.array(target, { maxLength: 6 })), { maxLength: 10 }),
  codeShare: fc.nat(3),
});

function graphOf(sources: [string, string[]][], manifest: { path: string }[]): GroupIndex {
  const graph: GroupIndex = Object.create(null);
  for (const [from, targets] of sources) graph[from] = targets;
  for (const [i, m] of manifest.entries()) if (i % 2 === 0 && targets(graph, m.path).length === 0) graph[m.path] = [...Object.values(graph).flat().slice(0, 3)];
  return graph;
}

function targets(graph: GroupIndex, from: string): string[] {
  return Object.hasOwn(graph, from) ? graph[from]! : [];
}

const json = (value: unknown): string => JSON.stringify(value);

test("should resolve every target exactly as the reference resolver does", () => {
  fc.assert(
    fc.property(world, fc.array(target, { maxLength: 20 }), ({ manifest, otherFiles, sources }, extra) => {
      const fast = buildLinkResolver(manifest, { otherFiles });
      const slow = referenceResolver(manifest, otherFiles);
      const froms = ["x.md", "a/b/c.md", ...sources.map(([from]) => from)];
      for (const t of [...extra, ...sources.flatMap(([, ts]) => ts)]) {
        for (const from of froms) assert.deepEqual(fast.resolve(t, from), slow.resolve(t, from), `${JSON.stringify(t)} from ${from}`);
      }
    }),
    runs(300),
  );
});

test("should resolve a graph to the reference's exact output, whatever the order of its input", () => {
  fc.assert(
    fc.property(world, ({ manifest, otherFiles, sources, codeShare }) => {
      const graph = graphOf(sources, manifest);
      const codeRefs: GroupIndex = Object.create(null);
      for (const from of Object.keys(graph)) codeRefs[from] = graph[from]!.filter((_, i) => i % (codeShare + 1) === 0);
      const expected = json(referenceGraph(manifest, graph, codeRefs, otherFiles));
      assert.equal(json(resolveGraph(manifest, graph, codeRefs, { otherFiles })), expected);
      const resolver = buildLinkResolver(manifest, { otherFiles });
      assert.equal(json(resolveGraph(manifest, graph, codeRefs, { resolver })), expected, "with a resolver passed in");
      const reversed: GroupIndex = Object.create(null);
      for (const from of Object.keys(graph).reverse()) reversed[from] = [...graph[from]!].reverse();
      assert.equal(json(resolveGraph(manifest, reversed, codeRefs, { otherFiles })), expected, "sources and targets reversed");
      const backwards = [...manifest].reverse(); // changes which of `a.md` and `a.MD` the exact path `a` opens, in both
      assert.equal(json(resolveGraph(backwards, reversed, codeRefs, { otherFiles })), json(referenceGraph(backwards, graph, codeRefs, otherFiles)), "manifest reversed");
      const sorted = Object.keys(graph).sort();
      assert.equal(json(resolveSourceList(manifest, sorted, sorted.map((from) => graph[from]!), codeRefs, { otherFiles })), expected, "as lists");
    }),
    runs(300),
  );
});

test("should keep results identical for duplicate manifest paths and a path given twice to buildIndexes", () => {
  const manifest = [
    { path: "n/dup.md", aliases: ["first"] },
    { path: "a.md", aliases: [] },
    { path: "n/dup.md", aliases: ["second"] },
  ];
  const graph = { "a.md": ["dup", "second", "first"], "n/dup.md": ["a"] };
  assert.equal(json(resolveGraph(manifest, graph)), json(referenceGraph(manifest, graph)));
  const atom = (text: string) => parseAtom(`---\nname: A\n---\n${text}\n`, { path: "a.md", mtimeMs: 0 }).atom;
  const indexes = buildIndexes([
    { atom: atom("one"), targets: ["b"] },
    { atom: parseAtom("---\nname: B\n---\n", { path: "b.md", mtimeMs: 0 }).atom, targets: ["a"] },
    { atom: atom("two"), targets: ["c"] },
  ]);
  assert.deepEqual(indexes.graph["a.md"], ["c"]);
  assert.deepEqual(indexes.links, { "b.md": ["a.md"] });
});
