import type { Command } from "commander";
import { reportCommit } from "../options.js";
import { buildLinkReport, type LinkReport } from "../../lib/core/links/report.js";
import { linkVault, type FileLinkEdits, type LinkVaultResult } from "../../lib/app/links/link-vault.js";
import { loadVaultLinks } from "../../lib/app/links/vault-links.js";
import { isAttachmentTarget } from "../../lib/core/links/attachments.js";
import { noteLinkSuggester } from "../../lib/core/links/suggest.js";
import { parseCount, type CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";

interface LinkOptions {
  vault?: string;
  today?: string;
  dryRun?: boolean;
  report?: boolean;
  json?: boolean;
  applySuggestions?: boolean;
  max: number;
  commit?: boolean;
}

/** `cortex link`: backtick paths to wikilinks, link suggestions, and the cross-reference report. */
export function registerLink(program: Command, ctx: CliContext): void {
  program
    .command("link")
    .description("Turn backtick paths to existing atoms (`feedback/foo.md`) into [[feedback/foo]] and suggest wikilinks for mentions of other atoms' names. --report: orphans, hubs, broken and ambiguous links (exit 1 when links are broken).")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day the index is refreshed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--dry-run", "show the changes, write nothing")
    .option("--apply-suggestions", "also write the suggested links")
    .option("--max <n>", "most suggestions per atom", parseCount, 5)
    .option("--report", "print the cross-reference report instead of linking")
    .option("-j, --json", "print the result as JSON")
    .option("--commit", "commit the changed files with git (or [git] commit = true)")
    .action(async (opts: LinkOptions) => {
      const today = ctx.today(opts.today);
      const vault = ctx.vault(opts);
      const { vaultDir, config } = vault;
      if (opts.report) {
        const { index, resolved } = loadVaultLinks(vault);
        const suggest = noteLinkSuggester(() => index.indexes.manifest);
        const built = buildLinkReport(index.indexes.manifest, resolved);
        // Each broken link with the link to write instead, when a note's file name, name or alias is close.
        const report = { ...built, broken: built.broken.map((b) => withSuggestion(b, isAttachmentTarget(b.target) ? null : suggest(b.target))) };
        ctx.out(opts.json ? JSON.stringify(snakeKeys(report), null, 2) : formatReport(report));
        ctx.exitCode = report.broken.length > 0 ? 1 : 0;
        return;
      }
      const result = await linkVault(vaultDir, { config, today, dryRun: opts.dryRun, applySuggestions: opts.applySuggestions, maxSuggestions: opts.max, commit: opts.commit || undefined });
      for (const s of result.skipped) ctx.err(`${s.path}:1 link-skipped ${s.reason}`);
      reportCommit(ctx, result);
      ctx.out(opts.json ? JSON.stringify(snakeKeys(result), null, 2) : formatLinking(result, Boolean(opts.dryRun)));
      if (result.skipped.length > 0) ctx.exitCode = 1;
    });
}

function formatLinking(result: LinkVaultResult, dryRun: boolean): string {
  const lines: string[] = [];
  const show = (files: FileLinkEdits[], note: string) => {
    for (const f of files) for (const e of f.edits) lines.push(`${f.path}:${e.line} ${e.before} → ${e.text}${note}`);
  };
  show(result.applied, "");
  show(result.suggested, " (suggestion)");
  const count = result.applied.reduce((n, f) => n + f.edits.length, 0);
  const suggested = result.suggested.reduce((n, f) => n + f.edits.length, 0);
  const files = dryRun ? result.applied.length : result.written.length;
  lines.push(`${dryRun ? "Would link" : "Linked"} ${count} reference${count === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}; ${suggested} suggestion${suggested === 1 ? "" : "s"}${suggested > 0 ? " (--apply-suggestions writes them)" : ""}${result.commit?.committed ? "; committed" : ""}`);
  return lines.join("\n");
}

type BrokenWithSuggestion = LinkReport["broken"][number] & { suggestion?: string };

function withSuggestion(broken: LinkReport["broken"][number], suggestion: string | null): BrokenWithSuggestion {
  return suggestion === null ? broken : { ...broken, suggestion };
}

function formatReport(r: Omit<LinkReport, "broken"> & { broken: BrokenWithSuggestion[] }): string {
  const lines = [
    `Atoms: ${r.atoms}; with links out: ${r.linking}; linked to: ${r.linked}; links: ${r.links}`,
    `Orphans (no links in or out): ${r.orphans.length}`,
    ...r.orphans.map((p) => `  ${p}`),
    `Hubs (links out + in):`,
    ...r.hubs.map((h) => `  ${h.out + h.in}  ${h.path} (${h.out} out, ${h.in} in)`),
    `Broken links: ${r.broken.length}`,
    ...r.broken.map((b) => `  ${b.from}:${b.line ?? 1} [[${b.target}]]${b.suggestion ? ` (did you mean ${b.suggestion}?)` : ""}`),
    `Ambiguous links: ${r.ambiguous.length}`,
    ...r.ambiguous.map((a) => `  ${a.from}:${a.line ?? 1} [[${a.target}]] → ${a.path} (also ${a.candidates.filter((c) => c !== a.path).join(", ")})`),
  ];
  return lines.join("\n");
}
