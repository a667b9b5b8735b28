import type { VaultSnapshot } from "./vault-snapshot.js";
import type { LoadedConfig } from "../../store/config/load.js";
import type { CortexConfig } from "../../core/config/types.js";
import { CortexError } from "../../core/errors.js";
import type { GroupIndex, ManifestEntry, VaultIndexes } from "../../core/indexes/types.js";
import { isCurrentSearchFile, serializeSearchFile } from "../../core/indexes/search-file.js";
import { indexVault, type IndexVaultResult } from "../../engine/indexer.js";
import type { VaultLock } from "../../store/lock.js";
import { readMeta, type MetaRead } from "../../store/index-check.js";
import { vaultPaths } from "../../store/paths.js";
import { readIndexesLazily, readManifestFile } from "../../store/read-indexes.js";
import { scanVault } from "../../store/scan-vault.js";
import type { IndexFreshness } from "../../core/status/types.js";
import { beginRefresh, indexAsWritten, refreshIndex, type IndexState } from "./index-state.js";
import { getAtom, listAtoms, type AtomText, type ListOptions } from "./read.js";
import { searchVault, type VaultSearchOptions, type VaultSearchResult } from "./search.js";
import { cacheSignature, readFileBytes, readFileText } from "../../store/files.js";
import { patchedBytes, readPendingPatches } from "../../store/pending.js";
import type { SearchDb } from "../../store/fts/search-db.js";
import { openVaultSearchDb } from "../fts/vault-search.js";

/**
 * One vault with its settings and day, and lazy, cached access to its index:
 * what every use case works on (the `Vault` of `openVault` adds the use
 * cases themselves as methods: see lib/app/vault.ts). The
 * index is brought up to date (see {@link refreshIndex}) on the first read
 * that needs it, once per handle.
 */
export class VaultHandle implements VaultSnapshot {
  readonly vaultDir: string;
  readonly config: CortexConfig;
  /** YYYY-MM-DD the layers are computed for. */
  readonly today: string;
  /** How the vault was found. */
  readonly via: LoadedConfig["via"];
  /** False: reads take the index as written (see `OpenVaultOptions.refresh`). */
  readonly refresh: boolean;
  #lock: VaultLock | undefined;
  #createIndex: boolean;
  #rebuilt = false;
  #state: IndexState | undefined;
  #manifest: ManifestEntry[] | undefined;
  #searchFile: Buffer | null | undefined;
  #indexes: VaultIndexes | undefined;
  #keepSearchDb: boolean;
  #searchDb: SearchDb | undefined;

  /** Use `openVault`; this is for code that has loaded the config already. */
  constructor(loaded: Omit<LoadedConfig, "via"> & { via?: LoadedConfig["via"] }, options: { today: string; refresh?: boolean; lock?: VaultLock; createIndex?: boolean; keepSearchDb?: boolean }) {
    this.vaultDir = loaded.vaultDir;
    this.config = loaded.config;
    this.via = loaded.via ?? "flag";
    this.today = options.today;
    this.refresh = options.refresh !== false;
    this.#lock = options.lock;
    this.#createIndex = options.createIndex !== false;
    this.#keepSearchDb = options.keepSearchDb === true;
  }

