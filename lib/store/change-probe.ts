import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Below this many notes a probe costs more than the stats it spares: the notes are stat'ed here. */
export const PROBE_MIN_FILES = 2_000;

/** How long a probe may take before it is given up (the check then stats the notes itself): at least this, … */
export const PROBE_MIN_WAIT_MS = 2_000;
/** … or this much per note of the vault, when that is longer. */
export const PROBE_WAIT_MS_PER_FILE = 0.05;

// `find` prints nothing when no entry changed status after the mark; then the shell prints `#`, a word of ours (which
// nothing `find` prints could forge: its entries start with `./`) and find's exit status.
const SCRIPT = 'end=$1; shift; find "$@"; echo "#$end:$?"';

let sequence = 0;

/**
 * Where a probe stands: `unchanged` when `find` ran to the end and printed no
 * entry, `changed` when it printed one, `failed` when it ended otherwise (an
 * error, a `find` that is missing or refuses an option), `cancelled` when it
 * was given up on before it answered.
 */
export type ProbeState = "pending" | "unchanged" | "changed" | "failed" | "cancelled";

/** A probe begun by {@link startChangeProbe}. */
export interface ChangeProbe {
  /** Looks at the probe's output once, without waiting: its state now. */
  poll(): ProbeState;
  /**
   * Waits for the probe: true when it ran to the end, found no entry changed
   * since the mark, and met no error; false otherwise (an entry changed, the
   * probe failed or was cancelled, or it took longer than the vault's size
   * allows: it is then cancelled).
   */
  finish(): boolean;
  /** Ends a probe still pending without waiting for it. */
  cancel(): void;
}

/**
 * Asks, on another process, whether anything in the vault changed since a
 * mark file's mtime: `find` lists every entry whose status changed after
 * it (a note written, renamed, removed or added changes its own or its
 * folder's ctime, which nothing can set back), leaving out what a scan
 * leaves out (hidden entries, `node_modules`, the root `index/`, `layers/`
 * and `MEMORY.md`). It runs on the second core while this thread does
 * other work, and spares the check a stat of every note. Its output goes
 * to a file already unlinked, read in place: nothing is left behind if the
 * process dies. Null where it cannot run: Windows, `CORTEX_CHANGE_PROBE=never`,
 * a vault under {@link PROBE_MIN_FILES} notes (unless `CORTEX_CHANGE_PROBE=always`),
 * or a process that cannot be started.
 */
export function startChangeProbe(vaultDir: string, markFile: string, files: number): ChangeProbe | null {
  if (!probeApplies(files)) return null;
  const out = openOutput();
  if (out === null) return null;
  const end = Math.random().toString(36).slice(2, 10);
  // The mark's path whole: `find` runs in the vault folder.
  const args = [".", "(", "-name", ".?*", "-o", "-name", "node_modules", "-o", "-path", "./index", "-o", "-path", "./layers", "-o", "-path", "./MEMORY.md", ")", "-prune", "-o", "-cnewer", resolve(markFile), "-print"];
  let child: ChildProcess;
  try {
    // In a group of its own, so that a probe given up on is stopped with the `find` its shell started.
    child = spawn("/bin/sh", ["-c", SCRIPT, "sh", end, ...args], { cwd: vaultDir, stdio: ["ignore", out, "ignore"], detached: true });
  } catch {
    closeSync(out);
    return null;
  }
  child.on("error", () => {});
  if (child.pid === undefined) {
    closeSync(out);
    return null;
  }
  child.unref();
  return new Probe(child, out, `#${end}:0\n`, Math.max(PROBE_MIN_WAIT_MS, files * PROBE_WAIT_MS_PER_FILE));
}

/**
 * Whether a vault of `files` notes is checked by a probe (when it has a
 * quiet mark): not on Windows, nor with `CORTEX_CHANGE_PROBE=never`; from
 * {@link PROBE_MIN_FILES} notes on, or at any size with `CORTEX_CHANGE_PROBE=always`.
 */
export function probeApplies(files: number): boolean {
  const setting = process.env.CORTEX_CHANGE_PROBE;
  return process.platform !== "win32" && setting !== "never" && (files >= PROBE_MIN_FILES || setting === "always");
}

// A file to read and write, gone from its folder at once (the child writes through the descriptor it inherits).
function openOutput(): number | null {
  const path = join(tmpdir(), `cortex-probe-${process.pid}-${++sequence}`);
  let fd: number;
  try {
    fd = openSync(path, "wx+", 0o600);
  } catch {
    return null;
  }
  try {
    unlinkSync(path);
  } catch {
    closeSync(fd);
    return null;
  }
  return fd;
}

// The probe's output read in place until it holds the answer (see `answerOf`); a probe stopped before its end line is killed.
class Probe implements ChangeProbe {
  private state: ProbeState = "pending";
  private readonly head = Buffer.alloc(32);
  private readonly deadline: number;

  constructor(
    private readonly child: ChildProcess,
    private readonly out: number,
    private readonly quiet: string,
    waitMs: number,
  ) {
    this.deadline = Date.now() + waitMs;
  }

  poll(): ProbeState {
    if (this.state !== "pending") return this.state;
    let answer: ProbeState;
    try {
      answer = answerOf(this.head, readSync(this.out, this.head, 0, this.head.length, 0), this.quiet);
    } catch {
      answer = "failed";
    }
    if (answer !== "pending") this.settle(answer, answer !== "unchanged");
    return this.state;
  }

  finish(): boolean {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (this.poll() === "pending" && Date.now() < this.deadline) Atomics.wait(pause, 0, 0, 0.5);
    this.cancel();
    return this.state === "unchanged";
  }

  cancel(): void {
    if (this.state === "pending") this.settle("cancelled", true);
  }

  private settle(state: ProbeState, kill: boolean): void {
    this.state = state;
    closeSync(this.out);
    if (kill) stop(this.child);
  }
}

// Kills the probe's process group: its shell and the `find` it started.
function stop(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // ended already
  }
}

// The output so far: the shell's end line with status 0 (`quiet`) alone is "nothing changed"; any entry (it starts with
// `.`) comes before the end line.
function answerOf(head: Buffer, n: number, quiet: string): Exclude<ProbeState, "cancelled"> {
  if (n === 0) return "pending";
  if (head[0] !== 0x23) return "changed";
  const end = head.indexOf(0x0a);
  if (end === -1 || end >= n) return n === head.length ? "failed" : "pending";
  return head.toString("latin1", 0, n) === quiet ? "unchanged" : "failed";
}
