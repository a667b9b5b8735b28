import { ATOM_STATUSES } from "../atoms/types.js";
import { compareStrings } from "../util/compare.js";
import type { ManifestEntry } from "../indexes/types.js";
import { linkTarget } from "../links/autolink.js";
import { byUpdatedThenPath, classifyLayer } from "../layers/classify.js";
import { mocSettings } from "./settings.js";
import { annotateIncident } from "./dates.js";
import type { Collector, CollectorContext } from "./types.js";

/**
 * True for the maps of content: the root MEMORY.md and the notes directly in
 * `_moc/` (`_moc/<project>.md`). They are what refresh-moc maintains, check
 * checks the markers of, and the MCP server serves as MOC resources; maps,
 * not knowledge, so they are left out of the lists.
 *
 * @example isMoc("_moc/ops.md") // true; isMoc("_moc/old/ops.md") // false
 */
export function isMoc(path: string): boolean {
  return path === "MEMORY.md" || (path.startsWith("_moc/") && path.toLowerCase().endsWith(".md") && path.indexOf("/", 5) === -1);
}

/**
 * The built-in collectors, by marker name. Each is pure over its context;
 * lists are of the MOC's own project (the whole vault for MEMORY.md) and
 * leave MOCs out, so that refreshing one MOC never changes another's section.
 */
export const BUILTIN_COLLECTORS: Readonly<Record<string, Collector>> = Object.freeze({
  /** `**Vault:** 18 atoms (15 active) across 4 projects` */
  vault_count: (ctx: CollectorContext) => {
    const active = ctx.manifest.filter((m) => m.status === "active").length;
    const projects = new Set(ctx.manifest.map((m) => m.project)).size;
    return `**Vault:** ${ctx.manifest.length} atoms (${active} active) across ${projects} project${projects === 1 ? "" : "s"}`;
  },
  /** `**ops:** 8 atoms (6 active, 1 archived, 1 superseded) · 2 hot · 2 warm` (hot and warm: not archived) */
  project_stats: (ctx: CollectorContext) => {
    const atoms = scoped(ctx, false);
    const counts = new Map<string, number>();
    for (const m of atoms) counts.set(m.status, (counts.get(m.status) ?? 0) + 1);
    const order = [...ATOM_STATUSES, ...[...counts.keys()].filter((s) => !(ATOM_STATUSES as readonly string[]).includes(s)).sort(compareStrings)];
    const parts = order.filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${s}`);
    const live = atoms.filter((m) => m.status !== "archived" && !isMoc(m.path));
    const hot = live.filter((m) => classifyLayer(m.updated, ctx.today, ctx.config.layers) === "hot").length;
    const warm = live.filter((m) => classifyLayer(m.updated, ctx.today, ctx.config.layers) === "warm").length;
    const summary = parts.length > 0 ? ` (${parts.join(", ")})` : "";
    return `**${ctx.project ?? "Vault"}:** ${atoms.length} atom${atoms.length === 1 ? "" : "s"}${summary} · ${hot} hot · ${warm} warm`;
  },
  /** Active hot atoms, newest first: `- [[stem|Name]] (YYYY-MM-DD)` */
  hot: (ctx: CollectorContext) => {
    const hot = scoped(ctx).filter((m) => m.status === "active" && classifyLayer(m.updated, ctx.today, ctx.config.layers) === "hot");
    return list(ctx, hot.sort(byUpdatedThenPath).slice(0, mocSettings(ctx.config).limit), (m) => ` (${m.updated})`);
  },
  /** The last `[moc] recent` (default 5) updated atoms that are not archived. */
  recent: (ctx: CollectorContext) => {
    const recent = scoped(ctx).filter((m) => m.status !== "archived").sort(byUpdatedThenPath);
    return list(ctx, recent.slice(0, mocSettings(ctx.config).recent), (m) => ` (${m.updated})`);
  },
  /** Atoms with no links in or out (links from MOCs do not count). */
  orphans: (ctx: CollectorContext) => {
    const linked = new Set<string>();
    for (const [from, targets] of Object.entries(ctx.links.edges)) {
      if (isMoc(from)) continue;
      linked.add(from);
      for (const to of targets) linked.add(to);
    }
    return list(ctx, scoped(ctx).filter((m) => !linked.has(m.path)), () => "");
  },
  /** Links that resolve to nothing: `- [[source]]:17 \`[[target]]\`` (the target in code, so it is not one more broken link). */
  broken_links: (ctx: CollectorContext) => {
    const inScope = new Set(scoped(ctx, false).map((m) => m.path));
    const byPath = new Map(ctx.manifest.map((m) => [m.path, m]));
    const broken = ctx.links.broken.filter((b) => inScope.has(b.from));
    if (broken.length === 0) return "_none_";
    const limit = mocSettings(ctx.config).limit;
    const lines = broken.slice(0, limit).map((b) => `- ${wikiLink(ctx, byPath.get(b.from)!)}:${b.line ?? 1} ${code(`[[${b.target}]]`)}`);
    return more(lines, broken.length - limit);
  },
  /** Active incidents, newest first, each with its age: `- [[x|Name]] (opened 2026-11-03, 19 days ago)`. */
  incidents: (ctx: CollectorContext) => {
    const open = scoped(ctx).filter((m) => m.type === "incident" && m.status === "active");
    open.sort((a, b) => compareStrings(b.created, a.created) || compareStrings(a.path, b.path));
    if (open.length === 0) return "_none_";
    return open.map((m) => `- ${annotateIncident(wikiLink(ctx, m), m.created, ctx.today)}`).join("\n");
  },
});

/** The MOC's project's atoms (every atom for a MOC without a project), MOCs left out unless `withoutMocs` is false. */
function scoped(ctx: CollectorContext, withoutMocs = true): ManifestEntry[] {
  return ctx.manifest.filter((m) => (ctx.project === null || m.project === ctx.project) && !(withoutMocs && isMoc(m.path)));
}

function list(ctx: CollectorContext, atoms: readonly ManifestEntry[], suffix: (m: ManifestEntry) => string): string {
  if (atoms.length === 0) return "_none_";
  const limit = mocSettings(ctx.config).limit;
  return more(atoms.slice(0, limit).map((m) => `- ${wikiLink(ctx, m)}${suffix(m)}`), atoms.length - limit);
}

function more(lines: string[], hidden: number): string {
  return (hidden > 0 ? [...lines, `- … and ${hidden} more`] : lines).join("\n");
}

/**
 * The shortest wikilink that opens `atom` from the MOC: the bare file name
 * when it resolves to it unambiguously, else the path without `.md`; the
 * atom's name as display text when it differs.
 */
export function wikiLink(ctx: Pick<CollectorContext, "resolver">, atom: Pick<ManifestEntry, "path" | "name">): string {
  const target = linkTarget(atom.path, ctx.resolver);
  const name = atom.name.replace(/[[\]|]/g, "").trim();
  return name && name !== target ? `[[${target}|${name}]]` : `[[${target}]]`;
}

function code(text: string): string {
  const fence = text.includes("`") ? "``" : "`";
  return `${fence}${fence === "``" ? ` ${text} ` : text}${fence}`;
}
