import { mutateVault, WRITE_LOCK_TIMEOUT_MS } from "../handle/mutate.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { assertToday } from "../../core/util/dates.js";
import { WriteSession } from "./session.js";
import { readWriteSettings } from "../../core/write/settings.js";
import type { WriteInput, WriteOptions, WriteResult } from "../../core/write/types.js";
import { scanValidWrite } from "../../core/write/scan-input.js";
import { planSupersede } from "../../core/write/supersede-plan.js";
import { applySupersede } from "./supersede.js";
import { validateWriteInput } from "../../core/write/validate.js";


/**
 * Creates a new atom. In order: validation and the security scan (nothing
 * touched on failure); then, holding the vault lock, the near-duplicate check
 * against live atoms (unless `force`), related atoms added to `links`, an
 * atomic exclusive create of `slug.md` (`slug_2.md`, … when taken), a line in
 * `index/events.jsonl`, an incremental index update, and a git commit of the
 * file when asked for.
 *
 * @throws WriteRejectedError (`VALIDATION`, `SECURITY`, `DUPLICATE`) when refused; the vault is unchanged then.
 * @throws CortexError (`LOCKED`, `IO`) when the vault cannot be written. Once the atom is written, an
 * I/O failure (the event line, the index update) is not thrown but returned as `indexError`.
 * @example
 * const { vaultDir, config } = loadConfig({ vault: "my-vault" });
 * const { path } = await writeAtom(vaultDir, { name: "No Friday deploys", type: "rule", project: "ops", tags: ["deploy"], body: "Never on Fridays." }, { config, today: "2026-11-22" });
 */
export async function writeAtom(vaultDir: string, input: WriteInput, options: WriteOptions): Promise<WriteResult> {
  assertToday(options.today);
  const valid = validateWriteInput(input, options.config);
  scanValidWrite(valid);
  const settings = readWriteSettings(options.config);
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  // The index is read as written and updated with the files written only (see MutateOptions.asIndexed): a note
  // edited by hand since the last index run may be missed by the near-duplicate and related checks of this write.
  const mutation = { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS, now: options.now, dryRun: options.dryRun, asIndexed: options.supersedes === undefined };
  const notRecorded: string[] = [];
  const outcome = await mutateVault(
    vault,
    "write",
    (tx) => {
      options.signal?.throwIfAborted();
      // The atom to replace, checked before anything is written.
      const old = options.supersedes === undefined ? null : planSupersede(tx.vault.manifest, { old: options.supersedes }).old;
      const session = new WriteSession(tx.vault, { config: options.config, today: options.today, settings, now: options.now, related: options.related });
      // Both the atom superseded and the one `replacing` names (a --file note moved into place) are left out of the duplicate check.
      const replacing = [old?.path, options.replacing].filter((p): p is string => p !== undefined);
      const result: WriteResult = session.write(valid, { force: options.force, replacing, dryRun: options.dryRun });
      notRecorded.push(...session.notRecorded);
      if (result.alreadyWritten) {
        // Written by an earlier run whose index update failed: recorded now (the index was read as written, see asIndexed).
        if (!options.dryRun) tx.wrote(result.path);
        return result;
      }
      // A dry run has made every check of a real one; mutateVault writes nothing after it.
      if (options.dryRun) return old ? { ...result, superseded: old.path } : result;
      tx.wrote(...session.written);
      tx.message(`cortex write: ${valid.name}\n\n${result.path}\n`);
      if (old) {
        const plan = planSupersede([...tx.vault.manifest, ...session.writtenEntries], { old: old.path, by: result.path });
        tx.wrote(...applySupersede(vaultDir, plan, null, options.today));
        tx.event({ op: "supersede", path: old.path, id: old.id, by: result.path });
        result.superseded = old.path;
      }
      return result;
    },
    mutation,
  );
  if (outcome.indexError !== undefined) notRecorded.push(outcome.indexError);
  const { indexError: _, ...result } = outcome;
  return notRecorded.length > 0 ? { ...result, indexError: indexErrorOf(notRecorded) } : result;
}

/** The one line that says an atom was written but not recorded (a full disk after the write). */
export function indexErrorOf(notRecorded: readonly string[], atoms = 1): string {
  const what = atoms === 1 ? "the atom was" : `the ${atoms} atoms were`;
  return `${what} written, but the index was not updated (${notRecorded.join("; ")}); do not write ${atoms === 1 ? "it" : "them"} again: run "cortex index" once the cause is fixed`;
}

