import { Option, type Command } from "../commander.js";
import { importSource } from "../../lib/app/import/import.js";
import type { ImportRejection, ImportResult, ImportSplit } from "../../lib/core/import/types.js";
import type { CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";
import { addMutationOptions, reportCommit } from "../options.js";

interface ImportOptions {
  vault?: string;
  today?: string;
  commit?: boolean;
  project?: string;
  type?: string;
  split?: ImportSplit;
  dryRun?: boolean;
  force?: boolean;
  json?: boolean;
}

/** `cortex import SOURCE`: bulk import with the checks of `write`. */
export function registerImport(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("import")
    .summary("Import a markdown file, a folder of notes or a JSONL export")
    .description("Import a markdown file (one atom per ## section), a folder of notes (one per file) or a JSONL export (one per line, with content/title). Each item is validated, scanned and de-duplicated like write; refused items are listed, not fatal. Exit 1 when nothing was imported")
    .argument("<source>", "a .md file, a folder, or a .jsonl file")
    .option("-p, --project <project>", "project of items that name none")
    .option("-t, --type <type>", "type of items that name none", "reference")
    .addOption(new Option("--split <how>", "cut markdown per ## section or per file (default: h2 for a file, file for a folder)").choices(["h2", "file"]))
    .option("--dry-run", "check every item and report, write nothing")
    .option("--force", "import near-duplicates too")
    .option("-j, --json", "print the result as JSON");
  addMutationOptions(cmd).action((source: string, opts: ImportOptions) => runImport(ctx, source, opts));
}

async function runImport(ctx: CliContext, source: string, opts: ImportOptions): Promise<void> {
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts);
  const result = await importSource(vaultDir, source, { config, today, cwd: ctx.params.cwd, project: opts.project, type: opts.type, split: opts.split, dryRun: opts.dryRun, force: opts.force, commit: opts.commit });
  if (result.imported.length === 0) ctx.exitCode = 1;
  if (result.indexError) {
    ctx.err(`cortex: ${result.indexError}`);
    ctx.exitCode = 1;
  }
  if (opts.json) {
    ctx.out(JSON.stringify(snakeKeys(result), null, 2));
    return;
  }
  const lines = [
    ...[...result.duplicates, ...result.rejected].map((r) => ({ source: r.source, text: `${r.rule} ${r.name ? `"${r.name}": ` : ""}${r.message.replace(/ \(rule [^)]*\)$/, "")}` })),
    ...result.skipped.map((s) => ({ source: s.source, text: `skipped ${s.name ? `"${s.name}": ` : ""}${s.reason}` })),
  ];
  for (const l of lines.sort(bySource)) ctx.err(`${l.source} ${l.text}`);
  const verb = result.dryRun ? "Would import" : "Imported";
  for (const i of result.imported) ctx.out(`${result.dryRun ? "would write" : i.alreadyWritten ? "already written" : "wrote"} ${i.path}  (${i.source})`);
  ctx.out(summary(result, verb));
  if (result.commit?.committed) ctx.out("Committed");
  reportCommit(ctx, result);
}

// Sources are `file` or `file:line`: by file, then by line number.
function bySource(a: { source: string }, b: { source: string }): number {
  const split = (s: string) => /^(.*?)(?::(\d+))?$/.exec(s)!;
  const [, fa, la] = split(a.source);
  const [, fb, lb] = split(b.source);
  return fa! < fb! ? -1 : fa! > fb! ? 1 : Number(la ?? 0) - Number(lb ?? 0);
}

function summary(result: ImportResult, verb: string): string {
  const parts: string[] = [];
  if (result.duplicates.length > 0) parts.push(`${result.duplicates.length} duplicate${result.duplicates.length === 1 ? "" : "s"}`);
  if (result.rejected.length > 0) parts.push(`${result.rejected.length} rejected: ${rejectedList(result.rejected)}`);
  if (result.skipped.length > 0) parts.push(`${result.skipped.length} skipped`);
  return `${verb} ${result.imported.length} of ${result.candidates}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
}

function rejectedList(rejected: ImportRejection[]): string {
  const counts = new Map<string, number>();
  for (const r of rejected) counts.set(r.rule, (counts.get(r.rule) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([rule, n]) => `${n} ${rule}`).join(", ");
}
