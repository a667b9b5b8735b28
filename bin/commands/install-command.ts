import { Option, type Command } from "../commander.js";
import { applyChanges, claudeFiles, planInstall, planUninstall } from "../../lib/store/claude/install.js";
import type { InstallScope, SettingsFileChange } from "../../lib/core/claude/types.js";
import { CortexError } from "../../lib/core/errors.js";
import type { CliContext } from "../context.js";
import { MCP_SDK, runCommand, sdkInstallCommand } from "./mcp-command.js";
import { homeFolder } from "../../lib/store/files.js";

interface InstallOptions {
  claude?: boolean;
  project?: boolean;
  user?: boolean;
  vault?: string;
  command?: string;
  name: string;
  dryRun?: boolean;
}

/** `cortex install --claude` and `cortex uninstall --claude`. */
export function registerInstall(program: Command, ctx: CliContext): void {
  for (const name of ["install", "uninstall"] as const) {
    const cmd = program
      .command(name)
      .description(
        name === "install"
          ? "Register the cortex MCP server and the session-start and prompt hooks with Claude Code: hooks in .claude/settings.json (--project) or ~/.claude/settings.json (--user, the default), the server in .mcp.json or ~/.claude.json. Merges, keeps a .cortex-backup, idempotent"
          : "Remove exactly what install --claude added",
      )
      .option("--claude", "Claude Code (the only client this command knows)")
      .addOption(new Option("--project", "this project (the current folder)").conflicts("user"))
      .option("--user", "every project of this user (default)")
      .option("--name <name>", "name of the MCP server entry", "cortex")
      .option("--dry-run", "print what would change, write nothing");
    if (name === "install") cmd.option("--vault <dir>", "vault the server and hooks use").option("--command <cmd>", "how Claude Code runs cortex (default: cortex, or npx -y cortex-vault when run through npx)");
    cmd.action((opts: InstallOptions) => runInstall(ctx, name, opts));
  }
}

function runInstall(ctx: CliContext, action: "install" | "uninstall", opts: InstallOptions): void {
  if (!opts.claude) throw new CortexError("BAD_ARGUMENT", `${action} needs a client: --claude`);
  const scope: InstallScope = opts.project ? "project" : "user";
  const home = ctx.params.env.HOME || ctx.params.env.USERPROFILE || homeFolder();
  const files = claudeFiles(scope, ctx.params.cwd, home);
  let changes: SettingsFileChange[];
  if (action === "install") {
    const { vaultDir } = ctx.vault(opts);
    const command = (opts.command ?? runCommand()).trim().split(/\s+/).filter(Boolean);
    if (command.length === 0) throw new CortexError("BAD_ARGUMENT", "--command must not be empty");
    changes = planInstall(scope, files, { command, vaultDir, name: opts.name });
  } else {
    changes = planUninstall(scope, files, opts.name);
  }
  const pending = changes.filter((c) => c.after !== null && c.after !== c.before);
  if (opts.dryRun) {
    for (const c of pending) ctx.out(c.remove ? `would remove ${c.file} (nothing else in it)` : `would ${c.before === null ? "create" : "update"} ${c.file}:\n${c.after}`);
    if (pending.length === 0) ctx.out("Nothing to change.");
    return;
  }
  const backup = action === "install";
  const written = applyChanges(changes, { backup });
  for (const c of changes) {
    const verb = !written.includes(c) ? "unchanged" : c.remove ? "removed" : c.before === null ? "created" : "updated";
    ctx.out(`${verb} ${c.file}${backup && written.includes(c) && c.before !== null ? ` (backup: ${c.file}.cortex-backup)` : ""}`);
  }
  if (action === "install") afterInstall(ctx);
}

function afterInstall(ctx: CliContext): void {
  ctx.out("Restart Claude Code to load them; check with /mcp and /hooks.");
  try {
    import.meta.resolve("@modelcontextprotocol/server");
  } catch {
    ctx.err(`note: cortex mcp needs ${MCP_SDK}: ${sdkInstallCommand()}`);
  }
}
