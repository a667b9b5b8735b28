import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { CortexError } from "../core/errors.js";

/** What a lock file says of its holder. */
export interface LockInfo {
  pid: number;
  host: string;
  ts: number;
}

/** How long a writer waits for the vault lock. */
export interface LockPatience {
  /** How long to wait for any holder. */
  timeoutMs: number;
  /** How long at most to wait for a holder on this machine that is alive and keeps working (using the CPU). */
  maxWaitMs: number;
  /** A live holder that used no CPU for this long is not working (stopped, or waiting on something else). */
  stallMs: number;
}

/**
 * The most a writer waits for a live holder that keeps working (a long
 * `migrate`, a full index of a large vault): 10 minutes.
 */
export const LOCK_MAX_WAIT_MS = 10 * 60_000;

/** A live holder that used no CPU for 30 s is taken as stuck (a `[moc.commands]` command times out after 10 s). */
export const LOCK_STALL_MS = 30_000;

/**
 * The waiting of one writer for the vault lock: after `timeoutMs`, it goes on
 * waiting only while the holder is a process of this machine that is alive
 * and working, up to `maxWaitMs`. (A dead holder's lock is broken: see
 * lock.ts.) Its errors say what the holder is doing, and suggest removing the
 * lock file only when the holder cannot be checked from here.
 */
export class LockWait {
  private readonly start = Date.now();
  private seen: { pid: number; ticks: number | null; at: number } | null = null;

  constructor(
    private readonly file: string,
    private readonly patience: LockPatience,
  ) {}

  /**
   * Called after each attempt that found the lock taken, with what the lock
   * file says of its holder (null: unreadable, or gone meanwhile).
   *
   * @throws CortexError (`LOCKED`) when waiting longer is pointless.
   */
  check(holder: LockInfo | null): void {
    const now = Date.now();
    const pid = holder && holder.host === hostname() && Number.isInteger(holder.pid) ? holder.pid : null;
    if (pid !== null && pid !== process.pid) this.observe(pid, now);
    const waited = now - this.start;
    if (waited <= this.patience.timeoutMs) return;
    if (pid === process.pid) throw this.locked("by another task of this process");
    if (pid === null || this.seen?.pid !== pid) {
      const where = holder?.host ? ` on ${holder.host}` : "";
      throw this.locked(`by a cortex process${where} that cannot be checked from here; try again, or remove the file if no cortex is running${where}`);
    }
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    if (now - this.seen.at > this.patience.stallMs) throw this.locked(`by cortex process ${pid}, alive but idle for ${seconds(now - this.seen.at)} (stopped, or waiting on something?); try again once it is done, or stop it: its lock goes with it`);
    if (waited > this.patience.maxWaitMs) throw this.locked(`by cortex process ${pid}, still working after ${seconds(waited)}; try again once it is done`);
  }

  // Notes whether the holder used CPU since the last look; one whose CPU cannot be read counts as working while alive.
  private observe(pid: number, now: number): void {
    const ticks = cpuTicks(pid);
    if (this.seen === null || this.seen.pid !== pid || ticks === null || ticks !== this.seen.ticks) this.seen = { pid, ticks, at: now };
  }

  private locked(why: string): CortexError {
    return new CortexError("LOCKED", `vault is locked (${this.file}) ${why}`);
  }
}

/**
 * The CPU time a process and its waited-for children used, in clock ticks
 * (Linux `/proc/PID/stat`); null where it cannot be read (another system,
 * or the process is gone).
 */
export function cpuTicks(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return null;
  }
  // Fields after the command name, which is in parentheses and may hold spaces: state is the first, utime the 12th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
  return Number.isFinite(ticks) ? ticks : null;
}
