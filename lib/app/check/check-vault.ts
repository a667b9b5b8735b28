import { join } from "node:path";
import type { Diagnostic } from "../../core/atoms/types.js";
import { VaultHandle } from "../handle/vault-handle.js";
import type { CortexConfig } from "../../core/config/types.js";
import { compareStrings } from "../../core/util/compare.js";
import { findLinks } from "../../core/links/occurrences.js";
import { noteLinkSuggester } from "../../core/links/suggest.js";
import type { BrokenLink, LinkResolver } from "../../core/links/types.js";
import { isMoc } from "../../core/moc/collectors.js";
import { checkAtomText, duplicateIdDiagnostics, linkDiagnostics, markerDiagnostics } from "../../core/check/rules.js";
import { packageVersion } from "../../store/version.js";
import { CheckCache } from "../../store/check/check-cache.js";
import { loadCheckLinks } from "./check-links.js";
import { checkSettings } from "../../core/check/settings.js";
import { withCheckSeverity } from "../../core/check/severity.js";
import type { CheckReport } from "../../core/check/types.js";
import { pushAll } from "../../core/util/arrays.js";
import { readTextOrNull } from "../../store/files.js";

/** Options of {@link checkVault}. */
export interface CheckVaultOptions {
  config: CortexConfig;
  /** YYYY-MM-DD (the index is brought up to date for this day). */
  today: string;
  /** The open vault to read (its index as it gives it); default one opened on `vaultDir` with `config` and `today`. */
  vault?: VaultHandle;
}

/**
 * Lints a vault: what the indexer reports (YAML that does not parse,
 * unterminated frontmatter, bad dates, invalid type/status, skipped files and
 * why), plus required fields, invalid projects, tag format, duplicate ids,
 * broken and ambiguous wikilinks (also those of the root MEMORY.md), and
 * AUTO markers of MOCs that refresh-moc would leave alone.
 *
 * @example
 * const report = checkVault(vaultDir, { config, today: "2026-11-22" });
 * if (report.errors > 0) process.exitCode = 1;
 */
export function checkVault(vaultDir: string, options: CheckVaultOptions): CheckReport {
  const { config } = options;
  const settings = checkSettings(config);
  const vault = options.vault ?? new VaultHandle({ vaultDir, config }, { today: options.today });
  const index = vault.indexResult();
  const diagnostics: Diagnostic[] = index.diagnostics.map(withCheckSeverity);
  const ids: { path: string; id: string | null; idLine: number }[] = [];
  // A new version of cortex may check differently: its results start over.
  const cache = new CheckCache(vault.db(), JSON.stringify([packageVersion(), settings.required, config.projects]));
  const links = loadCheckLinks(vault, cache);
  for (const path of links.paths) {
    // The MOCs refresh-moc fills: `_moc/*.md` (MEMORY.md is not an atom; it follows).
    const moc = isMoc(path);
    const checked = cache.get(path, () => {
      const text = readTextOrNull(join(vaultDir, path));
      if (text === null) return null;
      const found = checkAtomText(path, text, config, settings);
      return moc ? { ...found, diagnostics: [...found.diagnostics, ...markerDiagnostics(path, text)] } : found;
    });
    if (checked === null) continue;
    pushAll(diagnostics, checked.diagnostics);
    ids.push({ path, id: checked.id, idLine: checked.idLine });
  }
  cache.save();
  pushAll(diagnostics, duplicateIdDiagnostics(ids));
  const memory = index.otherFiles.includes("MEMORY.md") ? readTextOrNull(join(vaultDir, "MEMORY.md")) : null;
  if (memory !== null) pushAll(diagnostics, markerDiagnostics("MEMORY.md", memory));
  const { problems } = links;
  const broken = memory === null ? problems.broken : pushAll([...problems.broken], brokenIn("MEMORY.md", memory, links.resolver()));
  pushAll(diagnostics, linkDiagnostics(broken, problems.ambiguous, noteLinkSuggester(() => vault.manifest)));
  diagnostics.sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line || compareStrings(a.rule, b.rule) || compareStrings(a.message, b.message));
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return { diagnostics, errors, warnings: diagnostics.length - errors, files: index.atoms + (memory === null ? 0 : 1) };
}

/** Broken wikilinks of a note that is not an atom (MEMORY.md). */
function brokenIn(path: string, text: string, resolver: LinkResolver): BrokenLink[] {
  return findLinks(text)
    .filter((link) => link.kind !== "code" && resolver.resolve(link.target, path).path === null)
    .map((link) => ({ from: path, target: link.target, line: link.line }));
}
