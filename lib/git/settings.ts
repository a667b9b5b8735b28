import { section } from "../config/extra.js";
import type { CortexConfig } from "../config/types.js";

/** `[git]` in cortex.toml. */
export interface GitSettings {
  /** Commit the files a mutating command changed (`link`, `mv`, `refresh-moc`). Default false. */
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
