import { readFileSync } from "node:fs";
import type { VaultSnapshot } from "../agent/snapshot.js";
import { loadConfig, type LoadConfigOptions, type LoadedConfig } from "../config/load.js";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import type { GroupIndex, ManifestEntry, VaultIndexes } from "../indexes/types.js";
import { isCurrentSearchFile, serializeSearchFile } from "../search/search-file.js";
import { isIsoDate, localDate } from "../util/dates.js";
import { indexVault, type IndexVaultResult } from "../vault/indexer.js";
import type { VaultLock } from "../vault/lock.js";
import { readMeta, type MetaRead } from "../vault/index-check.js";
import { vaultPaths } from "../vault/paths.js";
import { readIndexesLazily, readManifestFile } from "../vault/read-indexes.js";
import { scanVault } from "../vault/scan.js";
import type { IndexFreshness } from "../status/types.js";
import { indexAsWritten, refreshIndex, type IndexState } from "./index-state.js";
import type { CheckReport } from "../check/types.js";
import type { ContextOptions, ContextResult } from "../context/build.js";
import type { VaultStatus } from "../status/types.js";
import type { SupersedeInput, SupersedeOptions, SupersedeResult, WriteInput, WriteOptions, WriteResult } from "../write/types.js";
import type { Mutation, MutateOptions, MutationOutcome } from "./mutate.js";
import { getAtom, listAtoms, type AtomText, type ListOptions } from "./read.js";
import { searchVault, type VaultSearchOptions, type VaultSearchResult } from "./search.js";
import { validateSettings } from "./settings.js";

/** Options of {@link openVault}: where the vault is, the day, and how fresh reads are. */
export interface OpenVaultOptions extends LoadConfigOptions {
  /** YYYY-MM-DD the layers are computed for. Default: the local date now. */
  today?: string;
  /**
   * Bring the index up to date with the files before the first read (default
   * true): hand edits, new and deleted notes are seen. False reads the index
   * as the last run wrote it (built only when there is none).
   */
  refresh?: boolean;
}

/**
 * Opens a vault: finds it (`vault` > `CORTEX_VAULT` > the nearest folder at
 * or above `cwd` with a cortex.toml), loads and checks its whole cortex.toml
 * once, and pins the day. Reads are lazy and cached for the life of the
 * handle: open one per request to see later changes.
 *
 * @throws CortexError `NOT_A_VAULT`, `VAULT_NOT_FOUND`, `CONFIG`, `BAD_ARGUMENT` (a bad `today`).
 * @example
 * const vault = openVault({ vault: "examples/vault", today: "2026-11-22" });
 * const { hits } = vault.search("deploy risk", { top: 3 });
 */
