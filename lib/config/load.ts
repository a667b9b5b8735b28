import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { CortexError } from "../errors.js";
import { defaultConfig } from "./defaults.js";
import { parseConfig } from "./parse.js";
import type { CortexConfig } from "./types.js";

/** Where to look for the vault; every field optional. */
export interface LoadConfigOptions {
  /** An explicit vault folder (the `--vault` flag); wins over everything. */
  vault?: string;
  /** Environment to read `CORTEX_VAULT` from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Folder whose `cortex.toml` may name the vault. Default `process.cwd()`. */
  cwd?: string;
}

/** The vault folder and the settings that apply to it. */
export interface LoadedConfig {
  /** Absolute path of the vault folder. */
  vaultDir: string;
  config: CortexConfig;
  /** How the vault was found. */
  via: "flag" | "env" | "cwd-config" | "cwd";
}

/**
 * Finds the vault and loads its settings. Vault: `vault` option >
 * `CORTEX_VAULT` > `[vault] path` of `./cortex.toml` > the current folder.
 * Settings: the vault's own `cortex.toml`, else the `./cortex.toml` that named
 * the vault, else defaults.
 *
 * @throws ConfigError for a cortex.toml that does not parse or has wrong types.
 * @throws CortexError (`VAULT_NOT_FOUND`) when the vault folder does not exist.
 * @example
 * const { vaultDir, config } = loadConfig({ vault: "examples/vault" });
 */
export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  let cwdConfig: CortexConfig | null = null;
  let vaultDir: string;
  let via: LoadedConfig["via"];
  if (options.vault) {
    vaultDir = resolve(cwd, options.vault);
    via = "flag";
  } else if (env.CORTEX_VAULT) {
    vaultDir = resolve(cwd, env.CORTEX_VAULT);
    via = "env";
  } else {
    cwdConfig = readConfigFile(cwd);
    vaultDir = cwdConfig?.vaultPath ? resolve(cwd, cwdConfig.vaultPath) : cwd;
    via = cwdConfig?.vaultPath ? "cwd-config" : "cwd";
  }
  assertDirectory(vaultDir, via);
  const config = readConfigFile(vaultDir) ?? (via === "cwd-config" ? cwdConfig : null) ?? defaultConfig();
  return { vaultDir, config, via };
}

/** Reads and parses `DIR/cortex.toml`; null when there is none. */
export function readConfigFile(dir: string): CortexConfig | null {
  const file = join(dir, "cortex.toml");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new CortexError("IO", `cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseConfig(text, file, dir);
}

function assertDirectory(dir: string, via: LoadedConfig["via"]): void {
  const from = { flag: "--vault", env: "CORTEX_VAULT", "cwd-config": "[vault] path of ./cortex.toml", cwd: "the current folder" }[via];
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (error) {
    throw new CortexError("VAULT_NOT_FOUND", `vault folder not found: ${dir} (from ${from})`, { cause: error });
  }
  if (!isDir) throw new CortexError("VAULT_NOT_FOUND", `vault is not a folder: ${dir} (from ${from})`);
}
