import type { Command } from "commander";
import { initVault } from "../../lib/store/init/init.js";
import type { InitResult } from "../../lib/core/init/types.js";
import { resolve } from "node:path";
import { shellQuote } from "../../lib/core/util/shell.js";
import type { CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";

interface InitOptions {
  force?: boolean;
  json?: boolean;
}

/** `cortex init [DIR]`: create a vault to start from, never overwriting anything. */
export function registerInit(program: Command, ctx: CliContext): void {
  program
    .command("init")
    .summary("Create a new vault to start from")
    .description("Create a vault: a commented cortex.toml, MEMORY.md, a .gitignore for index/ and layers/ (appended to one that exists), and in a new folder the type folders, _moc/ and inbox/. In a folder of existing notes it makes no folders (a write makes the one it needs). Refuses a folder that has a cortex.toml")
    .argument("[dir]", "folder of the new vault (default: the current folder)")
    .option("--force", "add only what is missing to an existing vault")
    .option("-j, --json", "print the result as JSON")
    .action((dir: string | undefined, opts: InitOptions) => runInit(ctx, dir, opts));
}

/** What to run next: see what migrate would add to notes already there, else write a first note (after `git init` outside a repository). */
function nextStep(result: InitResult): string {
  if (result.existing) return "cortex migrate --dry-run   (shows the frontmatter cortex would add to your notes)";
  return `${result.git ? "" : "git init && "}cortex write --name "First rule" --type rule --project default`;
}

function runInit(ctx: CliContext, dir: string | undefined, opts: InitOptions): void {
  const result = initVault(resolve(ctx.params.cwd, dir ?? "."), { force: opts.force });
  if (opts.json) {
    ctx.out(JSON.stringify(snakeKeys(result), null, 2));
    return;
  }
  const lines = [`Initialized vault ${result.vault}`];
  const shown = (paths: string[]) => paths.filter((p) => !p.endsWith("/.gitkeep"));
  for (const path of shown(result.created)) lines.push(`  created ${path}`);
  for (const path of result.updated) lines.push(`  updated ${path} (ignores index/ and layers/)`);
  for (const path of shown(result.kept)) lines.push(`  kept    ${path}`);
  if (result.created.length === 0 && result.updated.length === 0) lines.push("Nothing to add: the vault has everything.");
  const cd = dir === undefined ? "" : `cd ${shellQuote(dir)} && `;
  lines.push("", `Next: ${cd}${nextStep(result)}`);
  ctx.out(lines.join("\n"));
}
