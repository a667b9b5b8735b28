import { section } from "../config/extra.js";
import type { CortexConfig } from "../config/types.js";
import type { CheckSettings } from "./types.js";

/** The seed's required frontmatter fields (`links` is reserved, so optional). */
export const DEFAULT_REQUIRED = ["id", "name", "type", "project", "status", "created", "updated", "tags"];

/**
 * Reads `[check]` from cortex.toml: `required = [..]`.
 *
 * @throws ConfigError for a value of the wrong type.
 */
export function checkSettings(config: CortexConfig): CheckSettings {
  return { required: section(config, "check").stringList("required", DEFAULT_REQUIRED) };
}
