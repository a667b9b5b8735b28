import type { Command } from "commander";
import { normalizeRef } from "../../lib/core/links/refs.js";
import { CortexError } from "../../lib/core/errors.js";
import { updateAtom } from "../../lib/app/write/update.js";
import type { CliContext } from "../context.js";
import { addMutationOptions, readStdin, reportCommit } from "../options.js";

interface UpdateOptions {
  vault?: string;
  today?: string;
  commit?: boolean;
  text: string;
  section?: string;
  find?: string;
  ifVersion?: string;
  json?: boolean;
}

/** `cortex update REF --text T [--section H | --find P]`: change a note in place, as the MCP `update` tool does. */
export function registerUpdate(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("update")
    .description("Change a note in place (same file, same id, updated set to today): append --text, or put it in place of the section under --section HEADING, or of the exact passage --find. The text is scanned like a write; the change is logged and committed when git is on")
    .argument("<ref>", "the note: path, id, name or link stem")
    .requiredOption("--text <text>", "the new text ('-' reads it from stdin)")
    .option("--section <heading>", "replace the section under this heading (case-insensitive, without #)")
    .option("--find <passage>", "replace this exact passage (it must occur once)")
    .option("--if-version <v>", "refuse (exit 2) if the note no longer has this version (as the MCP read tool or the last update gave it)")
    .option("-j, --json", "print the result as JSON");
  addMutationOptions(cmd).action((ref: string, opts: UpdateOptions) => runUpdate(ctx, ref, opts));
}

async function runUpdate(ctx: CliContext, ref: string, opts: UpdateOptions): Promise<void> {
  if (opts.section !== undefined && opts.find !== undefined) throw new CortexError("BAD_ARGUMENT", "give --section or --find, not both");
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts);
  const text = opts.text === "-" ? await readStdin(ctx) : opts.text;
  if (text.trim() === "") throw new CortexError("BAD_ARGUMENT", "--text is empty");
  const result = await updateAtom(vaultDir, { ref: normalizeRef(ref), text, section: opts.section, find: opts.find, version: opts.ifVersion }, { config, today, commit: opts.commit });
  const { commit, indexError, ...rest } = result;
  if (opts.json) ctx.out(JSON.stringify({ ...rest, committed: commit?.committed ?? false }, null, 2));
  else ctx.out(`Updated ${result.path} (${result.kind === "append" ? "appended" : result.kind === "section" ? `section "${opts.section}" replaced` : "passage replaced"}); version ${result.version}${commit?.committed ? "; committed" : ""}`);
  if (indexError) ctx.err(`cortex: written, but ${indexError}`);
  reportCommit(ctx, result);
}
