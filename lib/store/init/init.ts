import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CortexError } from "../../core/errors.js";
import { createFileExclusive, writeFileAtomic } from "../atomic.js";
import { missingGitignoreLines, VAULT_FOLDERS, vaultTemplate } from "../../core/init/templates.js";
import type { InitResult } from "../../core/init/types.js";

/**
 * Creates a vault a new user can start from: a commented `cortex.toml`,
 * `MEMORY.md` with an `AUTO:vault_count` marker, and a `.gitignore` for
 * `index/` and `layers/` (cortex's lines appended to one that exists). In a
 * new or empty folder it also makes the seed's folders (each with a
 * `.gitkeep`); in a folder that already holds files but no cortex.toml (an
 * Obsidian vault, a repository) it makes none: a write creates the folder it needs. Never
 * overwrites: a folder with a cortex.toml is a vault already, refused unless
 * `force`, which only adds what is missing.
 *
 * @throws CortexError (`EXISTS`) naming what exists; (`IO`) when the folder cannot be written.
 * @example initVault("my-vault") // { created: ["cortex.toml", ...], kept: [] }
 */
export function initVault(dir: string, options: { force?: boolean } = {}): InitResult {
  const vault = resolve(dir);
  if (existsSync(vault) && !lstatSync(vault).isDirectory()) throw new CortexError("EXISTS", `${vault} exists and is not a folder`);
  // A folder that holds files but no cortex.toml is someone's notes: adopted without the seed's folders.
  const existing = existsSync(vault) && readdirSync(vault).length > 0 && !existsSync(join(vault, "cortex.toml"));
  const files = vaultTemplate().filter((f) => !existing || !f.path.endsWith("/.gitkeep"));
  const clashes = files.filter((f) => !f.path.endsWith(".gitkeep") && existsSync(join(vault, f.path))).map((f) => f.path);
  if (clashes.includes("cortex.toml") && !options.force) {
    throw new CortexError("EXISTS", `${vault} already has ${clashes.join(", ")}; nothing changed (use --force to add only what is missing)`);
  }
  const result: InitResult = { vault, created: [], kept: [], updated: [], existing, git: insideGit(vault) };
  try {
    mkdirSync(vault, { recursive: true });
    for (const folder of existing ? [] : VAULT_FOLDERS) result[existsSync(join(vault, folder)) ? "kept" : "created"].push(`${folder}/`);
    for (const file of files) {
      const abs = join(vault, file.path);
      if (file.path.endsWith(".gitkeep") && !result.created.includes(`${dirname(file.path)}/`)) continue;
      mkdirSync(dirname(abs), { recursive: true });
      if (createFileExclusive(abs, file.content)) result.created.push(file.path);
      else if (file.path === ".gitignore" && appendGitignore(abs)) result.updated.push(file.path);
      else result.kept.push(file.path);
    }
  } catch (error) {
    if (error instanceof CortexError) throw error;
    throw new CortexError("IO", `cannot create the vault in ${vault}: ${(error as Error).message}`, { cause: error });
  }
  return result;
}

/** Appends the derived folders a kept `.gitignore` lacks; true when it added any. */
function appendGitignore(file: string): boolean {
  const text = readFileSync(file, "utf8");
  const missing = missingGitignoreLines(text);
  if (missing.length === 0) return false;
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  writeFileAtomic(file, `${text}${separator}\n# Derived by cortex; rebuilt with \`cortex index\`.\n${missing.join("\n")}\n`);
  return true;
}

/** True when `dir` or a folder above it holds `.git` (a repository or a work tree of one). */
function insideGit(dir: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return true;
    if (dirname(at) === at) return false;
  }
}
