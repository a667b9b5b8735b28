import { resolve } from "node:path";
import { CortexError } from "../errors.js";
import { commitFiles } from "../git/commit.js";
import { shouldCommit } from "../git/settings.js";
import { withVaultLock } from "../vault/lock.js";
import { WriteRejectedError } from "../write/errors.js";
import { WriteSession } from "../write/session.js";
import { readWriteSettings } from "../write/settings.js";
import type { WriteInput } from "../write/types.js";
import { validateWriteInput } from "../write/validate.js";
import { assertToday, indexErrorOf, WRITE_LOCK_TIMEOUT_MS } from "../write/write-atom.js";
import { readImportSource } from "./read-source.js";
import { sanitizeTag } from "./sources.js";
import type { ImportItem, ImportOptions, ImportRejection, ImportResult } from "./types.js";

/** Type of imported items that do not name one. */
export const DEFAULT_IMPORT_TYPE = "reference";

/**
 * Bulk-imports a markdown file (one atom per `##` section), a folder of notes
 * (one per file) or a JSONL export (one per line). Every item goes through
 * the same validation, security scan and near-duplicate check as a write
 * (earlier items of the same import included); refused items are counted and
 * listed, never fatal. Everything happens under one vault lock, with one
 * index update at the end; a dry run writes nothing.
 *
 * @throws CortexError when the source cannot be read, or items lack a project and none is given.
 * @example const r = await importSource(vaultDir, "CLAUDE.md", { config, today: "2026-11-22", project: "ops" });
 */
export async function importSource(vaultDir: string, source: string, options: ImportOptions & { cwd?: string }): Promise<ImportResult> {
  assertToday(options.today);
  const { items, problems } = readImportSource(resolve(options.cwd ?? process.cwd(), source), source, options.split);
  const lacking = items.filter((i) => !i.input.project).length;
  if (lacking > 0 && !options.project?.trim()) throw new CortexError("BAD_ARGUMENT", `project: ${lacking} of ${items.length} items name no project; give --project (rule required)`);
  const settings = readWriteSettings(options.config);
  const commit = !options.dryRun && shouldCommit(options.config, options.commit);
  const result: ImportResult = { candidates: items.length + problems.length, imported: [], duplicates: [], rejected: [], dryRun: Boolean(options.dryRun) };
  for (const p of problems) result.rejected.push({ source: p.source, name: "", code: "PARSE", rule: "import-parse", message: p.message });
  return withVaultLock(
    vaultDir,
    () => {
      const session = new WriteSession(vaultDir, { config: options.config, today: options.today, settings, op: "import", now: options.now, persist: !options.dryRun });
      for (const item of items) importItem(session, item, options, result);
      if (options.dryRun) return result;
      session.finish();
      if (session.notRecorded.length > 0) result.indexError = indexErrorOf(session.notRecorded, session.written.length);
      if (!commit || session.written.length === 0) return result;
      const n = session.written.length;
      const done = commitFiles(vaultDir, session.written, `cortex import: ${n} atom${n === 1 ? "" : "s"} from ${source}\n\n${session.written.join("\n")}\n`);
      return { ...result, committed: done.committed, ...(done.reason ? { commitNote: done.reason } : {}) };
    },
    { timeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS },
  );
}

function importItem(session: WriteSession, item: ImportItem, options: ImportOptions, result: ImportResult): void {
  try {
    const valid = validateWriteInput(toWriteInput(item, options), options.config);
    result.imported.push({ ...session.write(valid, { force: options.force, dryRun: options.dryRun }), source: item.source });
  } catch (error) {
    if (!(error instanceof WriteRejectedError)) throw error;
    const rejection: ImportRejection = { source: item.source, name: item.input.name, code: error.code, rule: error.rule, message: error.message };
    if (error.code === "DUPLICATE") result.duplicates.push({ ...rejection, existingPath: error.existingPath! });
    else result.rejected.push(rejection);
  }
}

function toWriteInput(item: ImportItem, options: ImportOptions): WriteInput {
  const { input } = item;
  return {
    ...input,
    type: input.type ?? options.type ?? DEFAULT_IMPORT_TYPE,
    project: input.project ?? options.project ?? "",
    tags: input.tags?.map(sanitizeTag).filter(Boolean),
  };
}

