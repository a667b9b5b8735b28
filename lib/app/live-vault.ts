import { join } from "node:path";
import { openVault, type Vault } from "./vault.js";
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
  #watcher: VaultWatcher;
  #vault: Vault | undefined;
  // The day of the watcher's last sync: a request for another day (just past midnight) checks the files itself.
  #syncedToday: string | undefined;
  // Vault-relative path → the file's signature right after this process wrote it (its own change, already announced).
  #announced = new Map<string, string>();

  private constructor(vaultDir: string, options: LiveVaultOptions) {
    this.vaultDir = vaultDir;
    const config = openVault({ vault: vaultDir, env: {}, today: options.today() }).config;
    this.#watcher = watchVault(vaultDir, {
      ...options,
      config,
      reloadConfig: () => openVault({ vault: vaultDir, env: {}, today: options.today() }).config,
      onSync: (sync) => {
        this.#vault = undefined;
        this.#syncedToday = sync.today;
        // The first sync brings the index up to what changed while nobody watched: no client has seen the vault before it.
        if (this.#watcher.syncs <= 1) return;
        const external = sync.paths.filter((p) => !this.#ownChange(p));
        const unnamed = sync.paths.length === 0 && sync.result.reread + sync.result.removed > 0;
        if (external.length > 0 || unnamed) options.onChange?.(external, sync);
      },
    });
  }

  /** Starts watching `vaultDir` and makes {@link liveVault} give this one for it. */
  static start(vaultDir: string, options: LiveVaultOptions): LiveVault {
    const live = new LiveVault(vaultDir, options);
    registry.set(vaultDir, live);
    return live;
  }

  /** The vault for a request on `today`: the one kept open when the index is known current, else a fresh one. */
  open(today: string): Vault {
    if (this.#watcher.mode !== "watch" || this.#watcher.pending || today !== this.#syncedToday) return openVault({ vault: this.vaultDir, env: {}, today });
    if (this.#vault?.today !== today) this.#vault = openVault({ vault: this.vaultDir, env: {}, today, refresh: false });
    return this.#vault;
  }

  /** After this process wrote notes: drops the open vault, and keeps the watcher from announcing these writes again. */
  announce(paths: readonly string[]): void {
    this.#vault = undefined;
    for (const path of paths) this.#announced.set(path, fileSignature(join(this.vaultDir, path)));
  }

  /** Stops watching (the marker is removed) and forgets the open vault. */
  close(): void {
    this.#watcher.close();
    this.#vault = undefined;
    if (registry.get(this.vaultDir) === this) registry.delete(this.vaultDir);
  }

  // True when the file is as this process left it after a write it announced (once).
  #ownChange(path: string): boolean {
    const own = this.#announced.get(path);
    if (own === undefined) return false;
    this.#announced.delete(path);
    return own === fileSignature(join(this.vaultDir, path));
  }
}

/** The live vault of this process for `vaultDir`, if one runs (a `cortex mcp` server). */
export function liveVault(vaultDir: string): LiveVault | undefined {
  return registry.get(vaultDir);
}
