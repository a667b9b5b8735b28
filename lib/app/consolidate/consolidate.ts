import { CortexError } from "../../core/errors.js";
import { mutateVault, WRITE_LOCK_TIMEOUT_MS } from "../handle/mutate.js";
import { assertToday } from "../../core/util/dates.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { compareStrings } from "../../core/util/compare.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { appendVaultEvents } from "../../store/events.js";
import { isLive } from "../../core/write/directory.js";
import { readBody } from "../../store/write/corpus.js";
import { readWriteSettings } from "../../core/write/settings.js";
import { comparableText, shingle } from "../../core/write/similarity.js";
import { planSupersede } from "../../core/write/supersede-plan.js";
import { applySupersede } from "../write/supersede.js";
import { findDuplicateGroups, ShingleNumbers } from "../../core/consolidate/duplicates.js";
import { findStaleReviews, findSupersessionIssues } from "../../core/consolidate/lifecycle.js";
import type { ConsolidateOptions, ConsolidateResult, ConsolidateSkip, ConsolidationReport } from "../../core/consolidate/types.js";

/**
 * The seeds' consolidation, made deterministic: near-duplicate groups (the
 * similarity of `cortex write`, threshold `[write] duplicate_threshold`),
 * atoms in `review` for more than `[write] review_days`, and problems with
 * supersession chains, each with a suggested action. Changes nothing unless
 * `apply`, which merges each duplicate group into its newest atom by
 * superseding the others (never deleting), under the vault lock.
 *
 * @example const { report } = await consolidateVault(vaultDir, { config, today: "2026-11-22" });
 */
export async function consolidateVault(vaultDir: string, options: ConsolidateOptions): Promise<ConsolidateResult> {
  assertToday(options.today);
  const settings = readWriteSettings(options.config);
  const analyze = (vault: VaultHandle): { report: ConsolidationReport; manifest: ManifestEntry[] } => {
    const all = vault.manifest;
    const manifest = options.project === undefined ? all : all.filter((m) => m.project === options.project);
    // Numbered as they are read: a large vault's shingles are not all held as text at once.
    const numbers = new ShingleNumbers();
    const live = manifest.filter(isLive).map((entry) => ({ entry, shingles: numbers.number(shingle(comparableText(entry.name, readBody(vaultDir, entry.path)))) }));
    const report = {
      duplicates: findDuplicateGroups(live, numbers, settings.duplicateThreshold),
      review: findStaleReviews(manifest, options.today, settings.reviewDays),
      supersession: findSupersessionIssues(all).filter((i) => options.project === undefined || i.paths.some((p) => manifest.some((m) => m.path === p))),
    };
    return { report, manifest: all };
  };
  // A report reads the index as the files stand without writing one into a vault that has none.
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today, createIndex: Boolean(options.apply) });
  if (!options.apply) return { report: analyze(vault).report, applied: [] };
  return mutateVault(
    vault,
    "consolidate",
    (tx): ConsolidateResult => {
      const { report, manifest } = analyze(tx.vault);
      const applied = mergeGroups(vaultDir, report, manifest, options);
      const skipped = applied.skipped.length > 0 ? { skipped: applied.skipped } : {};
      if (applied.changed.length === 0) return { report, applied: [], ...skipped };
      tx.wrote(...applied.changed);
      tx.message(`cortex consolidate: merge ${applied.done.length} near-duplicate atom${applied.done.length === 1 ? "" : "s"}\n\n${applied.done.map((d) => `${d.old} -> ${d.by}`).join("\n")}\n`);
      return { report, applied: applied.done, ...skipped };
    },
    { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS, now: options.now },
  );
}

interface Merged {
  done: { old: string; by: string }[];
  skipped: ConsolidateSkip[];
  changed: string[];
}

function mergeGroups(vaultDir: string, report: ConsolidationReport, manifest: ManifestEntry[], options: ConsolidateOptions): Merged {
  const done: { old: string; by: string }[] = [];
  const skipped: ConsolidateSkip[] = [];
  const changed = new Set<string>();
  const ts = (options.now?.() ?? new Date()).toISOString();
  for (const group of report.duplicates) {
    for (const member of group.merge) {
      const plan = planSupersede(manifest, { old: member.path, by: group.keep });
      const reason = `consolidated: near-duplicate of ${group.keep} (similarity ${member.similarity.toFixed(2)})`;
      let paths: string[];
      try {
        paths = applySupersede(vaultDir, plan, reason, options.today);
      } catch (error) {
        if (!(error instanceof CortexError && error.code === "CHANGED")) throw error;
        skipped.push({ path: member.path, message: error.message });
        continue;
      }
      for (const path of paths) changed.add(path);
      appendVaultEvents(vaultDir, [{ ts, op: "supersede", path: plan.old.path, id: plan.old.id, by: group.keep, reason, via: "consolidate" }]);
      done.push({ old: member.path, by: group.keep });
    }
  }
  return { done, skipped, changed: [...changed].sort(compareStrings) };
}
