import { join } from "node:path";
import type { VaultHandle } from "../handle/vault-handle.js";
import { compareStrings } from "../../core/util/compare.js";
import type { VaultIndexes } from "../../core/indexes/types.js";
import type { IndexVaultResult } from "../../engine/indexer.js";
import { resolveGraph } from "../../core/links/graph.js";
import { findLinks } from "../../core/links/occurrences.js";
import { buildLinkResolver } from "../../core/links/resolver.js";
import type { AmbiguousLink, BrokenLink, LinkResolver, ResolvedGraph } from "../../core/links/types.js";
import { readFileText } from "../../store/files.js";

/** A vault's index brought up to date, with its links resolved and located. */
export interface VaultLinks {
  index: FreshIndex;
  resolver: LinkResolver;
  /** Broken and ambiguous links carry the line of each place they are written. */
  resolved: ResolvedGraph;
}

/**
 * Resolves every link of an open vault (its index as the vault gives it:
 * brought up to date unless opened with `refresh: false`), with the line of
 * each broken or ambiguous one. Reads only the files that have such links.
 *
 * @example const { resolved } = loadVaultLinks(openVault({ vault: "my-vault" }));
 */
export function loadVaultLinks(vault: VaultHandle): VaultLinks {
  const index: FreshIndex = { ...vault.indexResult(), indexes: vault.indexes(), onDisk: vault.indexOnDisk };
  const manifest = index.indexes.manifest;
  const resolver = buildLinkResolver(manifest, { otherFiles: index.otherFiles });
  // Without a resolver, resolveGraph takes its number-based path (one lookup a link): the same result, faster at 100k.
  const raw = resolveGraph(manifest, index.indexes.graph, {}, { otherFiles: index.otherFiles });
  const located = locateLinkProblems(vault.vaultDir, raw);
  return { index, resolver, resolved: { ...raw, ...located } };
}

/** An index run's result with its indexes always there, and whether the index on disk is current (false: built in memory). */
export type FreshIndex = IndexVaultResult & { indexes: VaultIndexes; onDisk: boolean };

/**
 * Gives each broken and ambiguous link the line it is written on, one entry
 * per place (a target written twice is reported twice). A target written only
 * as an inline-code path (`` `x/y.md` ``) is code, not a link: it is dropped.
 */
export function locateLinkProblems(vaultDir: string, graph: Pick<ResolvedGraph, "broken" | "ambiguous">): Pick<ResolvedGraph, "broken" | "ambiguous"> {
  const lines = new Map<string, Map<string, number[]>>();
  const linesOf = (from: string, target: string): number[] => {
    if (!lines.has(from)) lines.set(from, linkLines(vaultDir, from));
    return lines.get(from)!.get(target) ?? [];
  };
  const broken: BrokenLink[] = graph.broken.flatMap((b) => linesOf(b.from, b.target).map((line) => ({ ...b, line })));
  const ambiguous: AmbiguousLink[] = graph.ambiguous.flatMap((a) => linesOf(a.from, a.target).map((line) => ({ ...a, line })));
  const order = (a: BrokenLink, b: BrokenLink) => compareStrings(a.from, b.from) || (a.line ?? 0) - (b.line ?? 0) || compareStrings(a.target, b.target);
  return { broken: broken.sort(order), ambiguous: ambiguous.sort(order) };
}

// Target → lines of its wikilinks and frontmatter links in one file.
function linkLines(vaultDir: string, path: string): Map<string, number[]> {
  const map = new Map<string, number[]>();
  let text: string;
  try {
    text = readFileText(join(vaultDir, path));
  } catch {
    return map;
  }
  for (const link of findLinks(text)) {
    if (link.kind === "code") continue;
    const list = map.get(link.target) ?? [];
    if (!list.includes(link.line)) list.push(link.line);
    map.set(link.target, list);
  }
  return map;
}
