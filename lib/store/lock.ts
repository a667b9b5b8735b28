import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CortexError } from "../core/errors.js";
import { processAlive } from "./atomic.js";
import { LOCK_MAX_WAIT_MS, LOCK_STALL_MS, LockWait, type LockInfo } from "./lock-wait.js";
import { vaultPaths } from "./paths.js";

/** Options of {@link withVaultLock}. */
export interface LockOptions {
  /** Give up after this long, unless the holder is a process of this machine that is alive and working. Default 15 s. */
  timeoutMs?: number;
  /**
   * Wait at most this long for a holder of this machine that is alive and
   * working (using the CPU). Default {@link LOCK_MAX_WAIT_MS} (10 minutes) for
   * {@link withVaultLock}, `timeoutMs` for {@link withIndexLock}.
   */
  maxWaitMs?: number;
  /** A live holder that used no CPU for this long is not working. Default {@link LOCK_STALL_MS} (30 s). */
  stallMs?: number;
  /** A lock older than this whose owner cannot be checked (other host, unreadable) is stale. Default 60 s. */
  staleMs?: number;
}

let sequence = 0;

/**
 * Proof that the caller holds a vault's lock, given by {@link withVaultLock}
 * to the function it runs. Passed on explicitly (e.g. to `indexVault`) so that
 * work done for the holder does not wait for its own lock; nothing else of the
 * process can borrow it.
 */
export interface VaultLock {
  /** The lock file held. */
  readonly file: string;
  /** The token written into it. */
  readonly token: string;
  /** False once the lock is released. */
  readonly held: boolean;
}

/**
 * Runs `fn` holding the vault lock (`index/.lock`), so writers in other
 * processes wait their turn; `fn` gets the {@link VaultLock}. The lock file is created whole (written to a
 * temporary file, then hard-linked into place, which fails if it exists), so
 * it is never empty. A lock left by a dead process (same host, pid gone) or
 * older than `staleMs` is broken; breakers take turns through a second lock,
 * so a live lock is never removed by mistake. Released even when `fn` throws.
 *
 * A holder of this machine that is alive and working (using the CPU) is
 * waited for beyond `timeoutMs`, up to `maxWaitMs` (10 minutes by default).
 *
 * @throws CortexError (`LOCKED`) when the lock is not free in time; the message says what the holder is doing.
 * @example await withVaultLock(vaultDir, (lock) => indexVault(vaultDir, { config, today, lock }));
 */
export async function withVaultLock<T>(vaultDir: string, fn: (lock: VaultLock) => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const file = lockFile(vaultDir);
  const lock = { file, token: await acquire(file, waitFor(file, options, LOCK_MAX_WAIT_MS), options.staleMs ?? 60_000), held: true };
  heldHere.add(file);
  try {
    return await fn(lock);
  } finally {
    lock.held = false;
    heldHere.delete(file);
    release(file, lock.token);
  }
}

/** Lock files a {@link withVaultLock} of this process holds now. */
const heldHere = new Set<string>();

/**
 * Whether a transaction of this very process holds the vault's lock now (its
 * function is awaiting something): synchronous work of the same thread that
 * would wait for that lock (a watcher's index run) would only block the
 * holder, and should come back later instead.
 */
export function vaultLockHeldHere(vaultDir: string): boolean {
  return heldHere.has(lockFile(vaultDir));
}

// How this caller waits; `maxWaitMs` defaults to `longest` (never below the timeout).
function waitFor(file: string, options: LockOptions, longest: number | null): LockWait {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxWaitMs = Math.max(timeoutMs, options.maxWaitMs ?? longest ?? timeoutMs);
  return new LockWait(file, { timeoutMs, maxWaitMs, stallMs: options.stallMs ?? LOCK_STALL_MS });
}

/**
 * Runs `fn`, which writes the index, holding the vault lock, synchronously:
 * two index runs in different processes never interleave their files (a
 * manifest of one run next to the cache of another would hide changes from
 * every later run). With `held`, the caller's own {@link VaultLock} of this
 * vault, `fn` runs at once.
 *
 * In a vault this process cannot write to, `fn` runs without the lock.
 *
 * @throws CortexError (`LOCKED`) when the lock is not free within `timeoutMs`; `BAD_ARGUMENT` for a `held` lock of another vault or released.
 */
