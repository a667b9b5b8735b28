import type { Command } from "commander";
import { checkVault } from "../../lib/app/check/check-vault.js";
import { formatDiagnostic } from "../../lib/core/check/severity.js";
import type { CliContext } from "../context.js";
import { finishPendingMoveLines } from "../format/move-output.js";

interface CheckOptions {
  vault?: string;
  today?: string;
  json?: boolean;
  quiet?: boolean;
}

/** `cortex check`: the vault linter for pre-commit hooks and CI. */
export function registerCheck(program: Command, ctx: CliContext): void {
  program
    .command("check")
    .description("Lint the vault: frontmatter, required fields, type/status/project, dates, duplicate ids, tags, broken and ambiguous wikilinks, skipped files, broken AUTO markers of MOCs. Exit 1 on any error.")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day the index is refreshed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-j, --json", "print {errors, warnings, files, diagnostics} as JSON")
    .option("-q, --quiet", "print errors only, and no summary line")
    .action(async (opts: CheckOptions) => {
      const today = ctx.today(opts.today);
      const { vaultDir, config } = ctx.vault(opts);
      for (const line of await finishPendingMoveLines(vaultDir)) ctx.err(line);
      const report = checkVault(vaultDir, { config, today });
      ctx.exitCode = report.errors > 0 ? 1 : 0;
      if (opts.json) {
        ctx.out(JSON.stringify(report, null, 2));
        return;
      }
      const shown = opts.quiet ? report.diagnostics.filter((d) => d.severity === "error") : report.diagnostics;
      if (shown.length > 0) ctx.out(shown.map(formatDiagnostic).join("\n"));
      if (!opts.quiet) ctx.err(`${report.files} files checked: ${plural(report.errors, "error")}, ${plural(report.warnings, "warning")}`);
    });
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
