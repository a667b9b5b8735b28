import type { Command } from "commander";
import { splitFrontmatter } from "../../lib/atoms/frontmatter.js";
import { CortexError } from "../../lib/errors.js";
import { writeAtom } from "../../lib/write/write-atom.js";
import type { WriteInput } from "../../lib/write/types.js";
import type { CliContext } from "../context.js";
import { addMutationOptions, readStdin, readTextFile, reportCommit, splitList } from "../options.js";

interface WriteOptions {
  vault?: string;
  today?: string;
  commit?: boolean;
  name?: string;
  type?: string;
  project?: string;
  tags?: string;
  body?: string;
  file?: string;
  dir?: string;
  status?: string;
  description?: string;
  confidence?: string;
  pnlImpact?: string;
  links?: string;
  force?: boolean;
  json?: boolean;
}

/** `cortex write`: create one atom, checked, scanned, de-duplicated and linked. */
export function registerWrite(program: Command, ctx: CliContext): void {
  const cmd = program
    .command("write")
    .summary("Create an atom (validated, scanned, de-duplicated, linked)")
    .description("Create an atom: validated, scanned for secrets and prompt injection, refused if a near-duplicate exists, linked to related atoms, written atomically under the vault lock")
    .option("--name <name>", "title (required; at most 200 chars)")
    .option("--type <type>", "rule, insight, incident, project, person, reference, decision, lesson, event, loss, win, concept, feedback or user (required)")
    .option("--project <project>", "project (required; must be in [projects] names when set)")
    .option("--tags <a,b>", "comma-separated tags: lowercase a-z 0-9 _ : / -, at most 20")
    .option("--body <text>", "body text; - reads it from standard input")
    .option("--file <file>", "read the body from a file (a frontmatter block at its top is left out)")
    .option("--dir <folder>", "vault folder to write to (default by type: rules/, insights/, … else atoms/)")
    .option("--status <status>", "active (default), review, archived or superseded")
    .option("--description <text>", "one-line description, at most 150 chars")
    .option("--confidence <0..1>", "confidence from 0 to 1")
    .option("--pnl-impact <number>", "numeric impact")
    .option("--links <a,b>", "comma-separated link targets")
    .option("--force", "write even if a near-duplicate exists")
    .option("--json", "print the result as JSON");
  addMutationOptions(cmd).action((opts: WriteOptions) => runWrite(ctx, opts));
}

async function runWrite(ctx: CliContext, opts: WriteOptions): Promise<void> {
  const today = ctx.today(opts.today);
  const { vaultDir, config } = ctx.vault(opts);
  const input: WriteInput = {
    name: opts.name ?? "",
    type: opts.type ?? "",
    project: opts.project ?? "",
    tags: splitList(opts.tags),
    body: await readBody(ctx, opts),
    dir: opts.dir,
    status: opts.status,
    description: opts.description,
    confidence: toNumber(opts.confidence),
    pnl_impact: toNumber(opts.pnlImpact),
    links: splitList(opts.links),
  };
  const result = await writeAtom(vaultDir, input, { config, today, force: opts.force, commit: opts.commit });
  if (opts.json) {
    ctx.out(JSON.stringify(result, null, 2));
  } else {
    ctx.out(result.alreadyWritten ? `Already written: ${result.path} (id ${result.id}), by an earlier run whose index update failed; the index is up to date now` : `Wrote ${result.path} (id ${result.id})`);
    if (result.related.length > 0) ctx.out(`Related: ${result.related.join(", ")}`);
    if (result.commit?.committed) ctx.out("Committed");
  }
  if (result.indexError) {
    ctx.err(`cortex: ${result.indexError}`);
    ctx.exitCode = 1;
  }
  reportCommit(ctx, result);
}

async function readBody(ctx: CliContext, opts: WriteOptions): Promise<string> {
  if (opts.body !== undefined && opts.file !== undefined) throw new CortexError("BAD_ARGUMENT", "body: give --body or --file, not both (rule one-body-source)");
  if (opts.file !== undefined) return withoutFrontmatter(readTextFile(ctx, opts.file, "--file"));
  if (opts.body === "-") return readStdin(ctx);
  return opts.body ?? "";
}

// A note given as --file brings its own frontmatter; the new atom gets fresh frontmatter, so only the body is kept.
function withoutFrontmatter(text: string): string {
  const split = splitFrontmatter(text);
  return split.state === "ok" ? split.body : text;
}

// Numbers are checked by the library, which names the field; text that is not a number is passed on as is.
function toNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) ? n : (value as unknown as number);
}
