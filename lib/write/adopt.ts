import { readFileSync, unlinkSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { CortexConfig } from "../config/types.js";
import { indexVault } from "../vault/indexer.js";
import { withVaultLock } from "../vault/lock.js";
import { WRITE_LOCK_TIMEOUT_MS } from "./write-atom.js";

/**
 * The vault-relative POSIX path of `file` when it lies inside the vault, else
 * null: a note written with `--file` from inside the vault is moved into place
 * rather than compared with itself.
 */
export function pathInVault(vaultDir: string, file: string): string | null {
  const rel = relative(resolve(vaultDir), resolve(file));
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return null;
  return rel.split(sep).join("/");
}

/**
 * Removes the note a new atom was made from (`from`, vault-relative), when it
 * still holds exactly the bytes that were read, then re-indexes. A note edited
 * meanwhile is kept. Returns whether it was removed.
 */
export async function removeAdopted(vaultDir: string, from: string, bytes: Uint8Array, options: { config: CortexConfig; today: string }): Promise<boolean> {
  return withVaultLock(
    vaultDir,
    () => {
      const file = join(vaultDir, from);
      let now: Buffer;
      try {
        now = readFileSync(file);
      } catch {
        return false;
      }
      if (!now.equals(bytes)) return false;
      unlinkSync(file);
      indexVault(vaultDir, { config: options.config, today: options.today });
      return true;
    },
    { timeoutMs: WRITE_LOCK_TIMEOUT_MS },
  );
}
