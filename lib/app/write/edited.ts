import { join } from "node:path";
import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import { touchUpdated } from "../../core/moc/frontmatter-date.js";
import { readForRewrite, writeIfUnchanged } from "../../store/rewrite.js";
import { mutateVault, type MutationOutcome } from "../handle/mutate.js";
import type { VaultHandle } from "../handle/vault-handle.js";

/** What {@link stampEdited} did to a note edited by hand. */
export interface StampEditedResult {
  /** The note's bytes differ from before the edit. */
  changed: boolean;
  /** `updated` was set to today (false when nothing changed, the editor set it, or there is no `updated: YYYY-MM-DD` line). */
  stamped: boolean;
}

/**
 * After a note was edited by hand (`cortex edit`), sets its `updated` to
 * today when its body or frontmatter changed, as a write would, so that its
 * layer follows; a date the editor changed is left as typed. One
 * transaction, which also brings the index up to date.
 *
 * @example await stampEdited(vault, "rules/x.md", before)
 */
export async function stampEdited(vault: VaultHandle, path: string, before: Uint8Array | null): Promise<StampEditedResult & MutationOutcome> {
  return mutateVault(vault, "edit", (tx) => {
    const file = join(vault.vaultDir, path);
    const now = readForRewrite(file);
    const changed = now !== null && (before === null || !now.bytes.equals(before));
    if (!changed || now === null || before === null) return { changed, stamped: false };
    const touched = touchUpdated(now.text, vault.today);
    const stamped = touched !== now.text && updatedOf(now.text) === updatedOf(Buffer.from(before).toString("utf8")) && writeIfUnchanged(file, now.bytes, touched);
    tx.wrote(path);
    tx.message(`cortex edit: ${path}`);
    return { changed, stamped };
  });
}

// The `updated:` line of a note's frontmatter, as written; null without one.
function updatedOf(text: string): string | null {
  const split = splitFrontmatter(text.replace(/^\uFEFF/, ""));
  if (split.state !== "ok") return null;
  return /^updated:.*$/m.exec(split.yaml)?.[0].trimEnd() ?? null;
}
