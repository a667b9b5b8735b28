import { join } from "node:path";
import type { CortexConfig } from "../core/config/types.js";
import { openVault, type Vault } from "./vault.js";
import { warmFullText } from "./handle/search.js";
import { watchVault, type VaultWatcher, type WatchOptions, type WatchSync } from "./watch.js";
import { fileSignature } from "../store/files.js";

/** Options of {@link LiveVault}. */
export interface LiveVaultOptions extends Pick<WatchOptions, "debounceMs" | "onError" | "onGone"> {
  /** The day to index for, asked at every sync and every open. */
  today: () => string;
  /**
   * Notes changed on disk by someone else than this process's own
   * {@link LiveVault.announce}d writes; `paths` is empty when the index
   * changed but no event named a note (a folder renamed or deleted).
   */
  onChange?: (paths: string[], sync: WatchSync) => void;
  /**
   * Start watching (the folder watch and the first sync, which scans the
   * vault) only at {@link LiveVault.watch} or the first {@link LiveVault.open},
   * not at once: a server answers its handshake first. Default false.
   */
  deferred?: boolean;
}

// The open live vaults of this process, by vault folder: what `liveVault` gives the request handlers.
const registry = new Map<string, LiveVault>();

/**
 * A vault kept open between requests while a watcher keeps its index
 * current (see {@link watchVault}): a request that comes when nothing
 * changed gets the same {@link Vault} as the one before, with its manifest
 * and search data already read, and no scan of the files. A change seen on
 * disk drops it; until its sync, requests open the vault afresh (with the
 * check). Where no file events are available (`mode` poll), every request
 * opens the vault afresh, as without a watcher.
 *
 * @example const live = LiveVault.start(vaultDir, { today: () => "2026-11-23" }); const vault = live.open("2026-11-23");
 */
export class LiveVault {
  readonly vaultDir: string;
  readonly #options: LiveVaultOptions;
  readonly #config: CortexConfig;
  #watcher: VaultWatcher | undefined;
  #closed = false;
  #vault: Vault | undefined;
  // The day of the watcher's last sync: a request for another day (just past midnight) checks the files itself.
  #syncedToday: string | undefined;
  // Vault-relative path → the file's signature right after this process wrote it (its own change, already announced).
  #announced = new Map<string, string>();
  // True while a warming waits for its turn of the event loop (see #warm).
  #warming = false;

  private constructor(vaultDir: string, options: LiveVaultOptions) {
    this.vaultDir = vaultDir;
    this.#options = options;
    // Read now, even when the watch waits: a bad cortex.toml stops the server at start.
    this.#config = openVault({ vault: vaultDir, env: {}, today: options.today() }).config;
    if (!options.deferred) this.watch();
  }

  /** Starts watching `vaultDir` and makes {@link liveVault} give this one for it. */
  static start(vaultDir: string, options: LiveVaultOptions): LiveVault {
    const live = new LiveVault(vaultDir, options);
    registry.set(vaultDir, live);
    return live;
  }

  /**
   * Starts watching, when a deferred start has not yet (see
   * {@link LiveVaultOptions.deferred}); nothing once closed. Idempotent.
   */
  watch(): void {
    if (this.#watcher || this.#closed) return;
    const options = this.#options;
    this.#watcher = watchVault(this.vaultDir, {
      ...options,
      config: this.#config,
      reloadConfig: () => openVault({ vault: this.vaultDir, env: {}, today: options.today() }).config,
      // A save's own note, recorded by its index update: no run after its events (the next request stays fast).
      recorded: (path) => this.#isOwn(path),
      onSync: (sync) => {
        this.#keep(undefined);
        this.#syncedToday = sync.today;
        this.#warm();
        // The first sync brings the index up to what changed while nobody watched: no client has seen the vault before it.
        if (this.#watcher!.syncs <= 1) return;
        const external = sync.paths.filter((p) => !this.#ownChange(p));
        const unnamed = sync.paths.length === 0 && sync.result.reread + sync.result.removed > 0;
        if (external.length > 0 || unnamed) options.onChange?.(external, sync);
      },
    });
  }

  /**
   * The vault for a request on `today`: the one kept open when the index is
   * known current, else a fresh one. The first request starts the watch if
   * it waited, and runs the watcher's first sync itself (instead of checking
   * the files and then having the watcher check them again).
   */
  open(today: string): Vault {
    this.watch();
    const watcher = this.#watcher;
    if (!watcher) return openVault({ vault: this.vaultDir, env: {}, today });
    // Synced just now, for this request: current, though the watcher marks itself so only once it has read the events of the run.
    const justSynced = watcher.mode === "watch" && watcher.syncs === 0 && watcher.syncNow();
    if (watcher.mode !== "watch" || (watcher.pending && !justSynced) || today !== this.#syncedToday) return openVault({ vault: this.vaultDir, env: {}, today });
    return this.#keptFor(today);
  }

  /** After this process wrote notes: drops the open vault, and keeps the watcher from announcing these writes again. */
  announce(paths: readonly string[]): void {
    this.#keep(undefined);
    this.#warm();
    // Writes whose events needed no run are never told apart (see #isOwn): long settled once this many pile up.
    if (this.#announced.size > 256) this.#announced.clear();
    for (const path of paths) this.#announced.set(path, fileSignature(join(this.vaultDir, path)));
  }

  /** Stops watching (the marker is removed) and forgets the open vault. */
  close(): void {
    this.#closed = true;
    this.#watcher?.close();
    this.#keep(undefined);
    if (registry.get(this.vaultDir) === this) registry.delete(this.vaultDir);
  }

  // After a run changed the index: opens, on a later turn of the event loop (a request waits for it at most), the
  // vault a request would keep, and works out what its first ranking would (see warmFullText).
  #warm(): void {
    if (this.#warming) return;
    this.#warming = true;
    setImmediate(() => {
      this.#warming = false;
      if (!this.#closed) this.#warmKept();
    }).unref();
  }

  // The vault the next request on the synced day would keep, opened now with its full-text store warmed. The watcher still
  // says pending until it has read the events of its own run: a request gets this vault only once it no longer does (see
  // open), and the next sync drops it. Never throws: a request that then opens the vault reports what went wrong.
  #warmKept(): void {
    const today = this.#syncedToday;
    if (today === undefined || this.#watcher?.mode !== "watch") return;
    try {
      warmFullText(this.#keptFor(today));
    } catch {
      this.#keep(undefined);
    }
  }

  // The vault kept open for requests on `today`: the one kept, or one opened now (without the check: the index is current).
  #keptFor(today: string): Vault {
    if (this.#vault?.today !== today) this.#keep(openVault({ vault: this.vaultDir, env: {}, today, refresh: false, keepSearchDb: true }));
    return this.#vault!;
  }

  // The vault kept open from now on; the one before is closed (a request still holding it opens its store again).
  #keep(vault: Vault | undefined): void {
    if (this.#vault !== vault) this.#vault?.close();
    this.#vault = vault;
  }

  // True when the file is as this process left it after a write it announced (still to be told apart once by #ownChange).
  #isOwn(path: string): boolean {
    const own = this.#announced.get(path);
    return own !== undefined && own === fileSignature(join(this.vaultDir, path));
  }

  // True when the file is as this process left it after a write it announced (once).
  #ownChange(path: string): boolean {
    const own = this.#isOwn(path);
    this.#announced.delete(path);
    return own;
  }
}

/** The live vault of this process for `vaultDir`, if one runs (a `cortex mcp` server). */
export function liveVault(vaultDir: string): LiveVault | undefined {
  return registry.get(vaultDir);
}
