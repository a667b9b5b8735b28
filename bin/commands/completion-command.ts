import { Argument, Option, type Command } from "../commander.js";
import { ATOM_TYPES } from "../../lib/core/atoms/types.js";
import { CortexError } from "../../lib/core/errors.js";
import { compareStrings } from "../../lib/core/util/compare.js";
import type { CliContext } from "../context.js";
import { completionScript, LISTS, SHELLS, type CompletionSpec } from "../format/completion.js";

interface CompletionOptions {
  vault?: string;
  list?: (typeof LISTS)[number];
}

/** `cortex completion bash|zsh|fish`: prints a shell completion script; `--list` the values it asks for when completing. */
export function registerCompletion(program: Command, ctx: CliContext): void {
  program
    .command("completion")
    .description("Print a shell completion script: commands, flags, and the vault's notes, projects and tags, asked when you complete (cortex completion --list)")
    .addArgument(new Argument("[shell]", "the shell").choices(SHELLS))
    .addOption(new Option("--list <what>", "print the vault's notes, projects or tags, one a line (what the script asks)").choices(LISTS))
    .option("--vault <dir>", "vault whose values --list prints")
    .action((shell: (typeof SHELLS)[number] | undefined, opts: CompletionOptions) => runCompletion(ctx, shell, opts));
}

async function runCompletion(ctx: CliContext, shell: (typeof SHELLS)[number] | undefined, opts: CompletionOptions): Promise<void> {
  if (opts.list) return printList(ctx, opts.list, opts.vault);
  if (!shell) throw new CortexError("BAD_ARGUMENT", "name a shell (bash, zsh or fish), or --list notes|projects|tags");
  // Every command, not only this one: the script completes them all.
  const { buildProgram } = await import("../main.js");
  const program = await buildProgram(ctx);
  const commands = program.commands.map((c) => ({ name: c.name(), flags: c.options.flatMap((o) => [o.short, o.long].filter((f): f is string => Boolean(f))).concat("--help") }));
  const spec: CompletionSpec = { commands, values: { "--type": [...ATOM_TYPES] } };
  ctx.params.stdout.write(completionScript(shell, spec));
}

// The vault's values, one a line, sorted: what a completion script asks for when you press Tab.
async function printList(ctx: CliContext, what: (typeof LISTS)[number], vault: string | undefined): Promise<void> {
  const { searchRecords } = await import("../../lib/app/search-records.js");
  const records = searchRecords(ctx.vault({ vault }));
  const values = what === "projects" ? records.map((r) => r.project) : what === "tags" ? records.flatMap((r) => r.tags) : noteRefs(records.map((r) => r.path));
  const sorted = [...new Set(values)].sort(compareStrings);
  if (sorted.length > 0) ctx.out(sorted.join("\n"));
}

/**
 * A REF for each note as people type it: its file name without `.md` (the
 * link stem) when no other note has it, else its vault path without `.md`.
 */
export function noteRefs(paths: readonly string[]): string[] {
  const stem = (path: string) => path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "");
  const count = new Map<string, number>();
  for (const path of paths) count.set(stem(path).toLowerCase(), (count.get(stem(path).toLowerCase()) ?? 0) + 1);
  return paths.map((path) => (count.get(stem(path).toLowerCase()) === 1 ? stem(path) : path.replace(/\.md$/i, "")));
}
