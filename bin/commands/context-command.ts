import type { Command } from "commander";
import { LIMITS } from "../../lib/adapters/agent/limits.js";
import { buildContext } from "../../lib/app/context/build.js";
import { wholeNumberWithin, type CliContext } from "../context.js";

interface ContextOptions {
  vault?: string;
  today?: string;
  budget: number;
  project?: string;
  allStatus?: boolean;
  refresh?: boolean;
  json?: boolean;
}

/** `cortex context`: the query-tailored briefing the MCP `context` tool gives. */
export function registerContext(program: Command, ctx: CliContext): void {
  program
    .command("context")
    .description("Print a briefing for a task or question within a token budget (tokens = characters / 4): the project's MOC summary, the best atoms' text, pointers to the rest")
    .argument("<query...>", "the task or question, in plain words")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-b, --budget <tokens>", `budget in tokens, ${LIMITS.budgetMin}–${LIMITS.budgetMax}`, wholeNumberWithin(LIMITS.budgetMin, LIMITS.budgetMax), 1500)
    .option("-p, --project <name>", "only atoms of this project; its MOC heads the briefing")
    .option("--all-status", "keep superseded atoms too (left out by default; archived ones always are)")
    .option("--no-refresh", "read the index as written, without checking the files for changes")
    .option("-j, --json", "print the briefing and what went into it as JSON")
    .action((words: string[], opts: ContextOptions) => runContext(ctx, words.join(" "), opts));
}

async function runContext(ctx: CliContext, query: string, opts: ContextOptions): Promise<void> {
  const result = buildContext(ctx.vault(opts), { query, project: opts.project, budgetTokens: opts.budget, includeSuperseded: opts.allStatus, more: "`cortex search`" });
  if (opts.json) ctx.out(JSON.stringify(result, null, 2));
  else if (result.text) ctx.out(result.text);
  if (!result.text) {
    ctx.err(`No atoms match: ${query}`);
    ctx.exitCode = 1;
  }
}