export function openVault(options: OpenVaultOptions = {}): Vault {
  const today = options.today ?? localDate(Date.now());
  if (!isIsoDate(today)) throw new CortexError("BAD_ARGUMENT", `today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
  const loaded = loadConfig(options);
  validateSettings(loaded.config, loaded.vaultDir);
  return new Vault(loaded, { today, refresh: options.refresh !== false });
}

/**
 * One vault with its settings and day, and lazy, cached access to its index:
 * the way in for the CLI, the MCP server, the hooks and the library. The
 * index is brought up to date (see {@link refreshIndex}) on the first read
 * that needs it, once per handle.
 */
export class Vault implements VaultSnapshot {
  readonly vaultDir: string;
  readonly config: CortexConfig;
  /** YYYY-MM-DD the layers are computed for. */
  readonly today: string;
  /** How the vault was found. */
  readonly via: LoadedConfig["via"];
  /** False: reads take the index as written (see {@link OpenVaultOptions.refresh}). */
  readonly refresh: boolean;
  #lock: VaultLock | undefined;
  #createIndex: boolean;
  #rebuilt = false;
  #state: IndexState | undefined;
  #manifest: ManifestEntry[] | undefined;
  #searchFile: Buffer | null | undefined;
  #indexes: VaultIndexes | undefined;

  /** Use {@link openVault}; this is for code that has loaded the config already. */
  constructor(loaded: Omit<LoadedConfig, "via"> & { via?: LoadedConfig["via"] }, options: { today: string; refresh?: boolean; lock?: VaultLock; createIndex?: boolean }) {
    this.vaultDir = loaded.vaultDir;
    this.config = loaded.config;
    this.via = loaded.via ?? "flag";
    this.today = options.today;
    this.refresh = options.refresh !== false;
    this.#lock = options.lock;
    this.#createIndex = options.createIndex !== false;
  }

  /** The index brought up to date (once per handle; again after {@link Vault.invalidate}). */
  state(): IndexState {
    const options = { config: this.config, today: this.today, lock: this.#lock, createIndex: this.#createIndex };
    // Under a lock the index is brought up to date unless the transaction reads it as written (see `MutateOptions.asIndexed`).
    return (this.#state ??= this.refresh ? refreshIndex(this.vaultDir, options) : indexAsWritten(this.vaultDir, options));
  }

  /** Forgets what was read, so that the next read sees the files again (after a write). */
  invalidate(): void {
    this.#state = this.#manifest = this.#searchFile = this.#indexes = undefined;
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

  /**
   * The bytes of `index/search.tsv` when they hold exactly {@link Vault.manifest}'s
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

  /** Counts by layer, status, project and type, recent activity, overdue reviews and how current the index was. */
  async status(options: { recent?: number } = {}): Promise<VaultStatus> {
    const [{ computeStatus }, { readVaultEvents }] = await Promise.all([load<typeof import("../status/compute.js")>("../status/compute.js"), load<typeof import("../status/read.js")>("../status/read.js")]);
    return computeStatus(this.manifest, readVaultEvents(this.vaultDir), this.freshness, this.today, this.config.layers, options.recent);
  }

  /** A token-budgeted briefing for a question or task (see `buildContext`). */
  async context(query: string, options: Omit<ContextOptions, "query"> = {}): Promise<ContextResult> {
    const { buildContext } = await load<typeof import("../context/build.js")>("../context/build.js");
    return buildContext(this, { ...options, query });
  }

  /** Lints the vault (see `checkVault`): schema, links, ids, MOC markers. */
  async check(): Promise<CheckReport> {
    const { checkVault } = await load<typeof import("../check/check-vault.js")>("../check/check-vault.js");
    return checkVault(this.vaultDir, { config: this.config, today: this.today, vault: this });
  }

  /** Creates an atom through the write path (validation, security scan, near-duplicate check, one transaction); see `writeAtom`. */
  async write(input: WriteInput, options: Omit<WriteOptions, "config" | "today"> = {}): Promise<WriteResult> {
    const { writeAtom } = await load<typeof import("../write/write-atom.js")>("../write/write-atom.js");
    const result = await writeAtom(this.vaultDir, input, { ...options, config: this.config, today: this.today });
    this.invalidate();
    return result;
  }

  /** Marks an atom superseded by another (or retired without `by`); see `supersedeAtom`. */
  async supersede(input: SupersedeInput, options: Omit<SupersedeOptions, "config" | "today"> = {}): Promise<SupersedeResult> {
    const { supersedeAtom } = await load<typeof import("../write/supersede.js")>("../write/supersede.js");
    const result = await supersedeAtom(this.vaultDir, input, { ...options, config: this.config, today: this.today });
    this.invalidate();
    return result;
  }

  /** Runs `fn` as one transaction that changes the vault (see {@link mutateVault}). */
  async mutate<T extends object>(op: string, fn: (tx: Mutation) => T | Promise<T>, options: MutateOptions = {}): Promise<T & MutationOutcome> {
    const { mutateVault } = await load<typeof import("./mutate.js")>("./mutate.js");
    return mutateVault(this, op, fn, options);
  }

  /** The vault lock this handle works under (inside {@link mutate}), if any. */
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

// index/search.tsv when it can be read and is of this version; null otherwise.
// index/search.tsv when it is of this version and of the length meta.json recorded; null otherwise (it is rebuilt).
// Only the length is checked (it catches a lost, doubled or cut line): hashing it would add to every search.
function readSearchBytes(vaultDir: string): Buffer | null {
  const paths = vaultPaths(vaultDir);
  try {
    const buf = readFileSync(paths.search);
    if (!isCurrentSearchFile(buf)) return null;
    const recorded = readMetaFile(paths.meta)?.files["index/search.tsv"]?.bytes;
    if (recorded === undefined || recorded === buf.length) return buf;
    process.stderr.write(`cortex: index/search.tsv is damaged (${buf.length} bytes, ${recorded} written): rebuilding the index\n`);
    return null;
  } catch {
    return null;
  }
}

function readMetaFile(file: string): MetaRead | null {
  try {
    return readMeta(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// The code of the methods a command does not need, loaded on first use. A URL, not a path: a CLI command's
// bundle must not carry the write path, the linter and the briefings (see scripts/bundle-cli.mjs). Inside a
// bundle these load the ES modules of dist/, whose CortexError is another class: CLI commands call the
// functions themselves, not these methods.
function load<T>(relative: string): Promise<T> {
  return import(new URL(relative, import.meta.url).href) as Promise<T>;
}
