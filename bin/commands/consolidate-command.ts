import type { Command } from "commander";
import { consolidateVault } from "../../lib/app/consolidate/consolidate.js";
import { readWriteSettings } from "../../lib/core/write/settings.js";
import type { CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";
import { formatConsolidation } from "../format/consolidate-output.js";
import { addMutationOptions, reportCommit } from "../options.js";

interface ConsolidateOptions {
  vault?: string;
  today?: string;
  commit?: boolean;
  project?: string;
  apply?: boolean;
  json?: boolean;
}

/** `cortex consolidate`: list near-duplicates, stale reviews and supersession problems; `--apply` merges duplicates. */
export function registerConsolidate(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("consolidate")
    .summary("List near-duplicates, stale reviews and supersession problems")
    .description("List near-duplicate groups (with similarity), atoms in review for too long ([write] review_days) and supersession chain problems, each with a suggested action. Changes nothing unless --apply, which supersedes each group's older atoms by its newest. Exit 1 when something was found and not applied")
    .option("-p, --project <project>", "only atoms of this project")
    .option("--apply", "merge each near-duplicate group into its newest atom (supersede, never delete)")
    .option("-j, --json", "print the result as JSON");
  addMutationOptions(cmd).action((opts: ConsolidateOptions) => runConsolidate(ctx, opts));
}

async function runConsolidate(ctx: CliContext, opts: ConsolidateOptions): Promise<void> {
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts);
  const result = await consolidateVault(vaultDir, { config, today, project: opts.project, apply: opts.apply, commit: opts.commit });
  const { duplicates, review, supersession } = result.report;
  const open = (opts.apply ? 0 : duplicates.length) + review.length + supersession.length;
  for (const s of result.skipped ?? []) ctx.err(`${s.path}:1 consolidate-skipped ${s.message}; not superseded, run --apply again`);
  if (open > 0 || result.skipped) ctx.exitCode = 1;
  if (opts.json) ctx.out(JSON.stringify(snakeKeys(result), null, 2));
  else ctx.out(formatConsolidation(result, readWriteSettings(config).reviewDays));
  if (result.commit?.committed && !opts.json) ctx.out("Committed");
  reportCommit(ctx, result);
}
