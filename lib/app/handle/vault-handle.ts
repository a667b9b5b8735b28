import type { VaultSnapshot } from "./vault-snapshot.js";
import type { LoadedConfig } from "../../store/config/load.js";
import type { CortexConfig } from "../../core/config/types.js";
import { CortexError } from "../../core/errors.js";
import type { GroupIndex, ManifestEntry, VaultIndexes } from "../../core/indexes/types.js";
import { searchRecordOf, type SearchRecord } from "../../core/search/types.js";
import { toManifestEntry } from "../../core/index-build/build.js";
import { indexSettingsKey, indexVault, type IndexVaultResult } from "../../engine/indexer.js";
import { collectDiagnostics, indexesOfDb } from "../../engine/exports.js";
import type { VaultLock } from "../../store/lock.js";
import { vaultPaths } from "../../store/paths.js";
import { scanVault } from "../../store/scan-vault.js";
import { IndexDb } from "../../store/index-db.js";
import type { IndexFreshness } from "../../core/status/types.js";
import { indexAsWritten, refreshIndex, type IndexState } from "./index-state.js";
import { getAtom, listAtoms, type AtomText, type ListOptions } from "./read.js";
import { searchVault, type VaultSearchOptions, type VaultSearchResult } from "./search.js";
import { linksCurrent, resolvedLinks } from "../../store/resolved-links.js";
import { findManifestEntry } from "../../core/links/refs.js";
import { compareStrings } from "../../core/util/compare.js";

