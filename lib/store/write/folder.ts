import { lstatSync } from "node:fs";
import { join } from "node:path";
import { ensureDir } from "../atomic.js";
import { invalid } from "../../core/write/errors.js";

/**
 * Checks on disk that a vault-relative folder stays inside the vault: no part
 * of it may be a symbolic link (cortex never follows them, so an atom written
 * through one would be outside the vault or invisible to the index) or a file.
 *
 * @throws WriteRejectedError (`VALIDATION`, field `dir` or the given one).
 */
export function checkFolderOnDisk(vaultDir: string, folder: string, field = "dir"): void {
  let abs = vaultDir;
  for (const part of folder.split("/")) {
    abs = join(abs, part);
    let stat;
    try {
      stat = lstatSync(abs);
    } catch {
      return; // the rest does not exist yet and will be created as plain folders
    }
    if (stat.isSymbolicLink()) throw invalid(field, "dir-symlink", `"${folder}" goes through the symbolic link ${JSON.stringify(part)}; cortex only writes to real folders inside the vault`);
    if (!stat.isDirectory()) throw invalid(field, "dir-not-folder", `"${folder}": ${JSON.stringify(part)} is a file, not a folder`);
  }
}

/**
 * Creates a vault-relative folder (and its parents) after {@link checkFolderOnDisk}; returns its absolute path.
 *
 * @throws CortexError (`IO`) naming the folder when it cannot be made.
 */
export function ensureFolder(vaultDir: string, folder: string): string {
  checkFolderOnDisk(vaultDir, folder);
  const abs = join(vaultDir, ...folder.split("/"));
  ensureDir(abs);
  return abs;
}
