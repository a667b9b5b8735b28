import { ConfigError, type CortexConfig } from "./types.js";

/**
 * A table of cortex.toml this core does not know (`[write]`, `[git]`, …),
 * from `config.extra`; empty when absent.
 *
 * @throws ConfigError when the key holds something other than a table.
 */
export function extraTable(config: CortexConfig, section: string): Record<string, unknown> {
  const value = config.extra[section];
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError(configFile(config), section, `expected a table ([${section}])`);
  }
  return value as Record<string, unknown>;
}

/**
 * A number of an extra table within `[min, max]`, or `fallback` when unset.
 *
 * @throws ConfigError naming `section.key` and the expected range.
 */
export function extraNumber(config: CortexConfig, section: string, key: string, range: { min: number; max: number; integer?: boolean }, fallback: number): number {
  const value = extraTable(config, section)[key];
  if (value === undefined) return fallback;
  const ok = typeof value === "number" && Number.isFinite(value) && value >= range.min && value <= range.max && (!range.integer || Number.isInteger(value));
  if (!ok) {
    const what = range.integer ? "a whole number" : "a number";
    throw new ConfigError(configFile(config), `${section}.${key}`, `expected ${what} from ${range.min} to ${range.max}, got ${JSON.stringify(value)}`);
  }
  return value as number;
}

/**
 * A boolean of an extra table, or `fallback` when unset.
 *
 * @throws ConfigError naming `section.key`.
 */
export function extraBoolean(config: CortexConfig, section: string, key: string, fallback: boolean): boolean {
  const value = extraTable(config, section)[key];
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw new ConfigError(configFile(config), `${section}.${key}`, `expected true or false, got ${JSON.stringify(value)}`);
  return value;
}

function configFile(config: CortexConfig): string {
  return config.source ?? "cortex.toml";
}
