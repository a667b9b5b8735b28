import type { VaultHandle } from "../handle/vault-handle.js";
import type { GroupIndex } from "../../core/indexes/types.js";
import { crc32Hex } from "../../core/util/crc32.js";
import { resolveGraph } from "../../core/links/graph.js";
import { buildLinkResolver } from "../../core/links/resolver.js";
import type { LinkResolver, ResolvedGraph } from "../../core/links/types.js";
import { locateLinkProblems } from "../links/vault-links.js";
import type { CheckCache } from "../../store/check/check-cache.js";

/** The links problems of a vault, as `check` reports them. */
export type LinkProblems = Pick<ResolvedGraph, "broken" | "ambiguous">;

/** What `check` needs of the index besides the per-file rules. */
export interface CheckLinks {
  /** Every atom's path, in manifest order. */
  paths: readonly string[];
  /** Broken and ambiguous links, each with the line it is written on. */
  problems: LinkProblems;
  /** The link resolver of the vault, built on first call (only MEMORY.md needs it). */
  resolver(): LinkResolver;
}

/**
 * The atoms' paths and the located link problems of an open vault (its
 * index brought up to date first). The links are resolved again only when a
 * note or the other files changed since the last check (the problems are
 * kept in `cache`); the lines of the problems are read from the notes every time.
 *
 * @example const { paths, problems } = loadCheckLinks(vault, cache);
 */
export function loadCheckLinks(vault: VaultHandle, cache: CheckCache): CheckLinks {
  const { otherFiles } = vault.indexResult();
  const db = vault.db();
  const rows = db.atoms();
  const atoms = rows.map((row) => row.atom);
  // The database's generation counts every change to the notes it records: with the other files, all a link depends on.
  const raw = cache.links<LinkProblems>(`${db.generation()}:${crc32Hex(JSON.stringify(otherFiles))}`, () => {
    const graph: GroupIndex = {};
    for (const row of rows) if (row.targets.length > 0) graph[row.atom.path] = row.targets;
    const { broken, ambiguous } = resolveGraph(atoms, graph, {}, { otherFiles });
    return { broken, ambiguous };
  });
  let resolver: LinkResolver | undefined;
  return {
    paths: atoms.map((a) => a.path),
    problems: locateLinkProblems(vault.vaultDir, raw),
    resolver: () => (resolver ??= buildLinkResolver(atoms, { otherFiles })),
  };
}
