import type { Command } from "commander";
import { reportCommit } from "../options.js";
import { moveAtom, type MoveResult } from "../../lib/app/links/move-vault.js";
import type { CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";
import { finishedMoveLines } from "../format/move-output.js";

interface MvOptions {
  vault?: string;
  today?: string;
  dryRun?: boolean;
  json?: boolean;
  commit?: boolean;
}

/** `cortex mv`: move or rename an atom and rewrite every reference to it. */
export function registerMv(program: Command, ctx: CliContext): void {
  program
    .command("mv")
    .description("Move or rename an atom and rewrite every wikilink, embed, frontmatter link and backtick path to it, keeping |alias and #heading; a rename never breaks a link")
    .argument("<from>", "the atom: path, id or name")
    .argument("<to>", "new vault-relative path (.md optional), or a folder ending in /")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day the index is refreshed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--dry-run", "show each change, write nothing")
    .option("-j, --json", "print the result as JSON")
    .option("--commit", "commit the move and the rewritten files with git (or [git] commit = true)")
    .action(async (from: string, to: string, opts: MvOptions) => {
      const today = ctx.today(opts.today);
      const { vaultDir, config } = ctx.vault(opts);
      const result = await moveAtom(vaultDir, from, to, { config, today, dryRun: opts.dryRun, commit: opts.commit || undefined });
      for (const line of result.finished ? finishedMoveLines(result.finished) : []) ctx.err(line);
      for (const path of result.skipped) ctx.err(`${path}:1 mv-skipped the file changed while the move ran; its references to ${result.from} were not rewritten`);
      reportCommit(ctx, result);
      ctx.exitCode = result.skipped.length > 0 ? 1 : 0;
      ctx.out(opts.json ? JSON.stringify(snakeKeys(result), null, 2) : format(result, Boolean(opts.dryRun)));
    });
}

function format(result: MoveResult, dryRun: boolean): string {
  const lines = [`${dryRun ? "Would move" : "Moved"} ${result.from} → ${result.to}`];
  for (const change of result.changes) for (const e of change.edits) lines.push(`  ${change.path}:${e.line} ${e.before} → ${e.after}`);
  const refs = result.changes.reduce((n, c) => n + c.edits.length, 0);
  lines.push(`${refs} reference${refs === 1 ? "" : "s"} in ${result.changes.length} file${result.changes.length === 1 ? "" : "s"} ${dryRun ? "to rewrite" : "rewritten"}${result.commit?.committed ? "; committed" : ""}`);
  return lines.join("\n");
}
