import { CortexError } from "../errors.js";
import { mutateVault } from "../app/mutate.js";
import { Vault } from "../app/vault.js";
import { isIsoDate } from "../util/dates.js";
import { WriteSession } from "./session.js";
import { readWriteSettings } from "./settings.js";
import type { WriteInput, WriteOptions, WriteResult } from "./types.js";
import { scanValidWrite } from "./scan-input.js";
import { applySupersede, planSupersede } from "./supersede.js";
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
 * @throws CortexError (`LOCKED`, `IO`) when the vault cannot be written.
 * @example
 * const { vaultDir, config } = loadConfig({ vault: "my-vault" });
 * const { path } = await writeAtom(vaultDir, { name: "No Friday deploys", type: "rule", project: "ops", tags: ["deploy"], body: "Never on Fridays." }, { config, today: "2026-11-22" });
 */
export async function writeAtom(vaultDir: string, input: WriteInput, options: WriteOptions): Promise<WriteResult> {
  assertToday(options.today);
  const valid = validateWriteInput(input, options.config);
  scanValidWrite(valid);
  const settings = readWriteSettings(options.config);
  const vault = new Vault({ vaultDir, config: options.config }, { today: options.today });
  const mutation = { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS, now: options.now };
  return mutateVault(
    vault,
    "write",
    (tx) => {
      // The atom to replace, checked before anything is written.
      const old = options.supersedes === undefined ? null : planSupersede(tx.vault.manifest, { old: options.supersedes }).old;
      const session = new WriteSession(tx.vault, { config: options.config, today: options.today, settings, now: options.now });
      const result: WriteResult = session.write(valid, { force: options.force, replacing: old?.path ?? options.replacing });
      tx.wrote(...session.written);
      tx.message(`cortex write: ${valid.name}\n\n${result.path}\n`);
      if (old) {
        const plan = planSupersede(session.manifest, { old: old.path, by: result.path });
        tx.wrote(...applySupersede(vaultDir, plan, null, options.today));
        tx.event({ op: "supersede", path: old.path, id: old.id, by: result.path });
        result.superseded = old.path;
      }
      return result;
    },
    mutation,
  );
}

/** @throws CortexError (`BAD_ARGUMENT`) unless `today` is a YYYY-MM-DD date. */
export function assertToday(today: string): void {
  if (!isIsoDate(today)) throw new CortexError("BAD_ARGUMENT", `today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
}
