import { spawnSync } from "node:child_process";
import { relative, resolve } from "node:path";
import type { CommitResult } from "../../core/git/types.js";
import { realPathOrSelf } from "../files.js";

/**
 * Commits exactly `files` (paths relative to the vault, or absolute) with
 * `message`, using the system `git`. Other changes in the working tree, staged
 * or not, are left alone. Never throws: a vault that is not a git repository,
 * or a git that fails, gives `committed: false` and the reason.
 *
 * @example commitFiles(vaultDir, ["rules/no_friday_deploys.md"], "cortex write: No Friday deploys")
 */
export function commitFiles(vaultDir: string, files: readonly string[], message: string): CommitResult {
  if (files.length === 0) return { committed: false, reason: "no files" };
  const top = git(vaultDir, ["rev-parse", "--show-toplevel"]);
  if (top.status !== 0) return { committed: false, reason: "not a git repository" };
  const root = top.stdout.trim();
  // git reports its top level with symbolic links resolved; the vault path must be too.
  const base = realPathOrSelf(vaultDir);
  const paths = files.map((f) => relative(root, resolve(base, f)));
  const add = git(root, ["add", "-A", "--", ...paths]);
  if (add.status !== 0) return { committed: false, reason: `git add failed: ${add.stderr.trim()}` };
  const staged = git(root, ["diff", "--cached", "--quiet", "--", ...paths]);
  if (staged.status === 0) return { committed: false, reason: "nothing changed" };
  const commit = git(root, ["commit", "--quiet", "--no-verify", "-m", message, "--only", "--", ...paths]);
  if (commit.status !== 0) return { committed: false, reason: `git commit failed: ${commit.stderr.trim()}` };
  return { committed: true };
}

// Paths are passed as literal pathspecs, so names with * ? [ or a leading : are not patterns.
function git(cwd: string, args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_LITERAL_PATHSPECS: "1" } });
  if (result.error) return { status: -1, stdout: "", stderr: result.error.message };
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
