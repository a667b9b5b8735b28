import type { Command } from "commander";
import { searchRecords } from "../../lib/app/search-records.js";
import { summarize } from "../../lib/core/summary/summarize.js";
import type { CliContext } from "../context.js";
import { formatSummary, summaryJson } from "../format/summary-output.js";

interface SummaryOptions {
  vault?: string;
  today?: string;
  refresh?: boolean;
  json?: boolean;
}

/** `cortex summary`: the boot summary an agent reads at session start. */
export function registerSummary(program: Command, ctx: CliContext): void {
  program
    .command("summary")
    .description("Boot summary: active atoms, hot/warm counts, top projects and types, hot atoms")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--no-refresh", "read the index as written, without checking the files for changes")
    .option("-j, --json", "print the summary as JSON")
    .action(async (opts: SummaryOptions) => {
      const vault = ctx.vault(opts);
      const { vaultDir, config, today } = vault;
      const summary = summarize(searchRecords(vault), today, config.layers);
      ctx.out(opts.json ? JSON.stringify(summaryJson(summary), null, 2) : formatSummary(summary, vaultDir));
    });
}