/**
 * One vault with its settings and day, and lazy, cached access to its index:
 * what every use case works on (the `Vault` of `openVault` adds the use
 * cases themselves as methods: see lib/app/vault.ts). The index is brought
 * up to date (see {@link refreshIndex}) on the first read that needs it,
 * once per handle; every read then comes from the vault's database.
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
  #keepDb: boolean;
  #state: IndexState | undefined;
  #db: IndexDb | undefined;
  #indexes: VaultIndexes | undefined;
  #manifest: ManifestEntry[] | undefined;
  #links: GroupIndex | undefined;

  /** Use `openVault`; this is for code that has loaded the config already. */
  constructor(loaded: Omit<LoadedConfig, "via"> & { via?: LoadedConfig["via"] }, options: { today: string; refresh?: boolean; lock?: VaultLock; createIndex?: boolean; keepSearchDb?: boolean }) {
    this.vaultDir = loaded.vaultDir;
    this.config = loaded.config;
    this.via = loaded.via ?? "flag";
    this.today = options.today;
    this.refresh = options.refresh !== false;
    this.#lock = options.lock;
    this.#createIndex = options.createIndex !== false;
    this.#keepDb = options.keepSearchDb === true;
  }

  /** The index brought up to date (once per handle; again after {@link VaultHandle.invalidate}). */
  state(): IndexState {
    const options = { config: this.config, today: this.today, lock: this.#lock, createIndex: this.#createIndex };
    return (this.#state ??= this.refresh ? refreshIndex(this.vaultDir, options) : indexAsWritten(this.vaultDir, options));
  }

  /**
   * The database this handle reads, the index brought up to date first: the
   * vault's `index/cortex.db`, or the one in memory of an index that could not
   * be written. Opened once per handle (closed by {@link VaultHandle.close}).
   * A database that cannot be opened (missing, another schema) is made anew.
   */
  db(): IndexDb {
    if (this.#db?.db.isOpen) return this.#db;
    const state = this.state();
    if (state.result.db) return (this.#db = state.result.db);
    const settings = indexSettingsKey(this.config);
    let opened = IndexDb.open(vaultPaths(this.vaultDir).db, settings);
    if (typeof opened === "string") {
      // Missing or unusable under an index as written (an older version's, or a run killed before its first commit).
      this.#state = refreshIndex(this.vaultDir, { config: this.config, today: this.today, lock: this.#lock, full: true });
      const again = this.#state.result.db ?? IndexDb.open(vaultPaths(this.vaultDir).db, settings);
      if (typeof again === "string") throw new CortexError("IO", `index/cortex.db: ${again}`);
      opened = again;
    }
    this.#db = opened;
    this.#db.kept = this.#keepDb;
    return this.#db;
  }

  /** Forgets what was read, so that the next read sees the files again (after a write). */
  invalidate(): void {
    this.#state = this.#indexes = this.#manifest = this.#links = undefined;
    this.close();
  }

  /**
   * The database kept open by a handle opened with `keepSearchDb` (a live
   * server's), for many rankings; undefined otherwise (each ranking then
   * uses the handle's {@link VaultHandle.db}).
   */
  keptSearchDb(): IndexDb | undefined {
    return this.#keepDb ? this.db() : undefined;
  }

  /** Closes the database the handle opened; a later read opens it again. */
  close(): void {
    this.#db?.close();
    this.#db = undefined;
  }

  /** False when the index was built in memory (the vault cannot be written). Brings the index up to date first. */
  get indexOnDisk(): boolean {
    return this.state().onDisk;
  }

  /** How current the index was before this handle brought it up to date. */
  get freshness(): IndexFreshness {
    return this.state().freshness;
  }

  /**
   * Every atom, sorted by path, with its backlink count: read from the
   * database while its links are current (see `linksCurrent`), else
   * from the indexes built in memory.
   */
  get manifest(): ManifestEntry[] {
    if (this.#indexes) return this.#indexes.manifest;
    const db = this.db();
    if (!linksCurrent(db)) return this.indexes().manifest;
    return (this.#manifest ??= db.atoms().map((row) => toManifestEntry(row.atom, row.backlinks)));
  }

  /**
   * The atom a REF means (see `resolveAtomRef`): resolved against the path,
   * id and name of every atom, and read alone from the database, not with
   * every other atom (unless the manifest is in hand, or the links are not current).
   *
   * @throws CortexError `NOT_FOUND`, `AMBIGUOUS`.
   */
  findEntry(ref: string): ManifestEntry {
    const held = this.#indexes?.manifest ?? this.#manifest;
    const db = held ? undefined : this.db();
    const all = held ?? (linksCurrent(db!) ? undefined : this.manifest);
    if (all) return findManifestEntry(all, ref);
    const row = db!.atom(findManifestEntry(this.atomNames(), ref).path)!;
    return toManifestEntry(row.atom, row.backlinks);
  }

  /**
   * The path, id, name and aliases of every atom, in the manifest's order:
   * what a REF or a `[[link]]` is matched against, read without the rest of
   * each atom and without resolving a link (the manifest when in hand).
   */
  atomNames(): Pick<ManifestEntry, "path" | "id" | "name" | "aliases">[] {
    const held = this.#indexes?.manifest ?? this.#manifest;
    if (held) return held;
    const rows = this.db().prepare("SELECT path, atom_id AS id, name, aliases FROM docs").all() as { path: string; id: string | null; name: string; aliases: string }[];
    // SQLite orders paths by their UTF-8 bytes; the manifest by code units (an ambiguous REF lists its matches so).
    return rows.map((r) => ({ ...r, aliases: JSON.parse(r.aliases) as string[] })).sort((a, b) => compareStrings(a.path, b.path));
  }

  /**
   * The atoms one atom's links open, and the atoms whose links open it (by
   * path): that atom's alone from the database, or from every link (see
   * {@link VaultHandle.links}) when they are in hand, not current, or worth
   * holding (a handle kept for many requests, `keepSearchDb`).
   */
  linksOf(path: string): { links: string[]; backlinks: string[] } {
    const db = this.#indexes || this.#links || this.#keepDb ? undefined : this.db();
    if (!db || !linksCurrent(db)) {
      const edges = this.links;
      return { links: edges[path] ?? [], backlinks: Object.keys(edges).filter((from) => edges[from]!.includes(path)).sort(compareStrings) };
    }
    const sql = "SELECT path FROM docs WHERE resolved <> '[]' AND EXISTS (SELECT 1 FROM json_each(resolved) WHERE value = ?)";
    const backlinks = (db.prepare(sql).all(path) as { path: string }[]).map((r) => r.path).sort(compareStrings);
    return { links: db.atom(path)?.resolved ?? [], backlinks };
  }

  /** True when this handle built the index whole: there was none. */
  get indexedNow(): boolean {
    return this.freshness.indexed_at === null;
  }

  /** Every atom's search record from the database, in path order (what the seed ranking reads). */
  searchRecords(): SearchRecord[] {
    return this.db().atoms().map((row) => searchRecordOf(row.atom));
  }

  /** The resolved links (source → the atoms its links open), for atoms that link; read as {@link VaultHandle.manifest} is. */
  get links(): GroupIndex {
    if (this.#indexes) return this.#indexes.links;
    const db = this.db();
    return linksCurrent(db) ? (this.#links ??= resolvedLinks(db)) : this.indexes().links;
  }

  /** The six indexes as they now stand, built from the database (once per handle). */
  indexes(): VaultIndexes {
    return (this.#indexes ??= this.state().result.indexes ?? indexesOfDb(this.db()));
  }

  /** What the index run found: atom count, diagnostics, and the non-atom files links may open. */
  indexResult(): IndexVaultResult {
    const { result } = this.state();
    if (!Number.isNaN(result.atoms)) return result;
    // The index as written (no refresh): the facts a run would give, from the database.
    const scan = scanVault(this.vaultDir, { stat: false });
    return { ...result, atoms: this.db().docCount(), diagnostics: collectDiagnostics(this.db().diagnostics(), scan.skipped), otherFiles: scan.others };
  }

  /**
   * Runs the indexer now (incremental unless `full`) and makes this handle
   * read what it wrote. Waits up to 15 s for the vault lock.
   *
   * @throws CortexError `LOCKED`, `IO`.
   */
  index(options: { full?: boolean; onProgress?: (done: number, total: number) => void; onNotice?: (message: string) => void } = {}): IndexVaultResult {
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
}
