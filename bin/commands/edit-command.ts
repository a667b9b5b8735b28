import { join } from "node:path";
import type { Command } from "../commander.js";
import { CortexError } from "../../lib/core/errors.js";
import type { CliContext } from "../context.js";
import { runEditor } from "../../lib/store/editor.js";
import { readForRewrite } from "../../lib/store/rewrite.js";
import { stampEdited } from "../../lib/app/write/edited.js";

interface EditOptions {
  vault?: string;
  today?: string;
}

/** `cortex edit REF`: open an atom in `$VISUAL`/`$EDITOR`, then re-index it. */
export function registerEdit(program: Command, ctx: CliContext): void {
  program
    .command("edit")
    .description("Open an atom in $VISUAL, else $EDITOR (else vi); when it changed, set its updated to today (unless the edit changed that date), then bring the index up to date")
    .argument("<ref>", "the atom: path, id, name or link stem")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .action((ref: string, opts: EditOptions) => runEdit(ctx, ref, opts));
}

async function runEdit(ctx: CliContext, ref: string, opts: EditOptions): Promise<void> {
  const vault = ctx.vault(opts);
  const { vaultDir } = vault;
  const atom = vault.findEntry(ref);
  const editor = ctx.params.env.VISUAL || ctx.params.env.EDITOR || "vi";
  const file = join(vaultDir, atom.path);
  const before = readForRewrite(file)?.bytes ?? null;
  const run = runEditor(editor, file, { env: ctx.params.env as NodeJS.ProcessEnv, cwd: ctx.params.cwd });
  if (run.error || run.status !== 0) throw new CortexError("IO", `editor ${JSON.stringify(editor)} failed on ${atom.path}${run.error ? `: ${run.error.message}` : ` (exit ${run.status})`}; the index was not updated`);
  // A changed note gets today's `updated`, as a write gives it, so its layer follows the edit.
  const stamp = await stampEdited(vault, atom.path, before);
  const result = vault.index();
  ctx.diagnostics(result.diagnostics.filter((d) => d.file === atom.path));
  const what = !stamp.changed ? "unchanged" : stamp.stamped ? `updated ${vault.today}` : "changed";
  ctx.err(`Edited ${atom.path} (${what}); index ${stamp.changed || result.reread > 0 ? "updated" : "unchanged"}`);
  if (stamp.indexError) {
    ctx.err(`cortex: ${stamp.indexError}`);
    ctx.exitCode = 1;
  }
}
