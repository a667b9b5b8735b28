import { CortexError } from "../errors.js";
import { commitFiles } from "../git/commit.js";
import { shouldCommit } from "../git/settings.js";
import { isIsoDate } from "../util/dates.js";
import { withVaultLock } from "../vault/lock.js";
import { WriteSession } from "./session.js";
import { readWriteSettings } from "./settings.js";
import type { WriteInput, WriteOptions, WriteResult } from "./types.js";
import { validateWriteInput } from "./validate.js";

/** Default wait for the vault lock by the write path. */
export const WRITE_LOCK_TIMEOUT_MS = 60_000;

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
  const settings = readWriteSettings(options.config);
  const commit = shouldCommit(options.config, options.commit);
  return withVaultLock(
    vaultDir,
    () => {
      options.signal?.throwIfAborted();
      const session = new WriteSession(vaultDir, { config: options.config, today: options.today, settings, now: options.now });
      const written = session.write(valid, { force: options.force, replacing: options.replacing });
      session.finish();
      const result = session.notRecorded.length > 0 ? { ...written, indexError: indexErrorOf(session.notRecorded) } : written;
      if (!commit) return result;
      const done = commitFiles(vaultDir, [result.path], `cortex write: ${valid.name}\n\n${result.path}\n`);
      return { ...result, committed: done.committed, ...(done.reason ? { commitNote: done.reason } : {}) };
    },
    { timeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS },
  );
}

/** The one line that says an atom was written but not recorded (a full disk after the write). */
export function indexErrorOf(notRecorded: readonly string[], atoms = 1): string {
  const what = atoms === 1 ? "the atom was" : `the ${atoms} atoms were`;
  return `${what} written, but the index was not updated (${notRecorded.join("; ")}); do not write ${atoms === 1 ? "it" : "them"} again: run "cortex index" once the cause is fixed`;
}

/** @throws CortexError (`BAD_ARGUMENT`) unless `today` is a YYYY-MM-DD date. */
export function assertToday(today: string): void {
  if (!isIsoDate(today)) throw new CortexError("BAD_ARGUMENT", `today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
}
