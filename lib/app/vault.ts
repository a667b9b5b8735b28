import { loadConfig, type LoadConfigOptions } from "../store/config/load.js";
import type { CheckReport } from "../core/check/types.js";
import type { VaultStatus } from "../core/status/types.js";
import { assertToday, localDate } from "../core/util/dates.js";
import type { SupersedeInput, SupersedeOptions, SupersedeResult, WriteInput, WriteOptions, WriteResult } from "../core/write/types.js";
import type { ContextOptions, ContextResult } from "./context/build.js";
import type { UpdateInput, UpdateOptions, UpdateResult } from "./write/update.js";
import type { Mutation, MutateOptions, MutationOutcome } from "./handle/mutate.js";
import { validateSettings } from "./settings.js";
import { VaultHandle } from "./handle/vault-handle.js";

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
  /**
   * Keep the derived store (`index/cortex.db`) open for the life of the
   * handle, until {@link Vault.close}, instead of opening it for each
   * ranking: for a vault that serves many requests while the files do not
   * change (a live server's). Default false.
   */
  keepSearchDb?: boolean;
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
  assertToday(today);
  const loaded = loadConfig(options);
  validateSettings(loaded.config, loaded.vaultDir);
  return new Vault(loaded, { today, refresh: options.refresh !== false, keepSearchDb: options.keepSearchDb });
}

/**
 * One vault with its settings and day, lazy, cached access to its index
 * (see {@link VaultHandle}), and the use cases as methods: the way in for the
 * CLI, the MCP server, the hooks and the library. The code of each use case
 * is loaded on first use, and takes the handle; it never imports this file.
 */
export class Vault extends VaultHandle {
  /** Counts by layer, status, project and type, recent activity, overdue reviews and how current the index was. */
  async status(options: { recent?: number } = {}): Promise<VaultStatus> {
    const [{ computeStatus }, { readVaultEvents }] = await Promise.all([load<typeof import("../core/status/compute.js")>("../core/status/compute.js"), load<typeof import("../store/status/read.js")>("../store/status/read.js")]);
    return computeStatus(this.manifest, readVaultEvents(this.vaultDir), this.freshness, this.today, this.config.layers, options.recent);
  }

  /** A token-budgeted briefing for a question or task (see `buildContext`). */
  async context(query: string, options: Omit<ContextOptions, "query"> = {}): Promise<ContextResult> {
    const { buildContext } = await load<typeof import("./context/build.js")>("./context/build.js");
    return buildContext(this, { ...options, query });
  }

  /** Lints the vault (see `checkVault`): schema, links, ids, MOC markers. */
  async check(): Promise<CheckReport> {
    const { checkVault } = await load<typeof import("./check/check-vault.js")>("./check/check-vault.js");
    return checkVault(this.vaultDir, { config: this.config, today: this.today, vault: this });
  }

  /** Creates an atom through the write path (validation, security scan, near-duplicate check, one transaction); see `writeAtom`. */
  async write(input: WriteInput, options: Omit<WriteOptions, "config" | "today"> = {}): Promise<WriteResult> {
    const { writeAtom } = await load<typeof import("./write/write-atom.js")>("./write/write-atom.js");
    const result = await writeAtom(this.vaultDir, input, { ...options, config: this.config, today: this.today });
    this.invalidate();
    return result;
  }

  /** Marks an atom superseded by another (or retired without `by`); see `supersedeAtom`. */
  async supersede(input: SupersedeInput, options: Omit<SupersedeOptions, "config" | "today"> = {}): Promise<SupersedeResult> {
    const { supersedeAtom } = await load<typeof import("./write/supersede.js")>("./write/supersede.js");
    const result = await supersedeAtom(this.vaultDir, input, { ...options, config: this.config, today: this.today });
    this.invalidate();
    return result;
  }

  /** Changes a note in place: appends text, or replaces a section or an exact passage; see `updateAtom`. */
  async update(input: UpdateInput, options: Omit<UpdateOptions, "config" | "today"> = {}): Promise<UpdateResult> {
    const { updateAtom } = await load<typeof import("./write/update.js")>("./write/update.js");
    const result = await updateAtom(this.vaultDir, input, { ...options, config: this.config, today: this.today });
    this.invalidate();
    return result;
  }

  /** Runs `fn` as one transaction that changes the vault (see {@link mutateVault}). */
  async mutate<T extends object>(op: string, fn: (tx: Mutation) => T | Promise<T>, options: MutateOptions = {}): Promise<T & MutationOutcome> {
    const { mutateVault } = await load<typeof import("./handle/mutate.js")>("./handle/mutate.js");
    return mutateVault(this, op, fn, options);
  }
}

// The code of the methods a command does not need, loaded on first use. A URL, not a path: a CLI command's
// bundle must not carry the write path, the linter and the briefings (see scripts/bundle-cli.mjs). Inside a
// bundle these load the ES modules of dist/, whose CortexError is another class: CLI commands call the
// functions themselves, not these methods.
function load<T>(relative: string): Promise<T> {
  return import(new URL(relative, import.meta.url).href) as Promise<T>;
}
