import { Command, CommanderError, Option } from "./commander.js";
import { CortexError } from "../lib/core/errors.js";
import { packageVersion } from "../lib/store/version.js";
import { setKillPoint } from "../lib/store/kill-point.js";
import { CliContext, type CliParams } from "./context.js";
import { addExamples } from "./help.js";
import { jsonError } from "./format/json.js";
import { shellQuote } from "../lib/core/util/shell.js";

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
  update: { module: "update-command", register: "registerUpdate" },
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
  show: { module: "show-command", register: "registerShow" },
  list: { module: "list-command", register: "registerList" },
  edit: { module: "edit-command", register: "registerEdit" },
  completion: { module: "completion-command", register: "registerCompletion" },
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
  // Bare `cortex` is a request for help (on stdout, exit 0), as with git; -V is the old spelling of -v.
  const argv = params.argv.length === 0 ? ["--help"] : params.argv.map((a) => (a === "-V" ? "-v" : a));
  const ctx = new CliContext({ ...params, argv });
  setKillPoint(params.env.CORTEX_TEST_KILL_AT);
  try {
    const program = await buildProgram(ctx, argv[0], registers);
    await program.parseAsync(argv, { from: "user" });
    return ctx.exitCode;
  } catch (error) {
    return handleError(error, ctx);
  }
}

/** The commander program with `registers`, else `only` when it names a command, else every command. */
export async function buildProgram(ctx: CliContext, only?: string, registers?: readonly Register[]): Promise<Command> {
  const program = new Command("cortex")
    .description("Persistent, searchable memory kept as markdown in a git-tracked, Obsidian-compatible vault.")
    .version(packageVersion(), "-v, --version")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.params.stdout.write(s),
      writeErr: (s) => ctx.params.stderr.write(s),
      outputError: (s, write) => write(ctx.jsonErrors ? jsonError("USAGE", s.replace(/^error: /, "")) : usageError(s, ctx.params.argv)),
    })
    .option("--color", "colour the output even in a pipe (--no-color: never)")
    .addOption(new Option("--no-color").hideHelp())
    // Given before or after the command's name: the action reads it from here.
    .hook("preAction", (cmd) => {
      ctx.colorFlag = cmd.opts<{ color?: boolean }>().color;
    })
    .addHelpText("after", EXIT_CODES)
    // Command names only in the list (their arguments are in each command's help): one line per command.
    .configureHelp({ subcommandTerm: (cmd) => cmd.name() });
  if (registers) {
    for (const register of registers) register(program, ctx);
    return summarize(program);
  }
  if (only === "--version" || only === "-v") return program;
  const wanted = only !== undefined && Object.hasOwn(COMMAND_MODULES, only) ? [only] : Object.keys(COMMAND_MODULES);
  for (const register of new Set(await Promise.all(wanted.map(loadRegister)))) register(program, ctx);
  return summarize(program);
}

/**
 * One short line per command in `cortex --help`, so that the list fits one
 * screen; each command's own help keeps its full description.
 */
const SUMMARIES: Readonly<Record<string, string>> = {
  init: "Create a new vault to start from",
  write: "Create an atom (validated, scanned, de-duplicated, linked)",
  search: "Full-text search of the atoms, or list them by filters",
  show: "Print an atom's metadata and text",
  list: "List atoms, newest first",
  edit: "Open an atom in $EDITOR, then re-index it",
  context: "A briefing for a task within a token budget",
  update: "Change an atom in place: append, replace a section or passage",
  supersede: "Mark an atom superseded by another, or retire it",
  summary: "The boot summary: counts, top projects, hot atoms",
  index: "Build the indexes (incremental)",
  watch: "Keep the index current while notes are edited",
  check: "Lint the vault (pre-commit, CI)",
  related: "Atoms closest to an atom, tags or words",
  link: "Turn backtick paths into wikilinks; link report",
  graph: "The link graph as Mermaid, DOT or JSON",
  mv: "Move or rename an atom, rewriting every link to it",
  "refresh-moc": "Refresh the AUTO sections of MEMORY.md and MOCs",
  migrate: "Add missing frontmatter fields to existing notes",
  import: "Import a markdown file, a folder or a JSONL export",
  consolidate: "List near-duplicates, stale reviews, chain problems",
  stats: "Report on the access log",
  transcripts: "Search Claude Code session transcripts",
  mcp: "Serve the vault to AI agents over MCP (stdio)",
  hook: "Claude Code hook: session-start or prompt",
  install: "Register the MCP server and hooks with Claude Code",
  uninstall: "Remove what install --claude added",
  completion: "Print a shell completion script (bash, zsh, fish)",
};

