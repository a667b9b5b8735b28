import { ATOM_TYPES, type Diagnostic } from "../../core/atoms/types.js";
import { CortexError } from "../../core/errors.js";
import { mutateVault, WRITE_LOCK_TIMEOUT_MS } from "../handle/mutate.js";
import { assertToday } from "../../core/util/dates.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { unifiedDiff } from "../../core/util/diff.js";
import { appendVaultEvents } from "../../store/events.js";
import { writeIfUnchanged } from "../../store/rewrite.js";
import type { VaultFile } from "../../store/scan.js";
import { scanVault } from "../../store/scan-vault.js";
import { decodeForEdit } from "../../store/write/note-file.js";
import { planFileMigration } from "../../core/migrate/plan.js";
import type { FilePlan, MigrateOptions, MigrateResult } from "../../core/migrate/types.js";
import { readFileBytes } from "../../store/files.js";

/**
 * Standardizes the frontmatter of every note in the vault (seed's
 * migration): adds the missing fields of {@link REQUIRED_FIELDS}, generating
 * a block for notes without one, inferring type/project/status/tags from the
 * path, `[directories]` and `[tags]`. Never moves, renames or deletes; keeps
 * unknown fields and the body byte for byte. Binary files, files that are
 * not UTF-8 and broken frontmatter are skipped and reported. Running it again
 * changes nothing. A dry run returns unified diffs and writes nothing.
 *
 * @example const { changed } = await migrateVault(vaultDir, { config, today: "2026-11-22", dryRun: true });
 */
export async function migrateVault(vaultDir: string, options: MigrateOptions): Promise<MigrateResult> {
  assertToday(options.today);
  if (options.type !== undefined && !(ATOM_TYPES as readonly string[]).includes(options.type)) {
    throw new CortexError("BAD_ARGUMENT", `--type: "${options.type}" is not one of ${ATOM_TYPES.join(", ")}`);
  }
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  return mutateVault(
    vault,
    "migrate",
    (tx) => {
      const ids = new Set(tx.vault.manifest.flatMap((m) => (m.id ? [m.id] : [])));
      const result: MigrateResult = { changed: [], unchanged: 0, skipped: [] };
      const ts = (options.now?.() ?? new Date()).toISOString();
      const under = options.folder ? `${options.folder.replace(/\/+$/, "")}/` : "";
      for (const file of scanVault(vaultDir).files) {
        if (!file.path.startsWith(under)) continue;
        const read = readForMigration(file);
        if ("problem" in read) {
          result.skipped.push(read.problem);
          continue;
        }
        const plan = planFileMigration(read.text, { path: file.path, mtimeMs: file.mtimeMs, size: file.size }, options.config, ids, { project: options.project, type: options.type });
        if (plan.problem) result.skipped.push(plan.problem);
        else if (plan.after === null) result.unchanged++;
        else if (options.dryRun) result.changed.push({ path: file.path, added: plan.added, diff: unifiedDiff(read.text, plan.after, file.path) });
        else if (writeIfUnchanged(file.abs, read.bytes, plan.after)) result.changed.push(recordMigration(vaultDir, file, plan, ts));
        else result.skipped.push(skipped(file.path, "changed on disk while migrate ran (saved by another program?); left as it is, run migrate again"));
      }
      const paths = result.changed.map((c) => c.path);
      tx.wrote(...paths);
      tx.message(`cortex migrate: standardize frontmatter of ${paths.length} file${paths.length === 1 ? "" : "s"}\n\n${paths.join("\n")}\n`);
      return result;
    },
    { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS, now: options.now, dryRun: options.dryRun },
  );
}

function readForMigration(file: VaultFile): { bytes: Buffer; text: string } | { problem: Diagnostic } {
  let bytes: Buffer;
  try {
    bytes = readFileBytes(file.abs);
  } catch (error) {
    return { problem: skipped(file.path, `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`) };
  }
  const decoded = decodeForEdit(bytes, file.path);
  if ("problem" in decoded) return { problem: skipped(file.path, `${decoded.problem}; left alone so no byte is lost`) };
  return { bytes, text: decoded.text };
}

function skipped(path: string, message: string): Diagnostic {
  return { file: path, line: 1, rule: "migrate-skipped", message, severity: "error" };
}

function recordMigration(vaultDir: string, file: VaultFile, plan: FilePlan, ts: string) {
  appendVaultEvents(vaultDir, [{ ts, op: "migrate", path: file.path, id: plan.id, added: plan.added }]);
  return { path: file.path, added: plan.added };
}
