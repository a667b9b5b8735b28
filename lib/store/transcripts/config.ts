import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { ConfigError, type CortexConfig } from "../../core/config/types.js";

/**
 * The transcripts directory: `[transcripts] dir` of cortex.toml (`~/` is
 * the home folder, a relative path is relative to the vault), else
 * `~/.claude/projects` (Claude Code's transcripts).
 *
 * @throws ConfigError when `[transcripts]` is not a table or `dir` not a string.
 */
export function transcriptsDir(config: CortexConfig, vaultDir: string, env: Record<string, string | undefined>): string {
  const home = env.HOME || env.USERPROFILE || homedir();
  const section = config.extra.transcripts;
  const file = config.source ?? "cortex.toml";
  if (section === undefined) return join(home, ".claude", "projects");
  if (typeof section !== "object" || section === null || Array.isArray(section)) throw new ConfigError(file, "transcripts", "expected a table ([transcripts])");
  const dir = (section as Record<string, unknown>).dir;
  if (dir === undefined) return join(home, ".claude", "projects");
  if (typeof dir !== "string" || dir === "") throw new ConfigError(file, "transcripts.dir", `expected a folder path (a string), got ${JSON.stringify(dir)}`);
  if (dir === "~" || dir.startsWith("~/")) return join(home, dir.slice(1));
  return isAbsolute(dir) ? dir : resolve(vaultDir, dir);
}
