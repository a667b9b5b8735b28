import type { CortexConfig } from "../../core/config/types.js";
import type { GroupIndex, ManifestEntry } from "../../core/indexes/types.js";
import type { SearchRecord } from "../../core/search/types.js";
import type { IndexFreshness } from "../../core/status/types.js";
import type { IndexDb } from "../../store/index-db.js";

/** A vault as one request sees it: settings and an index brought up to date with the files. */
export interface VaultSnapshot {
  vaultDir: string;
  config: CortexConfig;
  /** YYYY-MM-DD the layers are computed for. */
  today: string;
  /** Every atom, sorted by path (from {@link openSnapshot}: read on first use). */
  manifest: ManifestEntry[];
  /** Every atom's search record, in path order (what the seed ranking reads); absent: made from `manifest`. */
  searchRecords?(): SearchRecord[];
  /** How current the index was before this request: when it was written, and how many files had to be (re-)read or dropped. */
  freshness: IndexFreshness;
  /** The resolved links (source → the atoms its links open), for atoms that link. */
  links: GroupIndex;
  /** False when the index was built in memory (the vault cannot be written); absent: on disk. */
  readonly indexOnDisk?: boolean;
  /** The database this snapshot keeps open across rankings, if it keeps one (see `VaultHandle.keptSearchDb`). */
  keptSearchDb?(): IndexDb | undefined;
  /** The atom a REF means, found without reading every atom (see `VaultHandle.findEntry`); absent: found in `manifest`. */
  findEntry?(ref: string): ManifestEntry;
  /** The database this snapshot reads, its index brought up to date (see `VaultHandle.db`). */
  db?(): IndexDb;
}
