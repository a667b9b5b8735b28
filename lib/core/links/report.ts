import type { ManifestEntry } from "../indexes/types.js";
import { findHubs, findOrphans } from "./graph.js";
import type { ResolvedGraph } from "./types.js";

/** The seed's cross-reference report (`cortex link --report`). */
export interface LinkReport extends Pick<ResolvedGraph, "broken" | "ambiguous"> {
  atoms: number;
  /** Atoms with at least one resolved link out. */
  linking: number;
  /** Atoms at least one other atom links to. */
  linked: number;
  /** Resolved links (distinct source → target pairs). */
  links: number;
  /** Atoms with no links in or out, sorted. */
  orphans: string[];
  /** The 10 most connected atoms. */
  hubs: { path: string; out: number; in: number }[];
}

/**
 * Summarizes a resolved graph. Pure.
 *
 * @example buildLinkReport(manifest, resolved).orphans
 */
export function buildLinkReport(manifest: readonly Pick<ManifestEntry, "path">[], resolved: ResolvedGraph, top = 10): LinkReport {
  return {
    atoms: manifest.length,
    linking: Object.keys(resolved.edges).length,
    linked: Object.keys(resolved.backlinks).length,
    links: Object.values(resolved.edges).reduce((n, list) => n + list.length, 0),
    orphans: findOrphans(manifest, resolved),
    hubs: findHubs(resolved, top),
    broken: resolved.broken,
    ambiguous: resolved.ambiguous,
  };
}
