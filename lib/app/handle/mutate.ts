import { CortexError } from "../../core/errors.js";
import type { MutationOutcome } from "../../core/git/types.js";
import { commitFiles } from "../../store/git/commit.js";
import { shouldCommit } from "../../core/git/settings.js";
import { appendVaultEvents, type VaultEventLine } from "../../store/events.js";
import { indexVault } from "../../engine/indexer.js";
import { withVaultLock, type VaultLock } from "../../store/lock.js";
import { VaultHandle } from "./vault-handle.js";

export type { MutationOutcome } from "../../core/git/types.js";

/** Default wait for the vault lock by the write path. */
export const WRITE_LOCK_TIMEOUT_MS = 60_000;

/** An event line of `index/events.jsonl`, without its time (the transaction stamps it) and with `op` optional. */
export type MutationEvent = Omit<VaultEventLine, "ts" | "op"> & { op?: string };

/** What the function run by {@link mutateVault} gets: the vault under the lock, and where to record what it did. */
export interface Mutation {
  /** The vault seen under the lock: its index brought up to date (without waiting for the lock it holds). */
  readonly vault: VaultHandle;
  readonly lock: VaultLock;
  /** Records files written (vault-relative): indexed once and committed at the end. */
  wrote(...paths: string[]): void;
  /** Records an event for `index/events.jsonl` (its `op` defaults to the transaction's). */
  event(event: MutationEvent): void;
  /** The commit message, when the files are committed. Default `cortex <op>: <n> files` and the paths. */
  message(text: string): void;
}

/** Options of {@link mutateVault}. */
export interface MutateOptions {
  /** Commit the written files: true, false, or `[git] commit` of cortex.toml when unset. */
  commit?: boolean;
  /** How long to wait for the vault lock. Default 15 s. */
  lockTimeoutMs?: number;
  /** The clock of the event lines. */
  now?: () => Date;
  /** Write nothing (a dry run): no events, no index update, no commit. */
  dryRun?: boolean;
  /**
   * Read the index as the last run left it, without scanning the vault, and
   * record afterwards only the files `fn` wrote (see `IndexVaultOptions.changed`):
   * for a transaction that names every file it writes or removes. What a
   * change made by hand since the last index run is then not seen by `fn`
   * (it reads the index); the next reader that checks the files records it.
   * Default false: the index is brought up to date with every file first.
   */
  asIndexed?: boolean;
}

/**
 * The one transaction of every command that changes the vault. The caller
 * validates its input (and runs the security scan) before calling; then,
 * holding the vault lock (an explicit {@link VaultLock}, never borrowed by
 * other code of the process), `fn` reads the vault (its index brought up to
 * date under the lock) and writes, recording files and events; then the
 * events are appended, the index is updated once, and the written files are
 * committed when asked. Released even when `fn` throws.
 *
 * @throws CortexError `LOCKED` when the lock is not free in time; whatever `fn` throws (nothing after it runs then).
 * @example
 * const result = await mutateVault(vault, "link", (tx) => { writeFileAtomic(file, text); tx.wrote(path); return {}; });
 */
export async function mutateVault<T extends object>(vault: VaultHandle, op: string, fn: (tx: Mutation) => T | Promise<T>, options: MutateOptions = {}): Promise<T & MutationOutcome> {
  // Read before the lock: a bad `[git] commit` is refused before anything is written.
  const commit = shouldCommit(vault.config, options.commit);
  return withVaultLock(
    vault.vaultDir,
    async (lock) => {
      const written: string[] = [];
      const events: MutationEvent[] = [];
      let message: string | null = null;
      // A vault without an index gets one only if something is written (a refused change leaves none behind).
      const locked = new VaultHandle(vault, { today: vault.today, lock, createIndex: false, refresh: !options.asIndexed });
      let value: T;
      try {
        value = await fn({ vault: locked, lock, wrote: (...paths) => written.push(...paths), event: (e) => events.push(e), message: (text) => (message = text) });
      } finally {
        // The transaction's own reads are done: its database connection is closed before the index update writes.
        locked.close();
      }
      if (options.dryRun) return value;
      const ts = (options.now?.() ?? new Date()).toISOString();
      // The files are written by now: an I/O failure here is reported with the result, never as a failed write.
      const indexError = recorded(() => {
        if (events.length > 0) appendVaultEvents(vault.vaultDir, events.map(({ op: own, ...rest }) => ({ ts, op: own ?? op, ...rest }) as VaultEventLine));
        if (written.length > 0) indexVault(vault.vaultDir, { config: vault.config, today: vault.today, lock, changed: options.asIndexed ? [...new Set(written)] : undefined, deferExports: true });
      });
      vault.invalidate();
      if (indexError !== undefined) return { ...value, indexError };
      if (!commit || written.length === 0) return value;
      const files = [...new Set(written)];
      const text = message ?? `cortex ${op}: ${files.length} file${files.length === 1 ? "" : "s"}\n\n${files.join("\n")}\n`;
      return { ...value, commit: commitFiles(vault.vaultDir, files, text) };
    },
    { timeoutMs: options.lockTimeoutMs },
  );
}

// Runs the steps that record what was written; the message of an I/O failure, or undefined.
function recorded(step: () => void): string | undefined {
  try {
    step();
    return undefined;
  } catch (error) {
    if (error instanceof CortexError && error.code === "IO") return error.message;
    throw error;
  }
}
