import type { Command } from "commander";
import { reportCommit } from "../options.js";
import { refreshMocs } from "../../lib/app/moc/refresh.js";
import type { CliContext } from "../context.js";

interface RefreshMocOptions {
  vault?: string;
  today?: string;
  dryRun?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  commit?: boolean;
  json?: boolean;
}

/** `cortex refresh-moc`: fills the AUTO sections of MEMORY.md and `_moc/*.md`; made for cron. */
export function registerRefreshMoc(program: Command, ctx: CliContext): void {
  program
    .command("refresh-moc")
    .description("Refresh the <!-- AUTO:name --> sections of MEMORY.md and _moc/*.md (vault_count, project_stats, hot, recent, orphans, broken_links, incidents, [moc.commands]). Exit 1 when a section could not be refreshed.")
    .argument("[files...]", "only these MOCs (vault-relative paths)")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day sections are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--dry-run", "show what would change, write nothing")
    .option("--verbose", "also list the sections of each MOC")
    .option("-q, --quiet", "print nothing on success (problems still go to stderr)")
    .option("-j, --json", "print {files, written, problems, commit} as JSON")
    .option("--commit", "commit the changed MOCs with git (or [git] commit = true)")
    .action(async (files: string[], opts: RefreshMocOptions) => {
      const today = ctx.today(opts.today);
      const { vaultDir, config } = ctx.vault(opts);
      const result = await refreshMocs(vaultDir, { config, today, dryRun: opts.dryRun, files: files.length > 0 ? files : undefined, commit: opts.commit || undefined });
      ctx.exitCode = result.problems.length > 0 ? 1 : 0;
      if (opts.json) {
        ctx.out(JSON.stringify({ dry_run: Boolean(opts.dryRun), ...result }, null, 2));
        return;
      }
      for (const p of result.problems) ctx.err(`${p.file}:${p.line} error moc-${p.kind} ${p.message}`);
      reportCommit(ctx, result);
      if (opts.quiet) return;
      const verb = opts.dryRun ? "would refresh" : "refreshed";
      for (const f of result.files) {
        if (f.changed && (f.written || opts.dryRun)) ctx.out(`${verb} ${f.path}${opts.verbose ? ` (${f.sections.join(", ") || "no sections"})` : ""}`);
        else if (opts.verbose) ctx.out(`unchanged ${f.path} (${f.sections.join(", ") || "no sections"})`);
      }
      const changed = result.files.filter((f) => f.changed).length;
      ctx.out(`${result.files.length} MOC${result.files.length === 1 ? "" : "s"}: ${changed} ${opts.dryRun ? "to refresh" : "refreshed"}, ${result.files.length - changed} unchanged${result.commit?.committed ? ", committed" : ""}`);
    });
}
