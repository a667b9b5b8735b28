import { Command, CommanderError } from "./commander.js";
import { CortexError } from "../lib/errors.js";
import { packageVersion } from "../lib/version.js";
import { CliContext, type CliParams } from "./context.js";

/** Registers one command on the program. */
export type Register = (program: Command, ctx: CliContext) => void;

/**
 * Command name → the module under `commands/` that registers it, and the
 * register function it exports. Only the command being run is loaded (and
 * with it only the library code it needs): CLI start-up time is a feature,
 * and a hook runs on every prompt. Help, version and unknown commands load
 * them all. The build bundles each module into its own `dist/cli/*.cjs`
 * (see scripts/bundle-cli.mjs).
 */
export const COMMAND_MODULES: Readonly<Record<string, { module: string; register: string }>> = Object.freeze({
  index: { module: "index-command", register: "registerIndex" },
  search: { module: "search-command", register: "registerSearch" },
  summary: { module: "summary-command", register: "registerSummary" },
  write: { module: "write-command", register: "registerWrite" },
  supersede: { module: "supersede-command", register: "registerSupersede" },
  init: { module: "init-command", register: "registerInit" },
  migrate: { module: "migrate-command", register: "registerMigrate" },
  import: { module: "import-command", register: "registerImport" },
  consolidate: { module: "consolidate-command", register: "registerConsolidate" },
  context: { module: "context-command", register: "registerContext" },
  transcripts: { module: "transcripts-command", register: "registerTranscripts" },
  mcp: { module: "mcp-command", register: "registerMcp" },
  hook: { module: "hook-command", register: "registerHook" },
  install: { module: "install-command", register: "registerInstall" },
  uninstall: { module: "install-command", register: "registerInstall" },
  check: { module: "check-command", register: "registerCheck" },
  "refresh-moc": { module: "refresh-moc-command", register: "registerRefreshMoc" },
  link: { module: "link-command", register: "registerLink" },
  graph: { module: "graph-command", register: "registerGraph" },
  mv: { module: "mv-command", register: "registerMv" },
  related: { module: "related-command", register: "registerRelated" },
  stats: { module: "stats-command", register: "registerStats" },
  watch: { module: "watch-command", register: "registerWatch" },
});

async function loadRegister(name: string): Promise<Register> {
  const { module, register } = COMMAND_MODULES[name]!;
  // A URL, not a path pattern: a bundler must not pull every command into each command's bundle.
  return ((await import(new URL(`./commands/${module}.js`, import.meta.url).href)) as Record<string, Register>)[register]!;
}

/**
 * Runs the `cortex` CLI with the given arguments and streams and returns the
 * exit code: 0 success, 1 ran fine but found nothing / found problems,
 * 2 usage, config or I/O error. Never calls `process.exit`. With `registers`,
 * exactly those commands are registered (a bundle of one command passes its own).
 *
 * @example
 * const code = await main({ argv: ["search", "deploy"], stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
 */
export async function main(params: CliParams, registers?: readonly Register[]): Promise<number> {
  const ctx = new CliContext(params);
  try {
    const program = await buildProgram(ctx, params.argv[0], registers);
    await program.parseAsync(params.argv, { from: "user" });
    return ctx.exitCode;
  } catch (error) {
    return handleError(error, ctx);
  }
}

/** The commander program with `registers`, else `only` when it names a command, else every command. */
export async function buildProgram(ctx: CliContext, only?: string, registers?: readonly Register[]): Promise<Command> {
  const program = new Command("cortex")
    .description("Persistent, searchable memory kept as markdown in a git-tracked, Obsidian-compatible vault.")
    .version(packageVersion(), "-V, --version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.params.stdout.write(s), writeErr: (s) => ctx.params.stderr.write(s) })
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", EXIT_CODES);
  if (registers) {
    for (const register of registers) register(program, ctx);
    return program;
  }
  if (only === "--version" || only === "-V") return program;
  const wanted = only !== undefined && Object.hasOwn(COMMAND_MODULES, only) ? [only] : Object.keys(COMMAND_MODULES);
  for (const register of new Set(await Promise.all(wanted.map(loadRegister)))) register(program, ctx);
  return program;
}

const EXIT_CODES = `
Exit codes: 0 success; 1 ran fine but found nothing or found problems; 2 usage, config or I/O error.
Vault: --vault DIR, else CORTEX_VAULT, else the nearest folder at or above the current one with a cortex.toml.`;

function handleError(error: unknown, ctx: CliContext): number {
  if (error instanceof CommanderError) {
    const ok = error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
    return ok ? 0 : 2;
  }
  if (error instanceof CortexError) {
    ctx.err(`cortex: ${error.message}`);
    return 2;
  }
  const err = error as Error;
  ctx.err(`cortex: unexpected error: ${err.message}`);
  if (ctx.params.env.CORTEX_DEBUG) ctx.err(String(err.stack));
  return 2;
}
