import type { Command } from "commander";
import { normalizeRef } from "../../lib/core/links/refs.js";
import { supersedeAtom } from "../../lib/app/write/supersede.js";
import type { CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";
import { addMutationOptions, reportCommit } from "../options.js";

interface SupersedeOptions {
  vault?: string;
  today?: string;
  commit?: boolean;
  by?: string;
  reason?: string;
  dryRun?: boolean;
  json?: boolean;
}

/** `cortex supersede OLD [--by NEW]`: mark a stale atom superseded (or retire it), changing only frontmatter. */
export function registerSupersede(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("supersede")
    .summary("Mark an atom superseded by another, or retire it")
    .description("Mark OLD status: superseded with superseded_by: NEW (NEW gets supersedes: OLD and a link to it); without --by, retire OLD (status: archived, left out of searches, never deleted). Only frontmatter changes. OLD/NEW: path, id, unique name or link stem")
    .argument("<old>", "the stale atom: path, id, name or link stem")
    .option("--by <new>", "its replacement: path, id, name or link stem")
    .option("--reason <text>", "why; kept as superseded_reason (archived_reason when retiring)")
    .option("--dry-run", "run every check and say what would change; write nothing")
    .option("-j, --json", "print the result as JSON");
  addMutationOptions(cmd).action((old: string, opts: SupersedeOptions) => runSupersede(ctx, old, opts));
}

async function runSupersede(ctx: CliContext, old: string, opts: SupersedeOptions): Promise<void> {
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts);
  const by = opts.by === undefined ? undefined : normalizeRef(opts.by);
  const result = await supersedeAtom(vaultDir, { old: normalizeRef(old), by, reason: opts.reason }, { config, today, commit: opts.commit, dryRun: opts.dryRun });
  const verb = opts.dryRun ? "Would supersede" : "Superseded";
  if (opts.json) ctx.out(JSON.stringify(snakeKeys(result), null, 2));
  else ctx.out(result.by ? `${verb} ${result.old} by ${result.by}` : `${opts.dryRun ? "Would retire" : "Retired"} ${result.old} (archived, no replacement; still on disk)`);
  if (result.commit?.committed && !opts.json) ctx.out("Committed");
  reportCommit(ctx, result);
}
