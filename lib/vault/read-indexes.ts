import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CortexError } from "../errors.js";
import { INDEX_FORMAT, type VaultIndexes } from "../indexes/types.js";
import { vaultPaths } from "./paths.js";

/**
 * Reads the five indexes and `links.json` a previous `cortex index` wrote.
 *
 * @throws CortexError `NO_INDEX` when they are missing or of another format version (run `cortex index`).
 */
export function readIndexes(vaultDir: string): VaultIndexes {
  const { indexDir } = vaultPaths(vaultDir);
  const read = (name: string) => JSON.parse(readFileSync(join(indexDir, name), "utf8")) as unknown;
  try {
    const format = (read("meta.json") as { format?: unknown }).format;
    if (format !== INDEX_FORMAT) throw new Error(`format ${String(format)}, expected ${INDEX_FORMAT}`);
    return {
      manifest: read("manifest.json") as VaultIndexes["manifest"],
      by_project: read("by_project.json") as VaultIndexes["by_project"],
      by_type: read("by_type.json") as VaultIndexes["by_type"],
      by_tag: read("by_tag.json") as VaultIndexes["by_tag"],
      graph: read("graph.json") as VaultIndexes["graph"],
      links: read("links.json") as VaultIndexes["links"],
    };
  } catch (error) {
    throw new CortexError("NO_INDEX", `no usable index in ${indexDir} (${(error as Error).message}); run: cortex index`, { cause: error });
  }
}
