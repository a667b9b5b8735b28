import { resolve } from "node:path";
import { CortexError } from "../../core/errors.js";
import { mutateVault, WRITE_LOCK_TIMEOUT_MS } from "../handle/mutate.js";
import { assertToday } from "../../core/util/dates.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { WriteRejectedError } from "../../core/write/errors.js";
import { WriteSession } from "../write/session.js";
import { readWriteSettings } from "../../core/write/settings.js";
import { scanValidWrite } from "../../core/write/scan-input.js";
import type { ValidWrite, WriteInput } from "../../core/write/types.js";
import { validateWriteInput } from "../../core/write/validate.js";
import { indexErrorOf } from "../write/write-atom.js";
import { readImportSource } from "../../store/import/read-source.js";
import { sanitizeTag } from "../../core/import/sources.js";
import type { ImportItem, ImportOptions, ImportRejection, ImportResult } from "../../core/import/types.js";

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
  const { items, problems, skipped } = readImportSource(resolve(options.cwd ?? process.cwd(), source), source, options.split);
  const lacking = items.filter((i) => !i.input.project).length;
  if (lacking > 0 && !options.project?.trim()) throw new CortexError("BAD_ARGUMENT", `project: ${lacking} of ${items.length} items name no project; give --project (rule required)`);
  const settings = readWriteSettings(options.config);
  const result: ImportResult = { candidates: items.length + problems.length, imported: [], duplicates: [], rejected: [], skipped, dryRun: Boolean(options.dryRun) };
  for (const p of problems) result.rejected.push({ source: p.source, name: "", code: "PARSE", rule: "import-parse", message: p.message });
  // Validation and the security scan before the lock; only the near-duplicate check needs the vault.
  const checked = items.flatMap((item) => checkItem(item, options, result));
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  const mutation = { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS, now: options.now, dryRun: options.dryRun };
  const notRecorded: string[] = [];
  let atoms = 0;
  const outcome = await mutateVault(
    vault,
    "import",
    (tx) => {
      const session = new WriteSession(tx.vault, { config: options.config, today: options.today, settings, op: "import", now: options.now });
      for (const { item, valid } of checked) importItem(session, item, valid, options, result);
      tx.wrote(...session.written);
      notRecorded.push(...session.notRecorded);
      atoms = session.written.length;
      const n = session.written.length;
      tx.message(`cortex import: ${n} atom${n === 1 ? "" : "s"} from ${source}\n\n${session.written.join("\n")}\n`);
      return result;
    },
    mutation,
  );
  if (outcome.indexError !== undefined) notRecorded.push(outcome.indexError);
  const { indexError: _, ...done } = outcome;
  return notRecorded.length > 0 ? { ...done, indexError: indexErrorOf(notRecorded, atoms) } : done;
}

// The item validated and scanned; a refused one is recorded in `result` and dropped.
function checkItem(item: ImportItem, options: ImportOptions, result: ImportResult): { item: ImportItem; valid: ValidWrite }[] {
  try {
    const valid = validateWriteInput(toWriteInput(item, options), options.config);
    scanValidWrite(valid);
    return [{ item, valid }];
  } catch (error) {
    if (!(error instanceof WriteRejectedError)) throw error;
    result.rejected.push(rejectionOf(item, error));
    return [];
  }
}

function importItem(session: WriteSession, item: ImportItem, valid: ValidWrite, options: ImportOptions, result: ImportResult): void {
  try {
    result.imported.push({ ...session.write(valid, { force: options.force, dryRun: options.dryRun }), source: item.source });
  } catch (error) {
    if (!(error instanceof WriteRejectedError)) throw error;
    const rejection = rejectionOf(item, error);
    if (error.code === "DUPLICATE") result.duplicates.push({ ...rejection, existingPath: error.existingPath! });
    else result.rejected.push(rejection);
  }
}

function rejectionOf(item: ImportItem, error: WriteRejectedError): ImportRejection {
  return { source: item.source, name: item.input.name, code: error.code, rule: error.rule, message: error.message };
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

