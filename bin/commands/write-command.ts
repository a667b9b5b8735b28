import { resolve } from "node:path";
import type { Command } from "commander";
import { splitFrontmatter } from "../../lib/core/atoms/frontmatter.js";
import type { CortexConfig } from "../../lib/core/config/types.js";
import { normalizeRef } from "../../lib/core/links/refs.js";
import { CortexError } from "../../lib/core/errors.js";
import { WriteRejectedError } from "../../lib/core/write/errors.js";
import { ATOM_STATUSES, ATOM_TYPES } from "../../lib/core/atoms/types.js";
import { closestWords } from "../../lib/core/util/closest.js";
import { pathInVault, removeAdopted } from "../../lib/app/write/adopt.js";
import { writeAtom } from "../../lib/app/write/write-atom.js";
import { unresolvedLinks } from "../../lib/app/links/unresolved.js";
import type { WriteInput, WriteResult } from "../../lib/core/write/types.js";
import type { CliContext } from "../context.js";
import { snakeKeys } from "../format/json.js";
import { addMutationOptions, readStdin, reportCommit, splitList } from "../options.js";
import { readFileBytes } from "../../lib/store/files.js";
import type { IndexDb } from "../../lib/store/index-db.js";
import type { Vault } from "../../lib/app/vault.js";

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
  supersedes?: string;
  related: boolean;
  dryRun?: boolean;
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
    .option("-t, --type <type>", "rule, insight, incident, project, person, reference, decision, lesson, event, loss, win, concept, feedback or user (required)")
    .option("-p, --project <project>", "project (required; must be in [projects] names when set)")
    .option("--tags <a,b>", "comma-separated tags: lowercase a-z 0-9 _ : / -, at most 20")
    .option("--body <text>", "body text; - reads it from standard input")
    .option("--file <file>", "read the body from a file (its frontmatter is left out); a file inside the vault is moved into place")
    .option("--dir <folder>", "vault folder to write to (default by type: rules/, insights/, … else atoms/)")
    .option("--status <status>", "active (default), review, archived or superseded")
    .option("--description <text>", "one-line description, at most 150 chars")
    .option("--confidence <0..1>", "confidence from 0 to 1")
    .option("--pnl-impact <number>", "numeric impact")
    .option("--links <a,b>", "comma-separated link targets")
    .option("--supersedes <ref>", "an atom the new one replaces (path, id, name or link stem): marked superseded by it")
    .option("--no-related", "do not add related atoms to links")
    .option("--dry-run", "run every check and print what would be written; write nothing")
    .option("--force", "write even if a near-duplicate exists")
    .option("-j, --json", "print the result as JSON");
  addMutationOptions(cmd).action((opts: WriteOptions) => runWrite(ctx, opts));
}

async function runWrite(ctx: CliContext, opts: WriteOptions): Promise<void> {
  const today = ctx.today(opts.today);
  const vault = ctx.vault(opts);
  const { vaultDir, config } = vault;
  const source = await readBody(ctx, opts, vaultDir);
  const input: WriteInput = {
    name: opts.name ?? "",
    type: opts.type ?? "",
    project: opts.project ?? "",
    tags: splitList(opts.tags),
    body: source.body,
    dir: opts.dir,
    status: opts.status,
    description: opts.description,
    confidence: toNumber(opts.confidence),
    pnl_impact: toNumber(opts.pnlImpact),
    links: splitList(opts.links),
  };
  // The replaced atom is checked and superseded in the write's own transaction (see writeAtom).
  const supersedes = opts.supersedes === undefined ? undefined : normalizeRef(opts.supersedes);
  const result = await writeAtom(vaultDir, input, { config, today, force: opts.force, commit: opts.commit, replacing: source.inVault?.path, supersedes, dryRun: opts.dryRun, related: opts.related }).catch((error: unknown) => {
    throw asFlagError(error);
  });
  const done = opts.dryRun || result.alreadyWritten ? {} : await finishWrite(vaultDir, result, { config, today, adopted: source.inVault });
  if (opts.json) ctx.out(JSON.stringify(snakeKeys({ ...result, ...done }), null, 2));
  else ctx.out(formatWrite(result, done, Boolean(opts.dryRun)));
  // Not when the index could not be updated: they read it.
  if (!result.indexError) for (const line of afterWriteNotes(ctx, vault, { path: result.path, project: input.project, body: source.body, links: input.links }, Boolean(opts.dryRun))) ctx.err(line);
  if (result.indexError) {
    ctx.err(`cortex: ${result.indexError}`);
    ctx.exitCode = 1;
  }
  reportCommit(ctx, result);
}

// What a write says after it (the project it starts, the links that open nothing): read from the index as the write
// left it, which is up to date unless notes were changed by hand since the last index run; only when there is
// something to say is the vault (`vault`, not read yet) brought up to date and asked again, so that a note added by
// hand is never reported missing, and a write at 100,000 notes does not wait for a scan of every one.
function afterWriteNotes(ctx: CliContext, vault: Vault, written: { path: string; project: string; body: string; links?: string[] }, dryRun: boolean): string[] {
  // `suggest`: the nearest note of each link that opens nothing, said only once the vault is up to date.
  const notes = (handle: Vault, suggest: boolean) => {
    const lines: string[] = [];
    if (!dryRun && isNewProject(handle, vault.config, written.project)) lines.push(`cortex: note: started a new project "${written.project}" (no other atom has it)`);
    // A link the user wrote that opens nothing is accepted (a note may come later) but said, with the nearest note.
    for (const u of unresolvedLinks(handle, written.path, written.body, written.links ?? [], suggest)) {
      lines.push(`cortex: warning: ${written.path}: [[${u.target}]] opens no note${u.suggestion ? `; did you mean ${u.suggestion}?` : ""}`);
    }
    return lines;
  };
  const asWritten = ctx.vault({ vault: vault.vaultDir, today: vault.today, refresh: false });
  try {
    return notes(asWritten, false).length === 0 ? [] : notes(vault, true);
  } finally {
    asWritten.close();
  }
}

