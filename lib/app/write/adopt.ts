import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { CortexConfig } from "../../core/config/types.js";
import { mutateVault, WRITE_LOCK_TIMEOUT_MS } from "../handle/mutate.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { readFileBytes, removeFile } from "../../store/files.js";

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
 * still holds exactly the bytes that were read, then re-indexes (one
 * {@link mutateVault} transaction, not committed: the removed note was never
 * the new atom). A note edited meanwhile is kept. Returns whether it was removed.
 */
export async function removeAdopted(vaultDir: string, from: string, bytes: Uint8Array, options: { config: CortexConfig; today: string }): Promise<boolean> {
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  const { removed } = await mutateVault(
    vault,
    "write",
    (tx) => {
      const file = join(vaultDir, from);
      let now: Buffer;
      try {
        now = readFileBytes(file);
      } catch {
        return { removed: false };
      }
      if (!now.equals(bytes)) return { removed: false };
      removeFile(file);
      tx.wrote(from);
      return { removed: true };
    },
    { commit: false, lockTimeoutMs: WRITE_LOCK_TIMEOUT_MS },
  );
  return removed;
}