export function withIndexLock<T>(vaultDir: string, fn: () => T, options: LockOptions & { held?: VaultLock } = {}): T {
  const file = lockFile(vaultDir);
  if (options.held) {
    if (options.held.file !== file || !options.held.held) throw new CortexError("BAD_ARGUMENT", `the lock passed is not held on ${file}`);
    return fn();
  }
  let token: string;
  try {
    token = acquireSync(file, waitFor(file, options, null), options.staleMs ?? 60_000);
  } catch (error) {
    // A vault this process cannot write to (read-only): nothing it does can collide; `fn` fails if it must write.
    if (error instanceof CortexError && error.code === "IO") return fn();
    throw error;
  }
  try {
    return fn();
  } finally {
    release(file, token);
  }
}

function lockFile(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, ".lock");
}

async function acquire(file: string, wait: LockWait, staleMs: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const token = tryAcquire(file, wait, staleMs);
    if (token !== null) return token;
    await sleep(retryMs(attempt));
  }
}

// The same, blocking this thread between attempts (an index run is synchronous).
function acquireSync(file: string, wait: LockWait, staleMs: number): string {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt++) {
    const token = tryAcquire(file, wait, staleMs);
    if (token !== null) return token;
    Atomics.wait(pause, 0, 0, retryMs(attempt));
  }
}

function retryMs(attempt: number): number {
  return Math.min(2 + attempt * 2, 25) + Math.random() * 5;
}

// One attempt: the token when the lock was taken, null to retry; throws when waiting longer is pointless.
function tryAcquire(file: string, wait: LockWait, staleMs: number): string | null {
  if (!existsSync(dirname(file))) {
    try {
      mkdirSync(dirname(file), { recursive: true });
    } catch (error) {
      throw new CortexError("IO", `cannot create ${dirname(file)}: ${(error as Error).message}`, { cause: error });
    }
  }
  const token = tryCreate(file);
  if (token !== null) return token;
  breakIfStale(file, staleMs);
  const lock = readLock(file);
  // Released between the attempt and this look: free, to be tried again, not a holder that cannot be checked.
  if (lock === null && !existsSync(file)) return null;
  wait.check(lock?.info ?? null);
  return null;
}

/** Creates `file` holding a fresh token, atomically and exclusively; null when it exists. */
function tryCreate(file: string): string | null {
  const token = JSON.stringify({ pid: process.pid, host: hostname(), ts: Date.now(), n: ++sequence });
  const temp = `${file}.${process.pid}.${sequence}.tmp`;
  try {
    writeFileSync(temp, token, { flag: "wx" });
    linkSync(temp, file);
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw new CortexError("IO", `cannot create lock ${file}: ${(error as Error).message}`, { cause: error });
  } finally {
    removeQuietly(temp);
  }
}

// Removes a stale lock. Breakers take turns through `.lock.breaking` (itself
// created exclusively), and re-check that the lock is still the stale one seen
// before removing it: only the dead owner or a breaker ever removes a lock, so
// it cannot change between that check and the removal.
function breakIfStale(file: string, staleMs: number): void {
  const seen = readLock(file);
  if (!seen || !isStale(seen, staleMs)) return;
  const breaker = `${file}.breaking`;
  const token = tryCreate(breaker);
  if (token === null) {
    const other = readLock(breaker);
    if (other && isStale(other, 5_000)) rmSync(breaker, { force: true });
    return;
  }
  try {
    const now = readLock(file);
    if (now && now.text === seen.text) rmSync(file, { force: true });
  } finally {
    release(breaker, token);
  }
}

function isStale(lock: { info: LockInfo | null; mtimeMs: number }, staleMs: number): boolean {
  const { info } = lock;
  if (info === null) return Date.now() - lock.mtimeMs > staleMs;
  if (info.host === hostname() && Number.isInteger(info.pid)) return !processAlive(info.pid);
  return Date.now() - info.ts > staleMs;
}

function readLock(file: string): { text: string; info: LockInfo | null; mtimeMs: number } | null {
  let text: string;
  let mtimeMs: number;
  try {
    text = readFileSync(file, "utf8");
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  try {
    const info = JSON.parse(text) as LockInfo;
    return { text, info: typeof info === "object" && info !== null ? info : null, mtimeMs };
  } catch {
    return { text, info: null, mtimeMs };
  }
}

// The temporary file, if it was made (its folder may not even be one).
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // nothing was made
  }
}

function release(file: string, token: string): void {
  try {
    if (readFileSync(file, "utf8") === token) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}
