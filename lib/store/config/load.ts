import { existsSync, statSync } from "node:fs";
import { readTextIfExists } from "../files.js";
import { dirname, join, resolve } from "node:path";
import { CortexError } from "../../core/errors.js";
import { shellQuote } from "../../core/util/shell.js";
import { defaultConfig } from "../../core/config/defaults.js";
import { parseConfig } from "../../core/config/parse.js";
import type { CortexConfig } from "../../core/config/types.js";

/** Where to look for the vault; every field optional. */
export interface LoadConfigOptions {
  /** An explicit vault folder (the `--vault` flag); wins over everything. */
  vault?: string;
  /** Environment to read `CORTEX_VAULT` from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Folder the search for a vault starts from. Default `process.cwd()`. */
  cwd?: string;
}

/** The vault folder and the settings that apply to it. */
export interface LoadedConfig {
  /** Absolute path of the vault folder. */
  vaultDir: string;
  config: CortexConfig;
  /**
   * How the vault was found: the flag, the environment, the `[vault] path` of
   * the nearest cortex.toml, or the nearest folder at or above the current
   * one that is a vault.
   */
  via: "flag" | "env" | "cwd-config" | "found";
}

/** The one line printed when no vault is found. */
export const NOT_A_VAULT = "not a cortex vault (no cortex.toml here or above): use --vault DIR or run cortex init";

/**
 * Finds the vault as git finds a repository, and loads its settings. Vault:
 * `vault` option > `CORTEX_VAULT` > the nearest folder at or above `cwd`
 * holding a `cortex.toml` (its `[vault] path` when it names another folder)
 * or an index cortex wrote (`index/meta.json` or `index/cache.tsv`). A
 * subfolder of a vault means that vault, whichever way it was named; a named
 * folder that is in no vault is refused, never made one. Settings: the vault's own
 * `cortex.toml`, else the one that named the vault, else defaults.
 *
 * @throws CortexError `CONFIG` for a cortex.toml that does not parse or has wrong types.
 * @throws CortexError `VAULT_NOT_FOUND` when a named vault folder does not exist.
 * @throws CortexError `NOT_A_VAULT` when no vault is found, or a named folder is in none (nothing is written; its hint names `cortex init`).
 * @example
 * const { vaultDir, config } = loadConfig({ vault: "examples/vault" });
 */
export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  const named = options.vault ? { dir: resolve(cwd, options.vault), via: "flag" as const } : env.CORTEX_VAULT ? { dir: resolve(cwd, env.CORTEX_VAULT), via: "env" as const } : null;
  if (named) {
    assertDirectory(named.dir, named.via);
    // A named folder is held to discovery's rule: a folder inside a vault means that vault; any other is refused, never made one.
    const enclosing = findVaultFolder(named.dir);
    if (enclosing === null) throw notAVault(named.dir, named.via);
    return { vaultDir: enclosing, config: readConfigFile(enclosing) ?? defaultConfig(), via: named.via };
  }
  const found = findVaultFolder(cwd);
  if (found === null) throw new CortexError("NOT_A_VAULT", NOT_A_VAULT);
  const ownConfig = readConfigFile(found);
  if (!ownConfig?.vaultPath) return { vaultDir: found, config: ownConfig ?? defaultConfig(), via: "found" };
  const vaultDir = resolve(found, ownConfig.vaultPath);
  assertDirectory(vaultDir, "cwd-config");
  return { vaultDir, config: readConfigFile(vaultDir) ?? ownConfig, via: "cwd-config" };
}

/**
 * The nearest folder at or above `start` that is a cortex vault (see
 * {@link isVaultFolder}); null when there is none up to the root.
 *
 * @example findVaultFolder("/home/me/vault/decisions") // "/home/me/vault"
 */
export function findVaultFolder(start: string): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (isVaultFolder(dir)) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/** True when `dir` holds a `cortex.toml`, or an index cortex wrote (`index/meta.json` or `index/cache.tsv`). */
export function isVaultFolder(dir: string): boolean {
  return existsSync(join(dir, "cortex.toml")) || existsSync(join(dir, "index", "meta.json")) || existsSync(join(dir, "index", "cache.tsv"));
}

/** Reads and parses `DIR/cortex.toml`; null when there is none. */
export function readConfigFile(dir: string): CortexConfig | null {
  const file = join(dir, "cortex.toml");
  const text = readTextIfExists(file);
  return text === null ? null : parseConfig(text, file, dir);
}

/** The refusal of a named folder that is not in a vault: discovery's words, the folder, how to make it one. */
function notAVault(dir: string, via: "flag" | "env"): CortexError {
  const from = via === "flag" ? "--vault" : "CORTEX_VAULT";
  return new CortexError("NOT_A_VAULT", `${NOT_A_VAULT} (${from} ${dir})`, { hint: `run \`cortex init ${shellQuote(dir)}\` to make it one` });
}

function assertDirectory(dir: string, via: LoadedConfig["via"]): void {
  const from = { flag: "--vault", env: "CORTEX_VAULT", "cwd-config": "[vault] path of cortex.toml", found: "the current folder" }[via];
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (error) {
    throw new CortexError("VAULT_NOT_FOUND", `vault folder not found: ${dir} (from ${from})`, { cause: error });
  }
  if (!isDir) throw new CortexError("VAULT_NOT_FOUND", `vault is not a folder: ${dir} (from ${from})`);
}
