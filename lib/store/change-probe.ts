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

/** A probe begun by {@link startChangeProbe}. */
export interface ChangeProbe {
  /**
   * Waits for the probe: true when it ran to the end, found no entry changed
   * since the mark, and met no error; false otherwise (an entry changed, the
   * probe failed, or it took longer than the vault's size allows). Waits
   * once: later calls give the same answer.
   */
  finish(): boolean;
  /** Ends the probe without waiting (its answer is then false, unless it was in already). */
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
  let answer: boolean | undefined;
  return {
    finish: () => (answer ??= waitForAnswer(child, out, `#${end}:0\n`, Math.max(PROBE_MIN_WAIT_MS, files * PROBE_WAIT_MS_PER_FILE))),
    cancel: () => void (answer ??= waitForAnswer(child, out, `#${end}:0\n`, 0)),
  };
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

// Reads the output until it holds the answer (see `answerOf`); a probe stopped before its end line is killed.
function waitForAnswer(child: ChildProcess, out: number, quiet: string, waitMs: number): boolean {
  const head = Buffer.alloc(32);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + waitMs;
  let answer: Answer = "pending";
  try {
    for (;;) {
      answer = answerOf(head, readSync(out, head, 0, head.length, 0), quiet);
      if (answer !== "pending" || Date.now() >= deadline) break;
      Atomics.wait(pause, 0, 0, 0.5);
    }
  } catch {
    answer = "changed";
  } finally {
    closeSync(out);
  }
  if (answer === "pending" || answer === "changed") stop(child);
  return answer === "unchanged";
}

function stop(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // ended already
  }
}

type Answer = "pending" | "changed" | "unchanged" | "failed";

// The output so far: the shell's end line with status 0 (`quiet`) alone is "nothing changed"; any entry (it starts with
// `.`) comes before the end line.
function answerOf(head: Buffer, n: number, quiet: string): Answer {
  if (n === 0) return "pending";
  if (head[0] !== 0x23) return "changed";
  const end = head.indexOf(0x0a);
  if (end === -1 || end >= n) return n === head.length ? "failed" : "pending";
  return head.toString("latin1", 0, n) === quiet ? "unchanged" : "failed";
}
