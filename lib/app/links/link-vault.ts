import { join } from "node:path";
import type { ChangeOptions } from "../../core/write/types.js";
import { mutateVault } from "../handle/mutate.js";
import { VaultHandle } from "../handle/vault-handle.js";
import type { MutationOutcome } from "../../core/git/types.js";
import { readForRewrite, writeIfUnchanged } from "../../store/rewrite.js";
import { overScanLimit } from "../../core/atoms/scan-limit.js";
import { codeRefEdits, mentionNames, suggestionEdits, type LinkEdit } from "../../core/links/autolink.js";
import { applyEdits } from "../../core/links/edits.js";
import { loadVaultLinks } from "./vault-links.js";

/** Options of {@link linkVault}. */
export interface LinkVaultOptions extends Pick<ChangeOptions, "config" | "today" | "dryRun" | "commit"> {
  /** Also write the suggested links. Default false: they are only listed. */
  applySuggestions?: boolean;
  /** Most suggestions per atom. Default 5. */
  maxSuggestions?: number;
}

/** The edits of one file. */
export interface FileLinkEdits {
  path: string;
  edits: LinkEdit[];
}

/** What {@link linkVault} did. */
export interface LinkVaultResult extends MutationOutcome {
  /** Edits written (or, with `dryRun`, to be written), by file. */
  applied: FileLinkEdits[];
  /** Suggested links not written, by file. */
  suggested: FileLinkEdits[];
  written: string[];
  /** Files left alone: changed while being linked, or not valid UTF-8. */
  skipped: { path: string; reason: string }[];
}

/**
 * The seed's auto-linker: turns backtick path references to existing atoms
 * into wikilinks and suggests links for mentions of other atoms' names
 * (written only with `applySuggestions`). Holds the vault lock; each file is
 * re-read before its atomic write and left alone if it changed meanwhile;
 * only the bytes of the replaced references change.
 *
 * @example const { applied, suggested } = await linkVault(vaultDir, { config, today, dryRun: true });
 */
export async function linkVault(vaultDir: string, options: LinkVaultOptions): Promise<LinkVaultResult> {
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  return mutateVault(vault, "link", (tx) => {
    const { index, resolver, resolved } = loadVaultLinks(tx.vault);
    const manifest = index.indexes.manifest;
    const atoms = new Set(manifest.map((m) => m.path));
    const names = mentionNames(manifest);
    const result: LinkVaultResult = { applied: [], suggested: [], written: [], skipped: [] };
    for (const { path } of manifest) {
      const file = join(vaultDir, path);
      const read = readForRewrite(file);
      // A note over the scan limit is left alone, as the index's `too-large` warning says.
      if (read === null || overScanLimit(read.bytes.length)) continue;
      const code = codeRefEdits(read.text, path, resolver, atoms);
      const linked = new Set([...(resolved.edges[path] ?? []), ...code.map((e) => e.target)]);
      const suggestions = suggestionEdits(read.text, path, names, linked, resolver, options.maxSuggestions ?? 5);
      const apply = options.applySuggestions ? [...code, ...suggestions] : code;
      if (!options.applySuggestions && suggestions.length > 0) result.suggested.push({ path, edits: suggestions });
      if (apply.length === 0) continue;
      apply.sort((a, b) => a.start - b.start);
      result.applied.push({ path, edits: apply });
      if (options.dryRun) continue;
      if (writeIfUnchanged(file, read.bytes, applyEdits(read.text, apply))) result.written.push(path);
      else result.skipped.push({ path, reason: "changed while being linked; left alone" });
    }
    tx.wrote(...result.written);
    tx.message(`cortex link: ${result.written.length} file${result.written.length === 1 ? "" : "s"}`);
    return result;
  }, { commit: options.commit, dryRun: options.dryRun });
}
