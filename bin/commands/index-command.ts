import type { Command } from "commander";
import { withCheckSeverity } from "../../lib/core/check/severity.js";
import { summarize } from "../../lib/core/summary/summarize.js";
import type { CliContext } from "../context.js";
import { finishPendingMoveLines } from "../format/move-output.js";
import { progressLine } from "../format/progress.js";
import { formatStats } from "../format/summary-output.js";
import { indexInWorker, type WorkerIndexOutcome } from "../index/index-run.js";
import type { IndexVaultResult } from "../../lib/engine/index-types.js";

interface IndexOptions {
  vault?: string;
  today?: string;
  full?: boolean;
  json?: boolean;
  stats?: boolean;
  quiet?: boolean;
}

/** `cortex index`: builds the five JSON indexes and the layer files. */
export function registerIndex(program: Command, ctx: CliContext): void {
  program
    .command("index")
    .description("Index the vault: index/{manifest,by_project,by_type,by_tag,graph,links}.json and layers/{hot,warm,cold}.json")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--full", "rebuild the database from every file instead of re-reading only new and changed ones, and write every export")
    .option("-j, --json", "print the result as JSON")
    .option("--stats", "also print vault statistics")
    .option("-q, --quiet", "print nothing but errors")
    .action((opts: IndexOptions) => runIndex(ctx, opts));
}

async function runIndex(ctx: CliContext, opts: IndexOptions): Promise<void> {
  const started = performance.now();
  const vault = ctx.vault(opts);
  const { vaultDir, config, today } = vault;
  for (const line of await finishPendingMoveLines(vaultDir)) ctx.err(line);
  const progress = ctx.params.stderr.isTTY && !opts.quiet && !opts.json ? progressLine((s) => ctx.params.stderr.write(s), () => performance.now()) : null;
  const onNotice = (message: string) => ctx.params.stderr.write(`cortex: ${message}\n`);
  // On a terminal the run goes to a worker, so that Ctrl-C is heard (see index-run.ts); elsewhere it runs here.
  const inWorker = progress ? indexInWorker({ open: { vault: vaultDir, today, env: ctx.params.env, cwd: ctx.params.cwd }, full: opts.full }, { onProgress: (done, total) => progress.update(done, total), onNotice }) : null;
  let outcome: WorkerIndexOutcome;
  try {
    outcome = inWorker
      ? await inWorker
      : {
          result: vault.index({
            full: opts.full,
            onProgress: progress ? (done, total) => progress.update(done, total) : undefined,
            onNotice,
          }),
          interruptedWhileWriting: false,
        };
  } finally {
    progress?.clear();
  }
  if ("interrupted" in outcome) {
    ctx.err("interrupted; the previous index is intact");
    ctx.exitCode = 130;
    return;
  }
  report(ctx, opts, vaultDir, outcome.result, Math.round(performance.now() - started));
  if (opts.stats) {
    const indexes = vault.indexes();
    ctx.out(formatStats(summarize(indexes.manifest, today, config.layers), indexes));
  }
  if (outcome.interruptedWhileWriting) {
    ctx.err("interrupted after the index was written");
    ctx.exitCode = 130;
  }
}

// The run's counts and problems, as text or JSON.
function report(ctx: CliContext, opts: IndexOptions, vaultDir: string, result: Pick<IndexVaultResult, "atoms" | "diagnostics" | "reread" | "reused" | "removed" | "written">, ms: number): void {
  const diagnostics = result.diagnostics.map(withCheckSeverity);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  if (opts.json) {
    const { atoms, reread, reused, removed, written } = result;
    ctx.out(JSON.stringify({ vault: vaultDir, atoms, errors, warnings, reread, reused, removed, written, ms, diagnostics }, null, 2));
    return;
  }
  if (opts.quiet) return;
  ctx.diagnostics(diagnostics);
  ctx.out(`Indexed ${result.atoms} atoms (${plural(errors, "error")}, ${plural(warnings, "warning")}) in ${ms} ms`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
