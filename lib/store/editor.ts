import { spawnSync } from "node:child_process";

/**
 * Opens `file` in the user's editor and waits for it to close. Through the
 * shell, as git runs core.editor: `editor` may carry arguments ("code --wait").
 * The editor gets this terminal (stdio inherited).
 */
export function runEditor(editor: string, file: string, options: { env: NodeJS.ProcessEnv; cwd: string }): { error?: Error; status: number | null } {
  const spawnOptions = { stdio: "inherit" as const, env: options.env, cwd: options.cwd };
  return process.platform === "win32" ? spawnSync(`${editor} "${file}"`, { ...spawnOptions, shell: true }) : spawnSync("/bin/sh", ["-c", `${editor} "$1"`, "cortex-edit", file], spawnOptions);
}
