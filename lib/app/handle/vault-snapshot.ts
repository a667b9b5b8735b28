import type { CortexConfig } from "../../core/config/types.js";
import type { GroupIndex, ManifestEntry } from "../../core/indexes/types.js";
import type { IndexFreshness } from "../../core/status/types.js";
import type { SearchDb } from "../../store/fts/search-db.js";
import type { VaultLock } from "../../store/lock.js";

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
  /** Reads the index as written while the check that brings it up to date runs, if this snapshot has not checked yet (see `VaultHandle.readWhileChecking`). */
  readWhileChecking?<T>(read: () => { value: T; cacheSignature: string } | null): T | undefined;
}