  /** The index brought up to date (once per handle; again after {@link VaultHandle.invalidate}). */
  state(): IndexState {
    const options = { config: this.config, today: this.today, lock: this.#lock, createIndex: this.#createIndex };
    // Under a lock the index is brought up to date unless the transaction reads it as written (see `MutateOptions.asIndexed`).
    return (this.#state ??= this.refresh ? refreshIndex(this.vaultDir, options) : indexAsWritten(this.vaultDir, options));
  }

  /**
   * Runs `read` over the index as written while the check that brings it up
   * to date runs on a second thread (see `beginRefresh`; a vault too small
   * for one is brought up to date first, and nothing is read here). `read`
   * gives its value and the identity of `index/cache.tsv` the data it read
   * was in step with (see `openSearchDbIfCurrent`), or null. Returns that
   * value when the check found every file as the index records it and no run
   * wrote `cache.tsv` from before the check to after it (the value is then
   * what a read after the check would give); undefined otherwise: the index
   * is then brought up to date as {@link VaultHandle.state} does, and the
   * caller reads again. Nothing `read` throws reaches the caller: a read
   * after the check throws it again.
   */
  readWhileChecking<T>(read: () => { value: T; cacheSignature: string } | null): T | undefined {
    if (this.#state || !this.refresh || this.#lock || this.#keepSearchDb) return undefined;
    const cache = vaultPaths(this.vaultDir).cache;
    const before = cacheSignature(cache);
    const pending = beginRefresh(this.vaultDir, { config: this.config, today: this.today, createIndex: this.#createIndex }, true);
    if (!pending.alongside || before === null) {
      this.#state = pending.finish();
      return undefined;
    }
    let got: { value: T; cacheSignature: string } | null = null;
    try {
      got = read();
    } catch {
      got = null;
    } finally {
      this.#state = pending.finish();
    }
    const current = got !== null && this.#state.onDisk && this.#state.freshness.fresh && got.cacheSignature === before && cacheSignature(cache) === before;
    return current ? got!.value : undefined;
  }

  /** Forgets what was read, so that the next read sees the files again (after a write). */
  invalidate(): void {
    this.#state = this.#manifest = this.#searchFile = this.#indexes = undefined;
    this.close();
  }

  /**
   * The full-text store kept open by a handle opened with `keepSearchDb`
   * (opened on first use, again after {@link VaultHandle.close}); undefined
   * otherwise: each ranking then opens its own. Brings the index up to date first.
   */
  keptSearchDb(notice?: (line: string) => void): SearchDb | undefined {
    if (!this.#keepSearchDb) return undefined;
    if (this.#searchDb?.db.isOpen) return this.#searchDb;
    this.#searchDb = openVaultSearchDb(this.vaultDir, this.config, { onDisk: this.indexOnDisk, lock: this.#lock, notice });
    this.#searchDb.kept = true;
    return this.#searchDb;
  }

  /** Closes what the handle keeps open (see `keepSearchDb`); a later ranking opens it again. */
  close(): void {
    this.#searchDb?.close();
    this.#searchDb = undefined;
  }

  /** False when the index was built in memory (the vault cannot be written). Brings the index up to date first. */
  get indexOnDisk(): boolean {
    return this.state().onDisk;
  }

  /** The vault lock this handle was opened under (inside a transaction), if any. */
  get heldLock(): VaultLock | undefined {
    return this.#lock;
  }

  /** How current the index was before this handle brought it up to date. */
  get freshness(): IndexFreshness {
    return this.state().freshness;
  }

  /** Every atom, sorted by path. */
  get manifest(): ManifestEntry[] {
    return (this.#manifest ??= this.state().result.indexes?.manifest ?? this.#indexes?.manifest ?? this.readOr(() => readManifestFile(this.vaultDir), (r) => r.indexes!.manifest));
  }

  /** {@link VaultHandle.manifest} when this handle has read it already; undefined otherwise (nothing is read). */
  get manifestIfRead(): readonly ManifestEntry[] | undefined {
    return this.#manifest ?? this.#indexes?.manifest;
  }

  /**
   * The bytes of `index/search.tsv` when they hold exactly {@link VaultHandle.manifest}'s
   * atoms; null when the index was built in memory (rank the manifest then).
   */
  get searchFile(): Buffer | null {
    if (this.#searchFile !== undefined) return this.#searchFile;
    if (!this.state().onDisk) return (this.#searchFile = null);
    return (this.#searchFile = readSearchBytes(this.vaultDir) ?? this.rebuildSearchFile());
  }

  /** True when this handle built the index whole: there was none, or its search file was missing or of another format. */
  get indexedNow(): boolean {
    return this.#rebuilt || this.freshness.indexed_at === null;
  }

  // A search file missing or of another format version (the rest of the index current): rebuilt whole, once.
  private rebuildSearchFile(): Buffer | null {
    const state = refreshIndex(this.vaultDir, { config: this.config, today: this.today, lock: this.#lock, full: true });
    this.#state = { ...state, freshness: this.state().freshness };
    this.#manifest = this.#indexes = undefined;
    this.#rebuilt = true;
    return state.onDisk ? readSearchBytes(this.vaultDir) : null;
  }

  /** The bytes search ranks: `index/search.tsv`, or the same built from the manifest. */
  searchBytes(): Buffer {
    return this.searchFile ?? Buffer.from(serializeSearchFile(this.manifest));
  }

  /** The resolved links (source → targets) when this handle's run built the indexes whole; null means `index/links.json` is current. */
  get links(): GroupIndex | null {
    return this.state().result.indexes?.links ?? null;
  }

  /**
   * The six indexes as they now stand. Read from disk, the group indexes and
   * `links.json` are parsed only when first used (see `readIndexesLazily`).
   */
  indexes(): VaultIndexes {
    return (this.#indexes ??= this.state().result.indexes ?? this.readOr(() => readIndexesLazily(this.vaultDir), (r) => r.indexes!));
  }

  /** What the index run found: atom count, diagnostics, and the non-atom files links may open. */
  indexResult(): IndexVaultResult {
    const { result } = this.state();
    if (!Number.isNaN(result.atoms)) return result;
    // The index as written (no refresh): the facts a run would give, without re-reading the atoms.
    return { ...result, atoms: this.manifest.length, otherFiles: scanVault(this.vaultDir, { stat: false }).others };
  }

  /**
   * Runs the indexer now (incremental unless `full`) and makes this handle
   * read what it wrote. Waits up to 15 s for the vault lock.
   *
   * @throws CortexError `LOCKED`, `IO`.
   */
  index(options: { full?: boolean; onProgress?: (done: number, total: number) => void; keepIndexes?: boolean; onNotice?: (message: string) => void } = {}): IndexVaultResult {
    const result = indexVault(this.vaultDir, { ...options, config: this.config, today: this.today, lock: this.#lock });
    this.invalidate();
    this.#state = { result, onDisk: true, freshness: { indexed_at: new Date().toISOString(), changed_since_index: 0, fresh: true } };
    return result;
  }

  /** Ranks the atoms for `query` (filter mode without one) and logs the search; see {@link searchVault}. */
  async search(query: string, options: VaultSearchOptions = {}): Promise<VaultSearchResult> {
    return searchVault(this, query, options);
  }

  /** One atom and its text, by path, id, name, link stem, `[[wikilink]]` or `cortex://atom/` URI; see {@link getAtom}. */
  async get(ref: string): Promise<AtomText> {
    return getAtom(this, ref);
  }

  /** The atoms matching the filters, most recently updated first; see {@link listAtoms}. */
  async list(options: ListOptions = {}): Promise<ManifestEntry[]> {
    return listAtoms(this, options);
  }

  /** The vault lock this handle works under (inside a transaction, see `mutateVault`), if any. */
  get lock(): VaultLock | undefined {
    return this.#lock;
  }

  // Reads a file of the index on disk; when that fails, or the index is in memory only, builds the indexes in memory.
  private readOr<T>(read: () => T, fromRun: (result: IndexVaultResult) => T): T {
    if (this.state().onDisk) {
      try {
        return read();
      } catch (error) {
        if (!(error instanceof CortexError)) throw error;
      }
    }
    const run = indexVault(this.vaultDir, { config: this.config, today: this.today, write: false });
    this.#indexes = run.indexes;
    return fromRun(run);
  }
}

// index/search.tsv when it is of this version and of the length meta.json recorded, with its pending pieces; null
// otherwise (it is rebuilt). Only the length is checked (it catches a lost, doubled or cut line): hashing it would
// add to every search.
function readSearchBytes(vaultDir: string): Buffer | null {
  const paths = vaultPaths(vaultDir);
  try {
    const base = readFileBytes(paths.search);
    const files = readMetaFile(paths.meta)?.files;
    const recorded = files?.["index/search.tsv"]?.bytes;
    const patches = files ? readPendingPatches(vaultDir, files) : {};
    let buf: Buffer | string;
    if (recorded !== undefined && recorded !== base.length) buf = `index/search.tsv is damaged (${base.length} bytes, ${recorded} written)`;
    else buf = typeof patches === "string" ? patches : patchedBytes("index/search.tsv", base, patches);
    if (typeof buf !== "string") return isCurrentSearchFile(buf) ? buf : null;
    process.stderr.write(`cortex: ${buf}: rebuilding the index\n`);
    return null;
  } catch {
    return null;
  }
}

function readMetaFile(file: string): MetaRead | null {
  try {
    return readMeta(readFileText(file));
  } catch {
    return null;
  }
}
