import { readFileSync } from "node:fs";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import type { GroupIndex, ManifestEntry } from "../indexes/types.js";
import { indexVault, type IndexVaultResult } from "../vault/indexer.js";
import { join } from "node:path";
import { readManifestFile } from "../vault/read-indexes.js";

/**
 * What {@link related} needs, as cheaply as the index allows: the index is
 * brought up to date, then the manifest and the resolved links are read as
 * the run wrote them (`index/links.json`); no link is resolved again, and the
 * group indexes are not read. A vault that cannot be written is indexed in memory.
 *
 * @example const { manifest, edges } = loadRelatedInputs(vaultDir, config, "2026-11-22");
 */
export function loadRelatedInputs(vaultDir: string, config: CortexConfig, today: string): { manifest: ManifestEntry[]; edges: GroupIndex } {
  let result: IndexVaultResult;
  try {
    result = indexVault(vaultDir, { config, today });
  } catch (error) {
    if (!(error instanceof CortexError) || (error.code !== "IO" && error.code !== "LOCKED")) throw error;
    result = indexVault(vaultDir, { config, today, write: false });
  }
  if (result.indexes) return { manifest: result.indexes.manifest, edges: result.indexes.links };
  const file = join(vaultDir, "index", "links.json");
  try {
    return { manifest: readManifestFile(vaultDir), edges: JSON.parse(readFileSync(file, "utf8")) as GroupIndex };
  } catch (error) {
    throw new CortexError("IO", `cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
}
