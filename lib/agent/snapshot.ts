import { splitFrontmatter } from "../atoms/frontmatter.js";
import { liveVault } from "../app/live-vault.js";
import { openVault, type Vault } from "../app/vault.js";
import type { CortexConfig } from "../config/types.js";
import type { SearchDb } from "../fts/search-db.js";
import type { GroupIndex, ManifestEntry } from "../indexes/types.js";
import type { IndexFreshness } from "../status/types.js";
import type { VaultLock } from "../vault/lock.js";

/** A vault as one request sees it: settings and an index brought up to date with the files. */
export interface VaultSnapshot {
  vaultDir: string;
  config: CortexConfig;
  /** YYYY-MM-DD the layers are computed for. */
  today: string;
  /** Every atom, sorted by path (from {@link openSnapshot}: read on first use). */
  manifest: ManifestEntry[];
  /**
   * The bytes of `index/search.tsv` when they hold exactly `manifest`'s atoms
   * (from {@link openSnapshot}: read on first use); ranking reads them
   * instead of the manifest. Absent or null: rank the manifest.
   */
  readonly searchFile?: Buffer | null;
  /** How current the index was before this request: when it was written, and how many files had to be (re-)read or dropped. */
  freshness: IndexFreshness;
  /** The resolved links (source → targets) when this request built the indexes whole; null means `index/links.json` is current. */
  links: GroupIndex | null;
  /** False when the index was built in memory (the vault cannot be written); absent: on disk. */
  readonly indexOnDisk?: boolean;
  /** The vault lock this handle's caller holds (inside a transaction), if any. */
  readonly heldLock?: VaultLock;
  /** The full-text store this snapshot keeps open across rankings, if it keeps one (see `Vault.keptSearchDb`). */
  keptSearchDb?(notice?: (line: string) => void): SearchDb | undefined;
}

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

export { readAtomText } from "../app/read.js";

/** The body of an atom's text: everything after the frontmatter. */
export function atomBody(text: string): string {
  return splitFrontmatter(text).body;
}
