import assert from "node:assert/strict";
import { dirname } from "node:path";
import { test } from "node:test";
import { ROOT } from "./helpers/cli.js";
import { importEdges, listSources, type ImportEdge } from "./helpers/imports.js";

// The layers of DESIGN.md "Layout", lowest first: a file may import its own layer and the ones below.
const LAYERS = ["core", "store", "engine", "app", "adapters"] as const;
type Layer = (typeof LAYERS)[number];

const FILES = listSources(ROOT, ["lib", "bin"]);
const EDGES = importEdges(ROOT, FILES);

/** The layer of a source file, from its folder; null for a file outside the layer folders. */
function layerOf(file: string): Layer | null {
  if (file === "lib/core.ts") return "core";
  if (file === "lib/index.ts" || file.startsWith("bin/")) return "adapters";
  const folder = /^lib\/(core|store|engine|app|adapters)\//.exec(file)?.[1];
  return (folder as Layer | undefined) ?? null;
}

/**
 * `node:` modules with no I/O, allowed in every layer: string and URL handling, encodings,
 * checksums, `createRequire`, which loads a dependency's code as a static import would, and script
 * contexts (`node:vm`, a JSON parse of its own: lib/core/util/json.ts).
 */
const PURE_NODE = new Set(["node:path", "node:url", "node:util", "node:buffer", "node:crypto", "node:zlib", "node:module", "node:vm"]);
/** The engine sizes its worker pool by the CPU count; it opens no file and starts no thread itself (the store's worker-pool.ts does). */
const ENGINE_NODE = new Set(["node:os"]);

/**
 * Edges that break a rule on purpose, each with the reason. Empty is the goal; an entry is
 * `"from -> to"` exactly as the failure prints it.
 */
const ALLOWED: Record<string, string> = {};

const at = (edge: ImportEdge): string => `${edge.from}:${edge.line}`;
const allowed = (edge: ImportEdge): boolean => `${edge.from} -> ${edge.to}` in ALLOWED;

test("should keep every source file of lib/ and bin/ in a layer folder", () => {
  assert.deepEqual(FILES.filter((file) => layerOf(file) === null), []);
});

test("should import only the same layer or a lower one", () => {
  const upward = EDGES.filter((edge) => edge.local && !allowed(edge) && LAYERS.indexOf(layerOf(edge.to)!) > LAYERS.indexOf(layerOf(edge.from)!))
    .map((edge) => `${at(edge)} (${layerOf(edge.from)}) imports ${edge.to} (${layerOf(edge.to)})${edge.kind === "type" ? " [type]" : ""}`);
  assert.deepEqual(upward, [], `upward imports:\n  ${upward.join("\n  ")}`);
});

test("should import node: I/O modules only in the store (os also in the engine)", () => {
  // A type-only import leaves no code behind, so it does no I/O.
  const io = EDGES.filter((edge) => edge.to.startsWith("node:") && edge.kind !== "type" && !PURE_NODE.has(edge.to) && !allowed(edge))
    .filter((edge) => layerOf(edge.from) !== "store" && !(layerOf(edge.from) === "engine" && ENGINE_NODE.has(edge.to)))
    .map((edge) => `${at(edge)} (${layerOf(edge.from)}) imports ${edge.to}`);
  assert.deepEqual(io, [], `I/O outside the store:\n  ${io.join("\n  ")}`);
});

test("should have no import cycle between files", () => {
  const cycles = findCycles(graphOf((file) => file));
  assert.deepEqual(cycles, [], `file cycles:\n  ${cycles.join("\n  ")}`);
});

test("should have no import cycle between folders", () => {
  const cycles = findCycles(graphOf((file) => dirname(file)));
  assert.deepEqual(cycles, [], `folder cycles:\n  ${cycles.join("\n  ")}`);
});

test("should find the import forms the project uses", async () => {
  const { findImports } = await import("./helpers/imports.js");
  const source = [
    'import a from "./a.js";',
    "// import b from \"./commented.js\";",
    'import type { C } from "./c.js";',
    'export { d } from "./d.js";',
    'export * as e from "./e.js";',
    'const re = /["\'`]/g; const t = `${"x"}`;',
    'const f = await import("./f.js");',
    'type G = typeof import("./g.js");',
    'import "./h.js";',
    'const s = "import x from \'./string.js\'";',
  ].join("\n");
  assert.deepEqual(findImports(source).map((site) => `${site.specifier} ${site.kind} ${site.line}`), ["./a.js static 1", "./c.js type 3", "./d.js static 4", "./e.js static 5", "./f.js dynamic 7", "./g.js type 8", "./h.js static 9"]);
});

/** The import graph with each file mapped to a node (itself or its folder); self-edges dropped. */
function graphOf(node: (file: string) => string): Map<string, Map<string, ImportEdge>> {
  const graph = new Map<string, Map<string, ImportEdge>>();
  for (const edge of EDGES) {
    if (!edge.local || allowed(edge)) continue;
    const from = node(edge.from);
    const to = node(edge.to);
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, edge);
  }
  return graph;
}

/** One cycle per strongly connected component of more than one node, each step with the import that makes it. */
function findCycles(graph: Map<string, Map<string, ImportEdge>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(graph.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((component) => describeCycle(graph, new Set(component)));
}

/** A shortest path from the component's first node back to itself, staying inside the component. */
function describeCycle(graph: Map<string, Map<string, ImportEdge>>, component: Set<string>): string {
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const next of graph.get(queue[i]!)?.keys() ?? []) {
      if (!component.has(next) || previous.has(next)) continue;
      previous.set(next, queue[i]!);
      if (next === start) i = queue.length;
      else queue.push(next);
    }
  }
  const path = [start];
  for (let node = previous.get(start)!; node !== start; node = previous.get(node)!) path.unshift(node);
  path.unshift(start);
  // Each step names the import that makes it: a --(file:line)--> b.
  return path
    .slice(0, -1)
    .map((node, i) => `${node} --(${at(graph.get(node)!.get(path[i + 1]!)!)})--> `)
    .join("")
    .concat(start);
}
