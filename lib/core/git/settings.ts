import { section } from "../config/extra.js";
import type { CortexConfig } from "../config/types.js";

/** `[git]` in cortex.toml. */
export interface GitSettings {
  /** Commit the files a mutating command changed. Default false. */
  commit: boolean;
}

/**
 * Reads `[git]`.
 *
 * @throws ConfigError for a value of the wrong type.
 * @example if (gitSettings(config).commit) commitFiles(vaultDir, changed, message);
 */
export function gitSettings(config: CortexConfig): GitSettings {
  return { commit: section(config, "git").bool("commit", false) };
}

/**
 * Whether a mutating command commits what it changes: the `--commit` flag
 * when given, else `[git] commit` (default false).
 *
 * @throws ConfigError when `git.commit` is not a boolean.
 */
export function shouldCommit(config: CortexConfig, flag?: boolean): boolean {
  return flag ?? gitSettings(config).commit;
}
