import type { VaultHandle } from "../handle/vault-handle.js";
import type { GroupIndex, ManifestEntry } from "../../core/indexes/types.js";

/**
 * What {@link related} needs: the vault's manifest and its resolved links,
 * from its database (a vault that cannot be written is indexed in memory
 * by the vault handle).
 *
 * @example const { manifest, edges } = loadRelatedInputs(openVault({ vault: "my-vault" }));
 */
export function loadRelatedInputs(vault: VaultHandle): { manifest: ManifestEntry[]; edges: GroupIndex } {
  return { manifest: vault.manifest, edges: vault.links };
}
