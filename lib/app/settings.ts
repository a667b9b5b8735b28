import { checkSettings } from "../core/check/settings.js";
import { hookSettings } from "../core/claude/hooks.js";
import type { CortexConfig } from "../core/config/types.js";
import { gitSettings } from "../core/git/settings.js";
import { mocSettings } from "../core/moc/settings.js";
import { transcriptsDir } from "../store/transcripts/config.js";
import { readWriteSettings } from "../core/write/settings.js";

/**
 * Checks every table of a cortex.toml that a feature reads (`[git]`,
 * `[write]`, `[moc]`, `[check]`, `[hooks]`, `[transcripts]`), so that a bad
 * value is reported when the vault is opened, not by the first command that
 * happens to read it. The seed's tables are checked by `parseConfig`.
 *
 * @throws CortexError `CONFIG` (a `ConfigError`) naming the file, the key and what was expected.
 * @example validateSettings(loadConfig({ vault: "my-vault" }).config, "my-vault");
 */
export function validateSettings(config: CortexConfig, vaultDir: string): void {
  gitSettings(config);
  readWriteSettings(config);
  mocSettings(config);
  checkSettings(config);
  hookSettings(config);
  transcriptsDir(config, vaultDir, {});
}
