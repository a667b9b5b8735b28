import module from "node:module";
import { sep } from "node:path";
import type { Readable } from "node:stream";
import type { Command } from "commander";
import { shellQuote } from "../../lib/core/util/shell.js";
import type { CliContext } from "../context.js";
import { packageRoot } from "../../lib/store/version.js";

interface McpOptions {
  vault?: string;
  watch?: boolean;
}

/** The optional peer dependency `cortex mcp` needs, and the range this version works with. */
export const MCP_SDK = "@modelcontextprotocol/server@^2.4";

/** `cortex mcp`: the MCP server over stdio (needs the optional peer dependency). */
export function registerMcp(program: Command, ctx: CliContext): void {
  program
    .command("mcp")
    .description(`Serve the vault to AI agents over MCP (stdio): tools recall, read, context, list, status, transcript_search, save, supersede; atom, MOC and summary resources; session-start and debug-checklist prompts. Needs ${MCP_SDK}.`)
    .option("--vault <dir>", "vault folder")
    .option("--no-watch", "no watcher: check the files on every request, and announce only the server's own writes")
    .action((opts: McpOptions) => runMcp(ctx, opts));
}

async function runMcp(ctx: CliContext, opts: McpOptions): Promise<void> {
  const { vaultDir } = ctx.vault(opts);
  let mcp: typeof import("../../lib/adapters/mcp/index.js");
  try {
    mcp = await import("../../lib/adapters/mcp/index.js");
    // The SDK and zod are ~150 modules to compile at every start of a server. The bin (dist/cli/cortex.cjs) turns
    // Node's compile cache on, in the user's own cache folder; a server runs until it is killed, so what it compiled
    // is written now rather than at an exit that may never come.
    module.flushCompileCache?.();
  } catch (error) {
    if (!isMissingSdk(error)) throw error;
    ctx.err(`cortex: cortex mcp needs the optional peer dependency ${MCP_SDK}, which is not installed. Install it with:\n  ${sdkInstallCommand()}`);
    ctx.exitCode = 2;
    return;
  }
  let stop: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => (stop = resolve));
  const handle = mcp.serveCortexMcp({ vaultDir, env: ctx.params.env, log: (line) => ctx.err(line), stdin: (ctx.params.stdin ?? process.stdin) as Readable, watch: opts.watch !== false, onGone: () => stop(2) });
  const onSignal = () => stop(0);
  process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
  ctx.err(`cortex mcp: serving ${vaultDir} over stdio`);
  // Settles once stdin has ended and every request received has been answered, on a signal, or when the vault folder is gone.
  ctx.exitCode = await Promise.race([handle.closed.then(() => 0), stopped]);
  process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  await handle.close();
}

/** True for the error of importing (or, from the CommonJS bundle, requiring) a package that is not installed, when it is the MCP SDK. */
export function isMissingSdk(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException;
  return (e?.code === "ERR_MODULE_NOT_FOUND" || e?.code === "MODULE_NOT_FOUND") && String(e.message).includes("@modelcontextprotocol/server");
}

/**
 * The exact command that installs the SDK where this cortex-vault finds it:
 * globally for a global install, through npx for an npx run, else into the
 * project cortex-vault is installed in (or this checkout).
 */
export function installCommand(root: string | null): string {
  const parts = (root ?? "").split(sep);
  if (parts.includes("_npx")) return `npx -y -p cortex-vault -p ${MCP_SDK} cortex-vault mcp`;
  const nm = parts.lastIndexOf("node_modules");
  if (nm > 0 && parts[nm - 1] === "lib") return `npm install -g ${MCP_SDK}`;
  const project = nm > 0 ? parts.slice(0, nm).join(sep) : root;
  return project ? `npm install --prefix ${shellQuote(project)} ${MCP_SDK}` : `npm install ${MCP_SDK}`;
}

/** The install command for the SDK, for this copy of cortex-vault. */
export function sdkInstallCommand(): string {
  return installCommand(packageRoot());
}

/**
 * How hooks and other tools should run this cortex: `npx -y cortex-vault`
 * when it runs from npx's cache (no `cortex` on PATH, and a bare
 * `npx cortex` is another npm package), else the installed `cortex`.
 */
export function runCommand(root: string | null = packageRoot()): string {
  return (root ?? "").split(sep).includes("_npx") ? "npx -y cortex-vault" : "cortex";
}
