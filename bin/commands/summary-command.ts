import type { Command } from "commander";
import { loadSearchRecords } from "../../lib/search/vault-search.js";
import { summarize } from "../../lib/summary/summarize.js";
import type { CliContext } from "../context.js";
import { formatSummary, summaryJson } from "../format/summary-output.js";

interface SummaryOptions {
  vault?: string;
  today?: string;
  json?: boolean;
}

/** `cortex summary`: the boot summary an agent reads at session start. */
export function registerSummary(program: Command, ctx: CliContext): void {
  program
    .command("summary")
    .description("Boot summary: active atoms, hot/warm counts, top projects and types, hot atoms")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-j, --json", "print the summary as JSON")
    .action(async (opts: SummaryOptions) => {
      const today = ctx.today(opts.today);
      const { vaultDir, config } = ctx.vault(opts.vault);
      const { records } = await loadSearchRecords(vaultDir, config, today);
      const summary = summarize(records, today, config.layers);
      ctx.out(opts.json ? JSON.stringify(summaryJson(summary), null, 2) : formatSummary(summary, vaultDir));
    });
}
