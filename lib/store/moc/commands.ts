import { spawn } from "node:child_process";

/** What a `[moc.commands]` command gave. */
export type CommandOutput = { ok: true; output: string } | { ok: false; message: string };

/** Options of {@link runCommandCollector}. */
export interface CommandOptions {
  /** Working folder (the vault). */
  cwd: string;
  /** Seconds before the command (and everything it started) is killed. */
  timeoutSec: number;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

const MAX_OUTPUT = 1024 * 1024;

/**
 * Runs a shell command whose stdout becomes a MOC section. A non-zero exit,
 * a signal, a timeout (the command's whole process group is killed) or more
 * than 1 MiB of output gives `ok: false` with a one-line reason. Never throws.
 *
 * @example await runCommandCollector("git log -1 --format=%cd", { cwd: vaultDir, timeoutSec: 10 })
 */
export function runCommandCollector(command: string, options: CommandOptions): Promise<CommandOutput> {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let settled = false;
    const finish = (result: CommandOutput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const child = spawn(command, { shell: true, cwd: options.cwd, env: { ...process.env, ...options.env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      kill();
      finish({ ok: false, message: `timed out after ${options.timeoutSec} s` });
    }, options.timeoutSec * 1000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.length > MAX_OUTPUT) {
        kill();
        finish({ ok: false, message: "printed more than 1 MiB" });
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    child.on("error", (error) => finish({ ok: false, message: `could not start: ${error.message}` }));
    child.on("close", (code, signal) => {
      if (code === 0) finish({ ok: true, output: stdout });
      else {
        const why = stderr.trim().split("\n")[0] ?? "";
        finish({ ok: false, message: `${signal ? `killed by ${signal}` : `exited with ${code}`}${why ? `: ${why}` : ""}` });
      }
    });
  });
}
