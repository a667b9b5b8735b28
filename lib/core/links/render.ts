import { compareStrings } from "../util/compare.js";
import type { ManifestEntry } from "../indexes/types.js";
import { findHubs, findOrphans } from "./graph.js";
import type { ResolvedGraph } from "./types.js";

/** The part of the link graph to draw. */
export interface GraphView {
  nodes: { path: string; name: string; project: string; status: string; in: number; out: number; hub: boolean; orphan: boolean }[];
  /** `[from, to]`, sorted. */
  edges: [string, string][];
  hubs: string[];
  orphans: string[];
}

/** Fewest connections (in + out) an atom needs to be drawn as a hub. */
const HUB_MIN = 3;

/**
 * The resolved graph of the whole vault, or of one project (its atoms and the
 * links between them), with the `hubs` (default 5) most connected atoms that have at least 3 links marked. Pure.
 */
export function graphView(manifest: readonly Pick<ManifestEntry, "path" | "name" | "project" | "status">[], resolved: Pick<ResolvedGraph, "edges" | "backlinks">, options: { project?: string; hubs?: number } = {}): GraphView {
  const atoms = manifest.filter((m) => options.project === undefined || m.project === options.project);
  const keep = new Set(atoms.map((m) => m.path));
  const edges: [string, string][] = [];
  for (const from of Object.keys(resolved.edges).sort(compareStrings)) {
    if (!keep.has(from)) continue;
    for (const to of resolved.edges[from]!) if (keep.has(to)) edges.push([from, to]);
  }
  const out: Record<string, string[]> = {};
  const inn: Record<string, string[]> = {};
  for (const [from, to] of edges) {
    (out[from] ??= []).push(to);
    (inn[to] ??= []).push(from);
  }
  const sub = { edges: out, backlinks: inn };
  const hubs = findHubs(sub, options.hubs ?? 5).filter((h) => h.in + h.out >= HUB_MIN).map((h) => h.path);
  const orphans = findOrphans(atoms, sub);
  const hubSet = new Set(hubs);
  const orphanSet = new Set(orphans);
  const nodes = atoms.map((m) => ({ path: m.path, name: m.name, project: m.project, status: m.status, in: inn[m.path]?.length ?? 0, out: out[m.path]?.length ?? 0, hub: hubSet.has(m.path), orphan: orphanSet.has(m.path) }));
  return { nodes, edges, hubs, orphans };
}

/**
 * The `limit` most connected atoms of a view (links in + out, then path) and
 * the links between them, so a large vault gives a graph a renderer can draw;
 * `omitted` counts the atoms left out. `limit` 0 keeps every atom. Pure.
 */
export function limitView(view: GraphView, limit: number): { view: GraphView; omitted: number } {
  if (limit === 0 || view.nodes.length <= limit) return { view, omitted: 0 };
  const ranked = [...view.nodes].sort((a, b) => b.in + b.out - (a.in + a.out) || compareStrings(a.path, b.path));
  const keep = new Set(ranked.slice(0, limit).map((n) => n.path));
  const nodes = view.nodes.filter((n) => keep.has(n.path));
  return {
    view: { nodes, edges: view.edges.filter(([from, to]) => keep.has(from) && keep.has(to)), hubs: view.hubs.filter((p) => keep.has(p)), orphans: view.orphans.filter((p) => keep.has(p)) },
    omitted: view.nodes.length - nodes.length,
  };
}

/** Mermaid flowchart (renders in Obsidian and on GitHub): hubs bold, orphans in their own box, superseded and archived atoms dashed and named so. */
export function renderMermaid(view: GraphView): string {
  const id = new Map(view.nodes.map((n, i) => [n.path, `n${i}`]));
  const label = (n: GraphView["nodes"][number]) => `${id.get(n.path)}["${n.name.replace(/"/g, "#quot;").replace(/[[\]]/g, "")}${RETIRED.has(n.status) ? ` (${n.status})` : ""}"]`;
  const lines = ["flowchart LR"];
  for (const n of view.nodes) if (!n.orphan) lines.push(`  ${label(n)}`);
  for (const [from, to] of view.edges) lines.push(`  ${id.get(from)} --> ${id.get(to)}`);
  if (view.orphans.length > 0) {
    lines.push("  subgraph orphans [Orphans: no links in or out]");
    for (const n of view.nodes) if (n.orphan) lines.push(`    ${label(n)}`);
    lines.push("  end");
  }
  if (view.hubs.length > 0) {
    lines.push("  classDef hub stroke-width:4px,font-weight:bold");
    lines.push(`  class ${view.hubs.map((p) => id.get(p)).join(",")} hub`);
  }
  const retired = view.nodes.filter((n) => RETIRED.has(n.status));
  if (retired.length > 0) {
    lines.push("  classDef retired stroke-dasharray:5 5,color:#888");
    lines.push(`  class ${retired.map((n) => id.get(n.path)).join(",")} retired`);
  }
  return `${lines.join("\n")}\n`;
}

/** Statuses drawn dashed and grey, with the status after the name: the atom is no longer current. */
const RETIRED = new Set(["superseded", "archived"]);

/** Graphviz DOT: hubs bold and filled, orphans in a cluster of their own. */
export function renderDot(view: GraphView): string {
  const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const node = (n: GraphView["nodes"][number]) => `${q(n.path)} [label=${q(n.name)}${n.hub ? ", penwidth=3, style=filled, fillcolor=\"#ffe8a8\"" : ""}];`;
  const lines = ["digraph cortex {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"];
  for (const n of view.nodes) if (!n.orphan) lines.push(`  ${node(n)}`);
  for (const [from, to] of view.edges) lines.push(`  ${q(from)} -> ${q(to)};`);
  if (view.orphans.length > 0) {
    lines.push("  subgraph cluster_orphans {", "    label=\"Orphans: no links in or out\";");
    for (const n of view.nodes) if (n.orphan) lines.push(`    ${node(n)}`);
    lines.push("  }");
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
