import { spawnSync } from "node:child_process";
import { chownSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { BUILT_CLI, ROOT, type CliRun } from "./cli.js";

/** The user permission tests run as when the suite runs as root (root reads and writes whatever the mode bits say). */
const NOBODY = 65534;

/** True when this process is root: {@link runBuiltUnprivileged} then runs the CLI as user `nobody`. */
export const IS_ROOT = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * Why permission tests cannot run here: no POSIX users (Windows), or, as
 * root, user `nobody` cannot run this Node or read the built CLI (both under
 * a folder only root may enter, e.g. a Node installed in /root/.cache). Null
 * when they can.
 */
export const NO_PERMISSIONS = typeof process.getuid !== "function" ? "no POSIX file permissions on this system" : IS_ROOT ? nobodyCannotRun() : null;

function nobodyCannotRun(): string | null {
  const run = spawnSync(process.execPath, [BUILT_CLI, "--version"], { cwd: "/", encoding: "utf8", uid: NOBODY, gid: NOBODY });
  return run.status === 0 ? null : `user nobody cannot run ${process.execPath} ${BUILT_CLI} here (${run.error?.message ?? run.stderr.trim().split("\n")[0] ?? `exit ${run.status}`})`;
}

/**
 * Runs the built CLI as a user that file permissions apply to: this user, or
 * `nobody` when the tests run as root (the vault is then given to `nobody`,
 * so that only the modes a test sets keep it out).
 */
export function runBuiltUnprivileged(args: string[], vault: string): CliRun {
  if (IS_ROOT) chownTree(vault);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, NO_COLOR: "1", CORTEX_VAULT: undefined, CORTEX_TODAY: undefined })) if (v !== undefined) env[k] = v;
  const ids = IS_ROOT ? { uid: NOBODY, gid: NOBODY } : {};
  const result = spawnSync(process.execPath, [BUILT_CLI, ...args], { cwd: ROOT, env, encoding: "utf8", ...ids });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function chownTree(path: string): void {
  chownSync(path, NOBODY, NOBODY);
  if (!lstatSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name));
}