// The command list in a user's order (start, daily use, upkeep, agents), each with its summary.
function summarize(program: Command): Command {
  const order = Object.keys(SUMMARIES);
  (program.commands as Command[]).sort((a, b) => order.indexOf(a.name()) - order.indexOf(b.name()));
  for (const cmd of program.commands) {
    if (SUMMARIES[cmd.name()]) cmd.summary(SUMMARIES[cmd.name()]!);
    addExamples(cmd);
  }
  return program;
}

/**
 * A usage error of commander's in cortex's style: `cortex: …` and one hint
 * line. A query word that looks like an option (`search deploy -friday`, to
 * leave out "friday") gets told how to pass it.
 */
export function usageError(message: string, argv: readonly string[]): string {
  const text = message.replace(/^error: /, "").trimEnd();
  const option = /^unknown option '(-[^-'][^']+)'/.exec(text)?.[1];
  if (option && (argv[0] === "search" || argv[0] === "context")) {
    // Quotes around the word alone would not help (the shell removes them): the query is quoted whole.
    const words = queryBefore(argv, argv.indexOf(option));
    const quoted = shellQuote([...words, option].join(" "));
    return `cortex: unknown option ${option}\nto leave a word out, quote the query: cortex ${argv[0]} ${quoted} (or: cortex ${argv[0]} ${[...words, "--", option].join(" ")})\n`;
  }
  // Commander's own suggestion ("(Did you mean --brief?)") is the one hint line when there is one.
  const [first, suggestion] = text.split("\n");
  const hint = suggestion ? suggestion.replace(/^\(Did you mean (.*)\)$/, "did you mean $1") : "(run with --help for usage)";
  return `cortex: ${first}\n${hint}\n`;
}

// The query words just before argv[at]: the run of plain words there, less the first when an option's value; "…" when none.
function queryBefore(argv: readonly string[], at: number): string[] {
  let start = at;
  while (start > 1 && !argv[start - 1]!.startsWith("-")) start--;
  if (start > 1 && !argv[start - 1]!.includes("=")) start++;
  return start < at ? argv.slice(start, at) : ["…"];
}


const EXIT_CODES = `
Run cortex COMMAND --help for a command's options and examples.
Vault: --vault DIR, else CORTEX_VAULT, else the nearest cortex.toml above.
Exit codes: 0 success; 1 ran fine but found nothing or found problems;
  2 usage, config or I/O error.`;

function handleError(error: unknown, ctx: CliContext): number {
  if (error instanceof CommanderError) {
    const ok = error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
    return ok ? 0 : 2;
  }
  // A ConfigError is a CortexError (code CONFIG).
  if (error instanceof CortexError) {
    ctx.err(ctx.jsonErrors ? jsonError(error.code, error.message, error.hint) : `cortex: ${error.message}${error.hint ? `\n${error.hint}` : ""}`);
    return 2;
  }
  const err = error as Error;
  ctx.err(ctx.jsonErrors ? jsonError("INTERNAL", err.message) : `cortex: unexpected error: ${err.message}`);
  if (ctx.params.env.CORTEX_DEBUG) ctx.err(String(err.stack));
  return 2;
}
