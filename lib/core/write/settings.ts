import { section } from "../config/extra.js";
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
  const write = section(config, "write");
  return {
    duplicateThreshold: write.number("duplicate_threshold", DEFAULT_WRITE_SETTINGS.duplicateThreshold, { max: 1 }),
    related: write.number("related", DEFAULT_WRITE_SETTINGS.related, { max: 20, integer: true }),
    reviewDays: write.number("review_days", DEFAULT_WRITE_SETTINGS.reviewDays, { max: 36_500, integer: true }),
  };
}
