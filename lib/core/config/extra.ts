import { ConfigError, type CortexConfig } from "./types.js";

type Table = Record<string, unknown>;

/**
 * Typed readers for the cortex.toml tables that the core parser keeps in
 * `config.extra` (`[moc]`, `[git]`, `[check]` …). Each throws a
 * {@link ConfigError} naming the file, the dotted key and what was expected.
 */
export interface ExtraSection {
  /** The raw table (empty when the section is absent). */
  table: Table;
  bool(key: string, fallback: boolean): boolean;
  /** A number within `range` (default: at least 0), or `fallback` when unset. */
  number(key: string, fallback: number, range?: NumberRange): number;
  stringList(key: string, fallback: string[]): string[];
  /** A sub-table of string values, e.g. `[moc.commands]`. */
  stringMap(key: string): Record<string, string>;
}

/** Bounds of a numeric setting. */
export interface NumberRange {
  /** Default 0. */
  min?: number;
  /** Default no bound. */
  max?: number;
  /** Only whole numbers. Default false. */
  integer?: boolean;
}

/**
 * The `[name]` section of a config's extra tables.
 *
 * @throws ConfigError when `[name]` is not a table.
 * @example section(config, "moc").bool("touch_updated", false)
 */
export function section(config: CortexConfig, name: string): ExtraSection {
  const file = config.source ?? "cortex.toml";
  const value = config.extra[name];
  if (value !== undefined && !isTable(value)) throw new ConfigError(file, name, `expected a table ([${name}]), got ${describe(value)}`);
  const table = (value ?? {}) as Table;
  const fail = (key: string, expected: string, got: unknown): never => {
    throw new ConfigError(file, `${name}.${key}`, `expected ${expected}, got ${describe(got)}`);
  };
  return {
    table,
    bool: (key, fallback) => {
      const v = table[key];
      return v === undefined ? fallback : typeof v === "boolean" ? v : fail(key, "true or false", v);
    },
    number: (key, fallback, { min = 0, max = Infinity, integer = false } = {}) => {
      const v = table[key];
      if (v === undefined) return fallback;
      const ok = typeof v === "number" && Number.isFinite(v) && v >= min && v <= max && (!integer || Number.isInteger(v));
      const what = `${integer ? "a whole number" : "a number"} ${max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`}`;
      return ok ? v : fail(key, what, v);
    },
    stringList: (key, fallback) => {
      const v = table[key];
      if (v === undefined) return fallback;
      return Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : fail(key, "a list of strings", v);
    },
    stringMap: (key) => {
      const v = table[key];
      if (v === undefined) return {};
      if (!isTable(v)) return fail(key, `a table ([${name}.${key}])`, v);
      const out: Record<string, string> = {};
      for (const [k, s] of Object.entries(v)) out[k] = typeof s === "string" ? s : fail(`${key}.${k}`, "a string", s);
      return out;
    },
  };
}

function isTable(value: unknown): value is Table {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (isTable(value)) return "a table";
  return `${typeof value} ${JSON.stringify(value)}`;
}
