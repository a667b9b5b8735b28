import { liveVault } from "./live-vault.js";
import { openVault, type Vault } from "./vault.js";

export type { VaultSnapshot } from "./handle/vault-snapshot.js";

/**
 * Opens a vault for one request: re-reads its cortex.toml, and on first use
 * brings the index up to date incrementally (see `openVault`), so an edit
 * made in an editor between two requests is seen by the second. In a live
 * server (see `LiveVault`) the vault kept open is given when its watcher
 * knows the index current: no scan, nothing read again.
 *
 * @example const snap = await openSnapshot("/home/me/vault", "2026-11-22");
 */
export async function openSnapshot(vaultDir: string, today: string): Promise<Vault> {
  return liveVault(vaultDir)?.open(today) ?? openVault({ vault: vaultDir, env: {}, today });
}

export { readAtomText } from "../store/read-atom.js";

export { atomBody } from "../core/atoms/frontmatter.js";
