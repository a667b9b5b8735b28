import { extraBoolean } from "../config/extra.js";
import type { CortexConfig } from "../config/types.js";

/**
 * Whether mutating commands commit what they change: the `--commit` flag
 * when given, else `[git] commit` of cortex.toml (default false).
 *
 * @throws ConfigError when `git.commit` is not a boolean.
 */
export function shouldCommit(config: CortexConfig, flag?: boolean): boolean {
  return flag ?? extraBoolean(config, "git", "commit", false);
}
