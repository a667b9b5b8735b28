import { Command, CommanderError } from "commander";
import { ConfigError } from "../lib/config/types.js";
import { CortexError } from "../lib/errors.js";
import { packageVersion } from "../lib/version.js";
import { registerCheck } from "./commands/check-command.js";
import { registerGraph } from "./commands/graph-command.js";
import { registerIndex } from "./commands/index-command.js";
import { registerLink } from "./commands/link-command.js";
import { registerMv } from "./commands/mv-command.js";
import { registerRefreshMoc } from "./commands/refresh-moc-command.js";
import { registerRelated } from "./commands/related-command.js";
import { registerSearch } from "./commands/search-command.js";
import { registerStats } from "./commands/stats-command.js";
import { registerSummary } from "./commands/summary-command.js";
import { CliContext, type CliParams } from "./context.js";

/** Registers one command on the program. */
export type Register = (program: Command, ctx: CliContext) => void;

const COMMANDS: Register[] = [registerIndex, registerSearch, registerSummary, registerCheck, registerRefreshMoc, registerLink, registerGraph, registerMv, registerRelated, registerStats];

/**
 * Runs the `cortex` CLI with the given arguments and streams and returns the
 * exit code: 0 success, 1 ran fine but found nothing / found problems,
 * 2 usage, config or I/O error. Never calls `process.exit`.
 *
 * @example
 * const code = await main({ argv: ["search", "deploy"], stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
 */
export async function main(params: CliParams): Promise<number> {
  const ctx = new CliContext(params);
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(params.argv, { from: "user" });
    return ctx.exitCode;
  } catch (error) {
    return handleError(error, ctx);
  }
}

/** The commander program with every command registered. */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command("cortex")
    .description("Persistent, searchable memory kept as markdown in a git-tracked, Obsidian-compatible vault.")
    .version(packageVersion(), "-V, --version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.params.stdout.write(s), writeErr: (s) => ctx.params.stderr.write(s) })
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", EXIT_CODES);
  for (const register of COMMANDS) register(program, ctx);
  return program;
}

const EXIT_CODES = `
Exit codes: 0 success; 1 ran fine but found nothing or found problems; 2 usage, config or I/O error.
Vault: --vault DIR, else CORTEX_VAULT, else [vault] path of ./cortex.toml, else the current folder.`;

function handleError(error: unknown, ctx: CliContext): number {
  if (error instanceof CommanderError) {
    const ok = error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
    return ok ? 0 : 2;
  }
  if (error instanceof CortexError || error instanceof ConfigError) {
    ctx.err(`cortex: ${error.message}`);
    return 2;
  }
  const err = error as Error;
  ctx.err(`cortex: unexpected error: ${err.message}`);
  if (ctx.params.env.CORTEX_DEBUG) ctx.err(String(err.stack));
  return 2;
}
