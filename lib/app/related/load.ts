import type { VaultHandle } from "../handle/vault-handle.js";
import { CortexError } from "../../core/errors.js";
import type { GroupIndex, ManifestEntry } from "../../core/indexes/types.js";
import { readLinksIndex } from "../../store/read-indexes.js";

/**
 * What {@link related} needs, as cheaply as the index allows: the vault's
 * manifest and the resolved links as the index run wrote them
 * (`index/links.json`); no link is resolved again, and the group indexes and
 * the graph are not read. A vault that cannot be written is indexed in memory
 * (by the vault handle).
 *
 * @example const { manifest, edges } = loadRelatedInputs(openVault({ vault: "my-vault" }));
 */
export function loadRelatedInputs(vault: VaultHandle): { manifest: ManifestEntry[]; edges: GroupIndex } {
  const manifest = vault.manifest;
  const built = vault.links;
  if (built !== null || !vault.indexOnDisk) return { manifest, edges: built ?? vault.indexes().links };
  try {
    return { manifest, edges: readLinksIndex(vault.vaultDir) };
  } catch (error) {
    if (!(error instanceof CortexError)) throw error;
    // A damaged links.json: the whole index as the vault reads it (rebuilt in memory when it must be).
    return { manifest, edges: vault.indexes().links };
  }
}
