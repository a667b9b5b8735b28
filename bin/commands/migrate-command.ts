import type { Command } from "commander";
import { migrateVault } from "../../lib/migrate/migrate.js";
import type { MigrateResult } from "../../lib/migrate/types.js";
import type { CliContext } from "../context.js";
import { addMutationOptions, reportCommit } from "../options.js";

interface MigrateOptions {
  vault?: string;
  today?: string;
  commit?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** `cortex migrate`: add the missing standard frontmatter fields to every note. */
export function registerMigrate(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("migrate")
    .summary("Add missing standard frontmatter fields to every note")
    .description("Add missing frontmatter fields (id, name, type, project, status, created, updated, tags, links) to every note, inferring them from path, [directories] and [tags]. Never moves, renames or deletes; bodies and unknown fields keep every byte. Exit 1 when files had to be skipped")
    .option("--dry-run", "print a unified diff per file (stdout) and write nothing")
    .option("--json", "print the result as JSON");
  addMutationOptions(cmd).action((opts: MigrateOptions) => runMigrate(ctx, opts));
}

async function runMigrate(ctx: CliContext, opts: MigrateOptions): Promise<void> {
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts);
  const result = await migrateVault(vaultDir, { config, today, dryRun: opts.dryRun, commit: opts.commit });
  if (result.skipped.length > 0) ctx.exitCode = 1;
  if (opts.json) {
    ctx.out(JSON.stringify(result, null, 2));
    return;
  }
  ctx.diagnostics(result.skipped);
  if (opts.dryRun) {
    if (result.changed.length > 0) ctx.out(result.changed.map((c) => c.diff).join(""));
    ctx.err(summary(result, "Would migrate"));
    return;
  }
  ctx.out(summary(result, "Migrated"));
  if (result.commit?.committed) ctx.out("Committed");
  reportCommit(ctx, result);
}

function summary(result: MigrateResult, verb: string): string {
  const n = result.changed.length;
  return `${verb} ${n} file${n === 1 ? "" : "s"} (${result.unchanged} already complete, ${result.skipped.length} skipped)`;
}
