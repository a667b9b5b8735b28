import type { Command } from "commander";
import { openVault } from "../../lib/app/vault.js";
import { watchVault, type WatchSync } from "../../lib/app/watch.js";
import type { CliContext } from "../context.js";

interface WatchOptions {
  vault?: string;
  today?: string;
  quiet?: boolean;
}

/** `cortex watch`: keeps the index current while it runs, and says so in index/watch.json. */
export function registerWatch(program: Command, ctx: CliContext): void {
  program
    .command("watch")
    .description("Keep the index current as notes change (until Ctrl-C); while it runs, searches skip their own check of the files")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-q, --quiet", "print nothing but errors")
    .action((opts: WatchOptions) => runWatch(ctx, opts));
}

async function runWatch(ctx: CliContext, opts: WatchOptions): Promise<void> {
  const { vaultDir, config } = ctx.vault(opts);
  let first = true;
  const onSync = (sync: WatchSync) => {
    const line = syncLine(sync, first);
    first = false;
    if (line && !opts.quiet) ctx.err(line);
  };
  const stopped = new Promise<number>((resolve) => {
    const watcher = watchVault(vaultDir, {
      config,
      today: () => ctx.today(opts.today),
      reloadConfig: () => openVault({ vault: vaultDir, env: {} }).config,
      onSync,
      onError: (error) => ctx.err(`cortex watch: ${error instanceof Error ? error.message : String(error)}`),
      onGone: (error) => stop(2, `cortex watch: ${error.message}`),
    });
    const onSignal = () => stop(0, opts.quiet ? null : "cortex watch: stopped");
    function stop(code: number, line: string | null): void {
      watcher.close();
      process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
      if (line) ctx.err(line);
      resolve(code);
    }
    process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
    if (!opts.quiet) ctx.err(`cortex watch: watching ${vaultDir}${watcher.mode === "poll" ? " (no file events here: checking every 5 s)" : ""}; Ctrl-C stops`);
  });
  ctx.exitCode = await stopped;
}

/** The stderr line of a sync: null when it changed nothing (after the first, which always says how the index stands). */
export function syncLine(sync: WatchSync, first: boolean): string | null {
  const { result, ms } = sync;
  const changed = result.reread + result.removed;
  const took = `${Math.round(ms)} ms`;
  if (first) return changed === 0 ? `index current (${result.atoms} notes) in ${took}` : `indexed ${changed} changed note${changed === 1 ? "" : "s"} of ${result.atoms} in ${took}`;
  if (changed === 0) return null;
  const named = sync.paths.length > 0 && sync.paths.length <= 3 ? `: ${sync.paths.join(", ")}` : "";
  return `indexed ${changed} changed note${changed === 1 ? "" : "s"} in ${took}${named}`;
}
