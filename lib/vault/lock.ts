import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CortexError } from "../errors.js";
import { vaultPaths } from "./paths.js";

/** Options of {@link withVaultLock}. */
export interface LockOptions {
  /** Give up after this long. Default 15 s. */
  timeoutMs?: number;
  /** A lock older than this whose owner cannot be checked is stale. Default 60 s. */
  staleMs?: number;
}

interface LockInfo {
  pid: number;
  host: string;
  ts: number;
}

let sequence = 0;

/**
 * Runs `fn` holding the vault lock (`index/.lock`, created exclusively), so
 * writers in other processes wait their turn. A lock left by a dead process
 * (same host, pid gone) or older than `staleMs` is broken. Released even
 * when `fn` throws.
 *
 * @throws CortexError (`LOCKED`) when the lock is not free within `timeoutMs`.
 * @example await withVaultLock(vaultDir, () => writeFileAtomic(file, text));
 */
export async function withVaultLock<T>(vaultDir: string, fn: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const file = join(vaultPaths(vaultDir).indexDir, ".lock");
  const token = await acquire(file, options.timeoutMs ?? 15_000, options.staleMs ?? 60_000);
  try {
    return await fn();
  } finally {
    release(file, token);
  }
}

async function acquire(file: string, timeoutMs: number, staleMs: number): Promise<string> {
  mkdirSync(join(file, ".."), { recursive: true });
  const token = JSON.stringify({ pid: process.pid, host: hostname(), ts: Date.now(), n: ++sequence });
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, token, { flag: "wx" });
      return token;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new CortexError("IO", `cannot create lock ${file}: ${(error as Error).message}`, { cause: error });
      }
    }
    breakIfStale(file, staleMs);
    if (Date.now() > deadline) throw new CortexError("LOCKED", `vault is locked by another cortex process (${file}); try again, or remove the file if no cortex is running`);
    await sleep(Math.min(5 + attempt * 5, 50) + Math.random() * 10);
  }
}

// Moves a stale lock aside atomically; if what was moved turns out to be a live
// lock taken meanwhile, it is put back (link fails if a newer lock exists).
function breakIfStale(file: string, staleMs: number): void {
  const seen = readLock(file);
  if (!seen || !isStale(seen.info, staleMs)) return;
  const aside = `${file}.stale.${process.pid}.${++sequence}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readLock(aside);
  if (moved && moved.text !== seen.text) {
    try {
      linkSync(aside, file);
    } catch {
      // a newer lock exists already; the moved one's owner will find its lock gone and fail safe
    }
  }
  rmSync(aside, { force: true });
}

function isStale(info: LockInfo, staleMs: number): boolean {
  if (info.host === hostname()) {
    try {
      process.kill(info.pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  }
  return Date.now() - info.ts > staleMs;
}

function readLock(file: string): { text: string; info: LockInfo } | null {
  try {
    const text = readFileSync(file, "utf8");
    return { text, info: JSON.parse(text) as LockInfo };
  } catch {
    return null;
  }
}

function release(file: string, token: string): void {
  try {
    if (readFileSync(file, "utf8") === token) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}
