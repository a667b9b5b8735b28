import type { VaultHandle } from "../handle/vault-handle.js";
import { CortexError } from "../../core/errors.js";
import type { GroupIndex, ManifestEntry } from "../../core/indexes/types.js";
import { readManifestLinkFields } from "../../core/indexes/narrow-read.js";
import { resolveGraph } from "../../core/links/graph.js";
import { buildLinkResolver } from "../../core/links/resolver.js";
import type { LinkResolver, ResolvedGraph } from "../../core/links/types.js";
import { loadVaultLinks, locateLinkProblems } from "../links/vault-links.js";
import { checkOf } from "../../store/digest.js";
import { readIndexBytes } from "../../store/read-indexes.js";
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
 * index brought up to date first). From an index on disk it reads only the
 * paths and aliases of manifest.json, and resolves graph.json's links only
 * when they or the files they may open changed since the last check (the
 * problems are kept in `cache` under the checks of both); the lines of the
 * problems are read from the notes every time.
 *
 * @example const { paths, problems } = loadCheckLinks(vault, cache);
 */
export function loadCheckLinks(vault: VaultHandle, cache: CheckCache): CheckLinks {
  const { otherFiles } = vault.indexResult();
  // Indexes this handle's run built whole are in memory already: only graph.json's bytes are read, for the key.
  const built = vault.links === null ? null : vault.indexes();
  const bytes = vault.indexOnDisk ? readBytes(vault, built === null ? ["manifest.json", "graph.json"] : ["graph.json"]) : null;
  if (bytes === null) return wholeIndex(vault);
  const manifest = bytes["manifest.json"];
  const atoms = built?.manifest ?? readManifestLinkFields(manifest!) ?? (JSON.parse(manifest!.toString("utf8")) as ManifestEntry[]);
  const graphBytes = bytes["graph.json"]!;
  const raw = cache.links<LinkProblems>(linkKey(atoms, otherFiles, graphBytes), () => {
    const graph = built?.graph ?? (JSON.parse(graphBytes.toString("utf8")) as GroupIndex);
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

// Files of index/ as the last index run wrote them; null when they cannot be read (the vault's whole index is used then).
function readBytes(vault: VaultHandle, names: string[]): Record<string, Buffer> | null {
  try {
    return readIndexBytes(vault.vaultDir, names);
  } catch (error) {
    if (!(error instanceof CortexError)) throw error;
    return null;
  }
}

// The indexes as the vault holds them (built in memory, or by this handle's run): links resolved whole.
function wholeIndex(vault: VaultHandle): CheckLinks {
  const { index, resolver, resolved } = loadVaultLinks(vault);
  return { paths: index.indexes.manifest.map((m) => m.path), problems: resolved, resolver: () => resolver };
}

/**
 * What link problems depend on: the raw targets of every note (graph.json)
 * and the files they may open (paths, aliases, other files); each as its
 * length and CRC-32.
 */
function linkKey(atoms: readonly Pick<ManifestEntry, "path" | "aliases">[], otherFiles: readonly string[], graph: Buffer): string {
  const files = checkOf(Buffer.from(JSON.stringify([atoms.map((a) => [a.path, a.aliases]), otherFiles])));
  const targets = checkOf(graph);
  return `${targets.bytes}:${targets.crc32}:${files.bytes}:${files.crc32}`;
}
