import type { Command } from "commander";
import type { CommitResult } from "../lib/core/git/types.js";
import type { CliContext } from "./context.js";

/** Adds `--vault`, `--today`, and `--commit` / `--no-commit` to a mutating command. */
export function addMutationOptions(cmd: Command): Command {
  return cmd
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "the date to record as updated/created (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--commit", "commit the changed files with git (default: [git] commit of cortex.toml)")
    .option("--no-commit", "do not commit, whatever cortex.toml says");
}

/** Splits a comma-separated option value into trimmed, non-empty items. */
export function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}

/** Reads all of standard input as UTF-8 text. */
export async function readStdin(ctx: CliContext): Promise<string> {
  const stream = ctx.params.stdin ?? process.stdin;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** Reports a commit that was asked for but not made (not a repository, nothing changed, git failed). */
export function reportCommit(ctx: CliContext, result: { commit?: CommitResult }): void {
  if (result.commit && !result.commit.committed) ctx.err(`cortex: not committed: ${result.commit.reason ?? "git failed"}`);
}
