import { createRequire } from "node:module";
import type * as SmolToml from "smol-toml";
import { defaultConfig } from "./defaults.js";
import { unknownConfigKeys } from "./known-keys.js";
import { ConfigError, type CortexConfig } from "./types.js";

type Table = Record<string, unknown>;

let toml: typeof SmolToml | null = null;
// Loaded on first use, through require(): one CommonJS file instead of eight ES modules, and
// nothing at all for a vault without a cortex.toml.
function tomlParser(): typeof SmolToml {
  return (toml ??= createRequire(import.meta.url)("smol-toml") as typeof SmolToml);
}
const KNOWN = new Set(["vault", "projects", "directories", "tags", "layers", "scoring", "search", "index"]);

/**
 * Parses the text of a cortex.toml into a full {@link CortexConfig}.
 * Pure: `file` is only used in error messages and to resolve `[vault] path`
 * (relative to `baseDir`).
 *
 * @throws ConfigError naming the file, the key and the expected type.
 * @example
 * const config = parseConfig('[layers]\nhot = 1\n', "cortex.toml", "/vault");
 */
export function parseConfig(text: string, file: string, baseDir: string): CortexConfig {
  let doc: Table;
  try {
    doc = tomlParser().parse(text) as Table;
  } catch (error) {
    const where = error instanceof tomlParser().TomlError ? ` at line ${(error as SmolToml.TomlError).line}, column ${(error as SmolToml.TomlError).column}` : "";
    const first = String((error as Error).message).split("\n")[0];
    throw new ConfigError(file, null, `not valid TOML${where}: ${first}`, { cause: error });
  }
  const config = defaultConfig();
  config.source = file;
  const vault = table(doc, "vault", file);
  if (vault.path !== undefined) config.vaultPath = joinPath(baseDir, string(vault.path, "vault.path", file));
  const projects = table(doc, "projects", file);
  if (projects.names !== undefined) config.projects = stringList(projects.names, "projects.names", file);
  for (const [key, value] of Object.entries(table(doc, "directories", file))) {
    config.directories[key] = string(value, `directories.${key}`, file);
  }
  for (const [key, value] of Object.entries(table(doc, "tags", file))) {
    config.tags[key.toLowerCase()] = stringList(value, `tags.${key}`, file).map((s) => s.toLowerCase());
  }
  readNumbers(table(doc, "layers", file), config.layers, "layers", file);
  readNumbers(table(doc, "scoring", file), config.scoring, "scoring", file);
  readNumbers(table(table(doc, "scoring", file), "fulltext", file, "scoring.fulltext"), config.textWeights, "scoring.fulltext", file);
  readSearch(table(doc, "search", file), config, file);
  readIndex(table(doc, "index", file), config, file);
  if (config.layers.warm < config.layers.hot) {
    throw new ConfigError(file, "layers.warm", `must be at least layers.hot (${config.layers.hot}), got ${config.layers.warm}`);
  }
  for (const [key, value] of Object.entries(doc)) if (!KNOWN.has(key)) config.extra[key] = value;
  const unknown = unknownConfigKeys(doc);
  if (unknown.length > 0) config.warnings = unknown.map((w) => `${file}: ${w}`);
  return config;
}

function joinPath(baseDir: string, p: string): string {
  if (p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p)) return p;
  return `${baseDir.replace(/[\\/]+$/, "")}/${p}`;
}

function table(doc: Table, key: string, file: string, dotted = key): Table {
  const value = doc[key];
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError(file, dotted, `expected a table ([${dotted}]), got ${describe(value)}`);
  }
  return value as Table;
}

// `[index]`: above how many atoms a write may leave the JSON exports for later, a whole number.
function readIndex(index: Table, config: CortexConfig, file: string): void {
  const value = index.defer_exports_above;
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw new ConfigError(file, "index.defer_exports_above", `expected a whole number ≥ 0, got ${describe(value)}`);
  config.index.deferExportsAbove = value;
}

// `[search]`: the ranking by name, and the pool as a whole number of at least 1.
function readSearch(search: Table, config: CortexConfig, file: string): void {
  if (search.ranking !== undefined) {
    if (search.ranking !== "fulltext" && search.ranking !== "seed") throw new ConfigError(file, "search.ranking", `expected "fulltext" or "seed", got ${describe(search.ranking)}`);
    config.search.ranking = search.ranking;
  }
  if (search.pool !== undefined) {
    if (typeof search.pool !== "number" || !Number.isInteger(search.pool) || search.pool < 1) throw new ConfigError(file, "search.pool", `expected a whole number ≥ 1, got ${describe(search.pool)}`);
    config.search.pool = search.pool;
  }
}

function string(value: unknown, key: string, file: string): string {
  if (typeof value !== "string") throw new ConfigError(file, key, `expected a string, got ${describe(value)}`);
  return value;
}

function stringList(value: unknown, key: string, file: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new ConfigError(file, key, `expected an array of strings, got ${describe(value)}`);
  }
  return value as string[];
}

// Copies the known numeric keys of `source` onto `target`, checking each is a finite, non-negative number.
function readNumbers(source: Table, target: object, section: string, file: string): void {
  const numbers = target as Record<string, number>;
  for (const [key, value] of Object.entries(source)) {
    if (!(key in numbers)) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new ConfigError(file, `${section}.${key}`, `expected a non-negative number, got ${describe(value)}`);
    }
    numbers[key] = value;
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  if (typeof value === "object") return "a table";
  return `${typeof value} ${String(value)}`;
}
