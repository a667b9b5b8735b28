import { existsSync, lstatSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CortexError } from "../../core/errors.js";
import { createFileExclusive } from "../atomic.js";
import { VAULT_FOLDERS, VAULT_GITIGNORE_LINES, vaultTemplate } from "../../core/init/templates.js";
import type { InitResult } from "../../core/init/types.js";

/**
 * Creates a vault a new user can start from: the seed's folders (each with a
 * `.gitkeep`), a commented `cortex.toml`, `MEMORY.md` with an
 * `AUTO:vault_count` marker, and a `.gitignore` for `index/` and `layers/`.
 * Never overwrites: if cortex.toml, MEMORY.md or .gitignore exists it refuses
 * and changes nothing, unless `force`, which only adds what is missing.
 *
 * @throws CortexError (`EXISTS`) naming what exists; (`IO`) when the folder cannot be written.
 * @example initVault("my-vault") // { created: ["cortex.toml", ...], kept: [] }
 */
export function initVault(dir: string, options: { force?: boolean } = {}): InitResult {
  const vault = resolve(dir);
  if (existsSync(vault) && !lstatSync(vault).isDirectory()) throw new CortexError("EXISTS", `${vault} exists and is not a folder`);
  const files = vaultTemplate();
  const clashes = files.filter((f) => !f.path.endsWith(".gitkeep") && existsSync(join(vault, f.path))).map((f) => f.path);
  if (clashes.length > 0 && !options.force) {
    throw new CortexError("EXISTS", `${vault} already has ${clashes.join(", ")}; nothing changed (use --force to add only what is missing)`);
  }
  const result: InitResult = { vault, created: [], kept: [], notes: [] };
  try {
    mkdirSync(vault, { recursive: true });
    for (const folder of VAULT_FOLDERS) {
      if (existsSync(join(vault, folder))) result.kept.push(`${folder}/`);
      else result.created.push(`${folder}/`);
    }
    for (const file of files) {
      const abs = join(vault, file.path);
      if (file.path.endsWith(".gitkeep") && !result.created.includes(`${dirname(file.path)}/`)) continue;
      mkdirSync(dirname(abs), { recursive: true });
      if (createFileExclusive(abs, file.content)) result.created.push(file.path);
      else result.kept.push(file.path);
    }
  } catch (error) {
    if (error instanceof CortexError) throw error;
    throw new CortexError("IO", `cannot create the vault in ${vault}: ${(error as Error).message}`, { cause: error });
  }
  result.notes.push(...gitignoreNotes(vault, result.kept));
  return result;
}

function gitignoreNotes(vault: string, kept: string[]): string[] {
  if (!kept.includes(".gitignore")) return [];
  let text = "";
  try {
    text = readFileSync(join(vault, ".gitignore"), "utf8");
  } catch {
    return [];
  }
  const lines = new Set(text.split(/\r?\n/).map((l) => l.trim().replace(/^\//, "").replace(/\/$/, "")));
  const missing = VAULT_GITIGNORE_LINES.filter((l) => !lines.has(l.replace(/^\//, "").replace(/\/$/, "")));
  return missing.length > 0 ? [`.gitignore was kept; add ${missing.join(" and ")} to it so the derived indexes stay out of git`] : [];
}
