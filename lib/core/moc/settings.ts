import { section } from "../config/extra.js";
import type { CortexConfig } from "../config/types.js";

/** `[moc]` in cortex.toml. */
export interface MocSettings {
  /** Bump the MOC's frontmatter `updated` to today when its content changed. Default false. */
  touch_updated: boolean;
  /** Atoms in the `recent` section. Default 5. */
  recent: number;
  /** Most items in any list section (`hot`, `orphans`, `broken_links`). Default 20. */
  limit: number;
  /** Seconds a `[moc.commands]` command may run before it is stopped. Default 10. */
  command_timeout: number;
  /** `[moc.commands]`: marker name → shell command whose stdout fills the section. */
  commands: Record<string, string>;
}

/**
 * Reads `[moc]` and `[moc.commands]`.
 *
 * @throws ConfigError for a value of the wrong type.
 * @example mocSettings(config).touch_updated
 */
export function mocSettings(config: CortexConfig): MocSettings {
  const moc = section(config, "moc");
  return {
    touch_updated: moc.bool("touch_updated", false),
    recent: Math.floor(moc.number("recent", 5, { min: 1 })),
    limit: Math.floor(moc.number("limit", 20, { min: 1 })),
    command_timeout: moc.number("command_timeout", 10, { min: 0.1 }),
    commands: moc.stringMap("commands"),
  };
}
