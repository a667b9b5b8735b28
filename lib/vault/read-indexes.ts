import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CortexError } from "../errors.js";
import { INDEX_FORMAT, type ManifestEntry, type VaultIndexes } from "../indexes/types.js";
import { vaultPaths } from "./paths.js";

/**
 * Reads the five indexes and `links.json` a previous `cortex index` wrote.
 *
 * @throws CortexError `NO_INDEX` when they are missing or of another format version (run `cortex index`).
 */
export function readIndexes(vaultDir: string): VaultIndexes {
  const parts = readIndexParts(vaultDir, ["manifest.json", "by_project.json", "by_type.json", "by_tag.json", "graph.json", "links.json"]);
  return {
    manifest: parts["manifest.json"] as VaultIndexes["manifest"],
    by_project: parts["by_project.json"] as VaultIndexes["by_project"],
    by_type: parts["by_type.json"] as VaultIndexes["by_type"],
    by_tag: parts["by_tag.json"] as VaultIndexes["by_tag"],
    graph: parts["graph.json"] as VaultIndexes["graph"],
    links: parts["links.json"] as VaultIndexes["links"],
  };
}

/**
 * {@link readIndexes}, reading the manifest and graph now and the group
 * indexes and `links.json` only when first used: a reader that resolves
 * links (check, link, graph) parses 30 MB less JSON at 100k atoms.
 *
 * @throws CortexError `NO_INDEX` when the manifest or graph is missing or of another format version.
 */
export function readIndexesLazily(vaultDir: string): VaultIndexes {
  const now = readIndexParts(vaultDir, ["manifest.json", "graph.json"]);
  const indexes = { manifest: now["manifest.json"], graph: now["graph.json"] } as VaultIndexes;
  for (const [key, file] of [["by_project", "by_project.json"], ["by_type", "by_type.json"], ["by_tag", "by_tag.json"], ["links", "links.json"]] as const) {
    let value: unknown;
    Object.defineProperty(indexes, key, { enumerable: true, get: () => (value ??= readIndexParts(vaultDir, [file])[file]) });
  }
  return indexes;
}

// The named files of index/, parsed, after checking meta.json's format version.
function readIndexParts(vaultDir: string, names: readonly string[]): Record<string, unknown> {
  const { indexDir } = vaultPaths(vaultDir);
  const read = (name: string) => JSON.parse(readFileSync(join(indexDir, name), "utf8")) as unknown;
  try {
    const format = (read("meta.json") as { format?: unknown }).format;
    if (format !== INDEX_FORMAT) throw new Error(`format ${String(format)}, expected ${INDEX_FORMAT}`);
    return Object.fromEntries(names.map((name) => [name, read(name)]));
  } catch (error) {
    throw new CortexError("NO_INDEX", `no usable index in ${indexDir} (${(error as Error).message}); run: cortex index`, { cause: error });
  }
}

/**
 * Reads only `index/manifest.json` of a previous `cortex index` (the other
 * files of a 100k vault take as long again to parse).
 *
 * @throws CortexError `NO_INDEX` when it is missing or of another format version (run `cortex index`).
 */
export function readManifestFile(vaultDir: string): ManifestEntry[] {
  return readIndexParts(vaultDir, ["manifest.json"])["manifest.json"] as ManifestEntry[];
}