// True when no [projects] names are set, the index (just updated by the write) has no other atom of `project`, and
// it has other projects: a typo (-p opps for ops) would otherwise start a project unseen; a vault's first project is
// no surprise.
function isNewProject(vault: { db(): IndexDb }, config: CortexConfig, project: string): boolean {
  if (config.projects.length > 0) return false;
  try {
    const db = vault.db();
    return db.atomCountOfProject(project.trim()) === 1 && db.docCount() > 1;
  } catch {
    return false;
  }
}

/** The flag that gives each field of a write. */
const FLAGS: Readonly<Record<string, string>> = { name: "--name", type: "--type", project: "--project", tags: "--tags", body: "--body", status: "--status", description: "--description", confidence: "--confidence", pnl_impact: "--pnl-impact", links: "--links", dir: "--dir" };

// A refused field named as the flag that gives it: `--name is required`, `--type is required (rule, insight, …)`.
function asFlagError(error: unknown): unknown {
  if (!(error instanceof WriteRejectedError) || error.code !== "VALIDATION" || !error.field || !FLAGS[error.field] || !error.message.startsWith(`${error.field}: `)) return error;
  const flag = FLAGS[error.field]!;
  const rest = error.message.slice(error.field.length + 2).replace(/ \(rule [\w-]+\)$/, "");
  const given = /^"([^"]*)" is not/.exec(rest)?.[1];
  if (error.rule === "required" || given === "") return new WriteRejectedError("VALIDATION", `${flag} is required${error.field === "type" ? ` (${ATOM_TYPES.join(", ")})` : ""}`, { field: error.field, rule: error.rule });
  const near = given === undefined ? [] : closestWords(given, error.field === "type" ? ATOM_TYPES : error.field === "status" ? ATOM_STATUSES : []);
  const refused = new WriteRejectedError("VALIDATION", `${flag} ${rest} (rule ${error.rule})`, { field: error.field, rule: error.rule });
  return near.length > 0 ? Object.assign(refused, { hint: `did you mean ${flag} ${near[0]}?` }) : refused;
}

interface AfterWrite {
  moved_from?: string;
}

// What follows a write: the adopted note (a --file inside the vault) removed.
async function finishWrite(vaultDir: string, result: WriteResult, o: { config: CortexConfig; today: string; adopted?: { path: string; bytes: Buffer } }): Promise<AfterWrite> {
  const done: AfterWrite = {};
  if (o.adopted && o.adopted.path !== result.path && (await removeAdopted(vaultDir, o.adopted.path, o.adopted.bytes, o))) done.moved_from = o.adopted.path;
  return done;
}

function formatWrite(result: WriteResult, done: AfterWrite, dryRun: boolean): string {
  const wrote = result.alreadyWritten
    ? `Already written: ${result.path} (id ${result.id}), by an earlier run whose index update failed; the index is up to date now`
    : `Wrote ${result.path} (id ${result.id})`;
  const lines = [dryRun ? `Would write ${result.path} (id ${result.id}); nothing written` : wrote];
  if (done.moved_from) lines.push(`Moved from ${done.moved_from}`);
  if (result.related.length > 0) lines.push(`Related: ${result.related.join(", ")}`);
  if (result.superseded) lines.push(`${dryRun ? "Would supersede" : "Superseded"} ${result.superseded}`);
  if (result.commit?.committed) lines.push("Committed");
  if (dryRun && result.content !== undefined) lines.push("", result.content.trimEnd());
  return lines.join("\n");
}

interface BodySource {
  body: string;
  /** The --file note when it lies inside the vault: the new atom takes its place. */
  inVault?: { path: string; bytes: Buffer };
}

async function readBody(ctx: CliContext, opts: WriteOptions, vaultDir: string): Promise<BodySource> {
  if (opts.body !== undefined && opts.file !== undefined) throw new CortexError("BAD_ARGUMENT", "body: give --body or --file, not both (rule one-body-source)");
  if (opts.file !== undefined) return readFileBody(ctx, opts.file, vaultDir);
  if (opts.body === "-") {
    const stdin = (ctx.params.stdin ?? process.stdin) as { isTTY?: boolean };
    if (stdin.isTTY) ctx.err("cortex: reading the body from standard input; end it with Ctrl-D (Ctrl-Z Enter on Windows)");
    return { body: await readStdin(ctx) };
  }
  return { body: opts.body ?? "" };
}

function readFileBody(ctx: CliContext, file: string, vaultDir: string): BodySource {
  const abs = resolve(ctx.params.cwd, file);
  let bytes: Buffer;
  try {
    bytes = readFileBytes(abs);
  } catch (error) {
    throw new CortexError("IO", `--file: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const split = splitFrontmatter(text);
  // A note given as --file brings its own frontmatter; the new atom gets fresh frontmatter, so only the body is kept.
  const body = split.state === "ok" ? split.body : text;
  const path = pathInVault(vaultDir, abs);
  return path === null ? { body } : { body, inVault: { path, bytes } };
}

// Numbers are checked by the library, which names the field; text that is not a number is passed on as is.
function toNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) ? n : (value as unknown as number);
}
