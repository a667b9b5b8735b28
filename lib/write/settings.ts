import { extraNumber } from "../config/extra.js";
import type { CortexConfig } from "../config/types.js";
import type { WriteSettings } from "./types.js";

/** Default `[write]` settings. */
export const DEFAULT_WRITE_SETTINGS: Readonly<WriteSettings> = Object.freeze({ duplicateThreshold: 0.6, related: 3, reviewDays: 30 });

/**
 * The `[write]` table of cortex.toml: `duplicate_threshold` (0..1, default
 * 0.6), `related` (0..20, default 3), `review_days` (default 30).
 *
 * @throws ConfigError naming `write.<key>` and what was expected.
 */
export function readWriteSettings(config: CortexConfig): WriteSettings {
  return {
    duplicateThreshold: extraNumber(config, "write", "duplicate_threshold", { min: 0, max: 1 }, DEFAULT_WRITE_SETTINGS.duplicateThreshold),
    related: extraNumber(config, "write", "related", { min: 0, max: 20, integer: true }, DEFAULT_WRITE_SETTINGS.related),
    reviewDays: extraNumber(config, "write", "review_days", { min: 0, max: 36_500, integer: true }, DEFAULT_WRITE_SETTINGS.reviewDays),
  };
}
