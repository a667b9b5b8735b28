import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CortexError } from "../errors.js";
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

/** Lock files this process holds now (through {@link withVaultLock} or {@link withIndexLock}), with how many times. */
const heldHere = new Map<string, number>();

/**
 * Runs `fn` holding the vault lock (`index/.lock`), so writers in other
 * processes wait their turn. The lock file is created whole (written to a
 * temporary file, then hard-linked into place, which fails if it exists), so
 * it is never empty. A lock left by a dead process (same host, pid gone) or
 * older than `staleMs` is broken; breakers take turns through a second lock,
 * so a live lock is never removed by mistake. Released even when `fn` throws.
 *
 * A holder of this machine that is alive and working (using the CPU) is
 * waited for beyond `timeoutMs`, up to `maxWaitMs` (10 minutes by default).
 *
 * @throws CortexError (`LOCKED`) when the lock is not free in time; the message says what the holder is doing.
 * @example await withVaultLock(vaultDir, () => writeFileAtomic(file, text));
 */
export async function withVaultLock<T>(vaultDir: string, fn: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const file = lockFile(vaultDir);
  const token = await acquire(file, waitFor(file, options, LOCK_MAX_WAIT_MS), options.staleMs ?? 60_000);
  return held(file, token, fn);
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
 * every later run). When this process holds the lock already (a write that
 * indexes, or any other task of this process while one does), `fn` runs at
 * once: an index run is synchronous, so nothing of this process interleaves
 * with it, and no other process can hold the lock meanwhile.
 *
 * In a vault this process cannot write to, `fn` runs without the lock.
 *
 * @throws CortexError (`LOCKED`) when the lock is not free within `timeoutMs`.
 */
export function withIndexLock<T>(vaultDir: string, fn: () => T, options: LockOptions = {}): T {
  const file = lockFile(vaultDir);
  if ((heldHere.get(file) ?? 0) > 0) return fn();
  let token: string;
  try {
    token = acquireSync(file, waitFor(file, options, null), options.staleMs ?? 60_000);
  } catch (error) {
    // A vault this process cannot write to (read-only): nothing it does can collide; `fn` fails if it must write.
    if (error instanceof CortexError && error.code === "IO") return fn();
    throw error;
  }
  heldHere.set(file, 1);
  try {
    return fn();
  } finally {
    heldHere.delete(file);
    release(file, token);
  }
}

function lockFile(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, ".lock");
}

async function held<T>(file: string, token: string, fn: () => T | Promise<T>): Promise<T> {
  heldHere.set(file, (heldHere.get(file) ?? 0) + 1);
  try {
    return await fn();
  } finally {
    const count = (heldHere.get(file) ?? 1) - 1;
    if (count > 0) heldHere.set(file, count);
    else heldHere.delete(file);
    release(file, token);
  }
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
  wait.check(readLock(file)?.info ?? null);
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
  if (info.host === hostname() && Number.isInteger(info.pid)) {
    try {
      process.kill(info.pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  }
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
