import { resolve } from "node:path";
import type { Command } from "commander";
import { CortexError } from "../../lib/core/errors.js";
import { pathInVault } from "../../lib/app/write/adopt.js";
import { migrateVault } from "../../lib/app/migrate/migrate.js";
import type { MigrateResult } from "../../lib/core/migrate/types.js";
import type { CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";
import { addMutationOptions, reportCommit } from "../options.js";
import { fileExists, isDirectory } from "../../lib/store/files.js";

interface MigrateOptions {
  vault?: string;
  today?: string;
  commit?: boolean;
  dryRun?: boolean;
  json?: boolean;
  project?: string;
  type?: string;
}

/** `cortex migrate`: add the missing standard frontmatter fields to every note. */
export function registerMigrate(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("migrate")
    .summary("Add missing standard frontmatter fields to every note")
    .description("Add missing frontmatter fields (id, name, type, project, status, created, updated, tags, links) to every note, inferring them from path, [directories] and [tags]. Never moves, renames or deletes; bodies and unknown fields keep every byte. Exit 1 when files had to be skipped")
    .argument("[folder]", "only the notes under this folder of the vault (default: every note)")
    .option("-p, --project <project>", "project of notes whose folders name none (instead of unknown)")
    .option("-t, --type <type>", "type of notes whose folders name none (instead of concept)")
    .option("--dry-run", "print a unified diff per file (stdout, for patch -p1) and write nothing")
    .option("-j, --json", "print the result as JSON");
  addMutationOptions(cmd).action((folder: string | undefined, opts: MigrateOptions) => runMigrate(ctx, folder, opts));
}

async function runMigrate(ctx: CliContext, folderArg: string | undefined, opts: MigrateOptions): Promise<void> {
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts);
  const folder = folderArg === undefined ? undefined : vaultFolder(ctx, vaultDir, folderArg);
  const result = await migrateVault(vaultDir, { config, today, dryRun: opts.dryRun, commit: opts.commit, folder, project: opts.project, type: opts.type });
  if (result.skipped.length > 0) ctx.exitCode = 1;
  if (opts.json) {
    ctx.out(JSON.stringify(snakeKeys(result), null, 2));
    return;
  }
  ctx.diagnostics(result.skipped);
  if (opts.dryRun) {
    if (result.changed.length > 0) ctx.out(result.changed.map((c) => c.diff).join(""));
    ctx.err(summary(result, "Would migrate"));
    return;
  }
  ctx.out(summary(result, "Migrated"));
  if (result.commit?.committed) ctx.out("Committed");
  reportCommit(ctx, result);
}

function summary(result: MigrateResult, verb: string): string {
  const n = result.changed.length;
  return `${verb} ${n} file${n === 1 ? "" : "s"} (${result.unchanged} already complete, ${result.skipped.length} skipped)`;
}

// A folder as the user typed it: from the current folder, else from the vault's root; it must be a folder of the vault.
function vaultFolder(ctx: CliContext, vaultDir: string, folder: string): string {
  for (const abs of [resolve(ctx.params.cwd, folder), resolve(vaultDir, folder)]) {
    const rel = pathInVault(vaultDir, abs);
    if (rel !== null && isDirectory(abs)) return rel;
    if (abs === resolve(vaultDir) && fileExists(abs)) return "";
  }
  throw new CortexError("BAD_ARGUMENT", `folder: ${folder} is not a folder of the vault ${vaultDir}`);
}
