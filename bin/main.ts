import { Command, CommanderError } from "./commander.js";
import { ConfigError } from "../lib/config/types.js";
import { CortexError } from "../lib/errors.js";
import { packageVersion } from "../lib/version.js";
import { CliContext, type CliParams } from "./context.js";

/** Registers one command on the program. */
export type Register = (program: Command, ctx: CliContext) => void;

/**
 * Command name → loader of the module that registers it. Only the command
 * being run is loaded (and with it only the library code it needs): CLI
 * start-up time is a feature, and a hook runs on every prompt. Help, version
 * and unknown commands load them all.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  index: async () => (await import("./commands/index-command.js")).registerIndex,
  search: async () => (await import("./commands/search-command.js")).registerSearch,
  summary: async () => (await import("./commands/summary-command.js")).registerSummary,
  write: async () => (await import("./commands/write-command.js")).registerWrite,
  supersede: async () => (await import("./commands/supersede-command.js")).registerSupersede,
  init: async () => (await import("./commands/init-command.js")).registerInit,
  migrate: async () => (await import("./commands/migrate-command.js")).registerMigrate,
  import: async () => (await import("./commands/import-command.js")).registerImport,
  consolidate: async () => (await import("./commands/consolidate-command.js")).registerConsolidate,
  context: async () => (await import("./commands/context-command.js")).registerContext,
  transcripts: async () => (await import("./commands/transcripts-command.js")).registerTranscripts,
  mcp: async () => (await import("./commands/mcp-command.js")).registerMcp,
  hook: async () => (await import("./commands/hook-command.js")).registerHook,
  install: async () => (await import("./commands/install-command.js")).registerInstall,
  uninstall: async () => (await import("./commands/install-command.js")).registerInstall,
  check: async () => (await import("./commands/check-command.js")).registerCheck,
  "refresh-moc": async () => (await import("./commands/refresh-moc-command.js")).registerRefreshMoc,
  link: async () => (await import("./commands/link-command.js")).registerLink,
  graph: async () => (await import("./commands/graph-command.js")).registerGraph,
  mv: async () => (await import("./commands/mv-command.js")).registerMv,
  related: async () => (await import("./commands/related-command.js")).registerRelated,
  stats: async () => (await import("./commands/stats-command.js")).registerStats,
};

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
  try {
    const program = await buildProgram(ctx, params.argv[0]);
    await program.parseAsync(params.argv, { from: "user" });
    return ctx.exitCode;
  } catch (error) {
    return handleError(error, ctx);
  }
}

/** The commander program with `only` registered when it names a command, else every command. */
export async function buildProgram(ctx: CliContext, only?: string): Promise<Command> {
  const program = new Command("cortex")
    .description("Persistent, searchable memory kept as markdown in a git-tracked, Obsidian-compatible vault.")
    .version(packageVersion(), "-V, --version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.params.stdout.write(s), writeErr: (s) => ctx.params.stderr.write(s) })
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", EXIT_CODES);
  if (only === "--version" || only === "-V") return program;
  const wanted = only !== undefined && Object.hasOwn(COMMANDS, only) ? [COMMANDS[only]!] : Object.values(COMMANDS);
  const registers = new Set(await Promise.all(wanted.map((load) => load())));
  for (const register of registers) register(program, ctx);
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
