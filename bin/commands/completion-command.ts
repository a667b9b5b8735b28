import { Argument, type Command } from "../commander.js";
import { ATOM_TYPES } from "../../lib/core/atoms/types.js";
import { compareStrings } from "../../lib/core/util/compare.js";
import type { CliContext } from "../context.js";
import { completionScript, SHELLS, type CompletionSpec } from "../format/completion.js";

interface CompletionOptions {
  vault?: string;
}

/** `cortex completion bash|zsh|fish`: prints a shell completion script. */
export function registerCompletion(program: Command, ctx: CliContext): void {
  program
    .command("completion")
    .description("Print a shell completion script: commands, flags, and the projects, types and tags of the vault (run it again to pick up new ones)")
    .addArgument(new Argument("<shell>", "the shell").choices(SHELLS))
    .option("--vault <dir>", "vault whose projects and tags are completed")
    .action((shell: (typeof SHELLS)[number], opts: CompletionOptions) => runCompletion(ctx, shell, opts));
}

async function runCompletion(ctx: CliContext, shell: (typeof SHELLS)[number], opts: CompletionOptions): Promise<void> {
  // Every command, not only this one: the script completes them all.
  const { buildProgram } = await import("../main.js");
  const program = await buildProgram(ctx);
  const commands = program.commands.map((c) => ({ name: c.name(), flags: c.options.flatMap((o) => [o.short, o.long].filter((f): f is string => Boolean(f))).concat("--help") }));
  const values = await vaultValues(ctx, opts.vault);
  const spec: CompletionSpec = { commands, values: { "--project": values.projects, "--type": [...ATOM_TYPES], "--tag": values.tags, "--tags": values.tags } };
  ctx.params.stdout.write(completionScript(shell, spec));
}

// The vault's projects and tags (indexing it first if needed) when there is a vault; none otherwise, and completion still works.
async function vaultValues(ctx: CliContext, flag: string | undefined): Promise<{ projects: string[]; tags: string[] }> {
  try {
    const { searchRecords } = await import("../../lib/app/search-records.js");
    const records = searchRecords(ctx.vault({ vault: flag }));
    const sorted = (values: Iterable<string>) => [...new Set(values)].sort(compareStrings);
    return { projects: sorted(records.map((r) => r.project)), tags: sorted(records.flatMap((r) => r.tags)) };
  } catch {
    return { projects: [], tags: [] };
  }
}
