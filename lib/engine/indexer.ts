import { join } from "node:path";
import { removeStaleTemps, writeFileAtomic } from "../store/atomic.js";
import { addedOutputs, type AddedIndexFile } from "./added-outputs.js";
import { metaBaseText } from "../store/index-check.js";
import { checkedBytes, notice, notify, readPrevious, readPreviousTexts, readText, type LazyPreviousTexts, type Previous } from "../store/index-previous.js";
import { allOutputs, byWriteOrder, cacheWithTrailer, rebuildOutputs, splicedOutputs, type AtomDelta, type OutputTexts } from "./index-outputs.js";
import { searchDbCurrent, startSearchDbBuild, syncSearchDb, type SearchDbBuildStart } from "./fts-sync.js";
import { readPendingPatches } from "../store/pending.js";
import { writeIndexFiles } from "./pending-outputs.js";
import { keepLinkKeys, type RunGraph } from "./link-keys.js";
import { graphIdentity } from "../store/link-keys.js";
import { keepAliases, type RunManifest } from "./aliases-file.js";
import { manifestIdentity } from "../store/aliases-file.js";
import { withIndexLock } from "../store/lock.js";
import { INDEX_GITIGNORE, OLD_INDEX_GITIGNORES, vaultPaths } from "../store/paths.js";
import { canIndexInParallel, indexInParallel } from "./parallel-index.js";
import type { VaultScan } from "../store/scan.js";
import { scanVault } from "../store/scan-vault.js";
import { beginIndexCheck, finishIndexCheck, indexFilesStamp, metaOf, type IndexCheckOutcome, type SeenBeforeLock } from "./fresh-check.js";
import { cachedScan } from "../store/cached-scan.js";
import { cacheSignature } from "../store/files.js";
import { indexSettingsKey, statCacheHeader, statCachePieces, statLine, type CacheComparison } from "../store/stat-cache.js";

import { atomDelta, collectDiagnostics, readVault, type VaultRead } from "./index-read.js";
import type { IndexCheck, IndexVaultOptions, IndexVaultResult } from "./index-types.js";

export type { IndexCheck, IndexVaultOptions, IndexVaultResult } from "./index-types.js";
export { beginIndexCheck, unchangedIndex } from "./fresh-check.js";

/**
 * Indexes a vault: scans it, parses new and changed files (size or mtime
 * differ from `index/cache.tsv`), and atomically writes the files that
 * change: the five indexes, `index/links.json`, `index/search.tsv`, the layer files and
 * `index/meta.json`. Nothing is written when nothing changed. Bad files never
 * stop the run; they are reported as diagnostics. A run that writes holds the
 * vault lock (see {@link withIndexLock}), waiting up to 15 s for it, and
 * first removes the temporary files a killed run left in `index/` and `layers/`.
 * A full run of 2,000 files or more works on every core (see `indexInParallel`).
 *
 * @throws CortexError (`LOCKED`) when another process holds the lock that long; (`IO`) when the index cannot be written.
 *
 * @example
 * const { vaultDir, config } = loadConfig({ vault: "examples/vault" });
 * const result = indexVault(vaultDir, { config, today: "2026-11-22" });
 */
export function indexVault(vaultDir: string, options: IndexVaultOptions): IndexVaultResult {
  if (options.write === false) return runIndex(vaultDir, options);
  // Nothing changed (the common case of a read): proven without the lock, writing nothing. search.db is checked
  // too (one stat, one row): it may lag the cache after a killed run.
  const check = options.full || options.changed ? abandon(options.check) : finishIndexCheck(options.check ?? beginIndexCheck(vaultDir, options));
  // What a run that was killed left half-written (a 100k full run's temporary files weigh ~100 MB): only files
  // named for processes that are gone, so no lock is needed, and a run killed after all it recorded was
  // written (a search.db it had not yet put in place) leaves nothing for the run under the lock to do.
  const { indexDir, layersDir } = vaultPaths(vaultDir);
  removeStaleTemps(indexDir);
  removeStaleTemps(layersDir);
  if ("result" in check && searchDbCurrent(vaultDir, options.config)) return check.result;
  return withIndexLock(vaultDir, () => {
    // search.db in step with the cache before this run: then it needs only the rows of the files this run records.
    const before = options.full ? null : cacheSignature(vaultPaths(vaultDir).cache);
    const run: RunContext = {};
    try {
      const result = runIndex(vaultDir, options, "seen" in check ? check.seen : null, run);
      const only = result.recorded && before !== null ? { paths: result.recorded, after: before, lines: run.recordedLines } : undefined;
      // After cache.tsv: the full-text index follows the files the index lists (see syncSearchDb).
      result.searchDb = syncSearchDb(vaultDir, { config: options.config, notice: (line) => notice(options, line), full: options.full, build: run.searchDb, only });
      if (result.searchDb.updated > 0 || result.searchDb.removed > 0 || result.searchDb.rebuilt) result.written.push("index/search.db");
      return result;
    } finally {
      run.searchDb?.build.dispose();
    }
  }, { held: options.lock, timeoutMs: options.lockTimeoutMs });
}

// A check begun for a run that makes none (a full run, or one told the paths written): its scan is ended unused.
function abandon(check: IndexCheck | undefined): IndexCheckOutcome {
  if (check?.probe) check.probe.cancel();
  else check?.scan?.finish();
  return { seen: null };
}

/**
 * The way an index run goes, chosen from the last run and the scan before any
 * note is read: a full run on every core, a full run on this thread, or an
 * incremental run over the last run's files (which then splices, inserts or
 * rebuilds the outputs, as the changes found ask).
 */
// `compared`: the comparison of the scan with the cache, when made already (before the lock, or told by the paths written).
type IndexPlan = { strategy: "parallel"; scan: VaultScan } | { strategy: "full"; scan: VaultScan; previous: null } | { strategy: "incremental"; scan: VaultScan; previous: Previous; compared?: CacheComparison | null };

/** What a strategy gives: the result, or the run to fall back to (the threads gave up; the last run's files are damaged). */
type PlanOutcome = IndexVaultResult | { fallBack: "one-thread" | "full"; damage?: string };

/** What a run under the lock hands to the sync of search.db after it: the build its parse fed, if any. */
interface RunContext {
  searchDb?: SearchDbBuildStart;
  /** The cache lines the run wrote for the files it recorded (`result.recorded`), after the cache's header line. */
  recordedLines?: string;
}

// Plans the run, runs the plan, and plans again when a strategy falls back: a full run on one thread after the
// threads gave up, a full run after damage. `seen`: the scan made before the lock (see planIndex).
function runIndex(vaultDir: string, options: IndexVaultOptions, seen: SeenBeforeLock | null = null, context: RunContext = {}): IndexVaultResult {
  const settingsKey = indexSettingsKey(options.config);
  let parallel = true;
  for (;;) {
    const plan = planIndex(vaultDir, options, settingsKey, parallel, seen);
    let outcome: PlanOutcome;
    switch (plan.strategy) {
      case "parallel":
        outcome = indexAllInParallel(vaultDir, plan.scan, settingsKey, options, context) ?? { fallBack: "one-thread" };
        break;
      case "full":
        outcome = indexOnThisThread(vaultDir, plan.scan, plan.previous, settingsKey, options);
        break;
      case "incremental":
        outcome = indexOnThisThread(vaultDir, plan.scan, plan.previous, settingsKey, options, plan.compared, context);
        break;
    }
    if (!("fallBack" in outcome)) return outcome;
    if (outcome.damage) notify(options, outcome.damage);
    if (outcome.fallBack === "one-thread") parallel = false;
    else options = { ...options, full: true };
    seen = null;
  }
}

// `parallel`: a full run may take indexInParallel's path (false after that path gave up). `seen`: the scan made
// before the lock, used when no other run wrote the index since (the cache is still the same text).
function planIndex(vaultDir: string, options: IndexVaultOptions, settingsKey: string, parallel: boolean, seen: SeenBeforeLock | null): IndexPlan {
  const write = options.write !== false;
  // What the check before the lock read and compared, when no run wrote the index since (its identity is the same).
  const unchangedSince = seen && !options.full && write && seen.stamp !== null && seen.stamp === indexFilesStamp(vaultDir) ? seen : null;
  const previous = options.full || !write ? null : unchangedSince ? unchangedSince.previous : readPrevious(vaultDir, settingsKey, options);
  // Told the paths written: the cache stands for every other file (no scan).
  const told = previous && options.changed && !options.full ? cachedScan(vaultDir, previous.cache, options.changed) : null;
  if (previous && told) return { strategy: "incremental", scan: told.scan, previous, compared: told.comparison };
  // A full run opens every file anyway and takes size and mtime from the open file.
  const scan = seen && previous && previous.cache === seen.cache ? seen.scan : scanVault(vaultDir, { stat: previous !== null, expectedFiles: previous?.files ?? 0 });
  if (previous) return { strategy: "incremental", scan, previous, compared: unchangedSince && scan === unchangedSince.scan ? unchangedSince.comparison : undefined };
  if (write && parallel && !options.keepIndexes && canIndexInParallel(scan.files)) return { strategy: "parallel", scan };
  return { strategy: "full", scan, previous: null };
}

// A full or incremental run on this thread (the notes parsed on every core when there are many).
function indexOnThisThread(vaultDir: string, scan: VaultScan, previous: Previous | null, settingsKey: string, options: IndexVaultOptions, compared?: CacheComparison | null, context: RunContext = {}): PlanOutcome {
  const paths = vaultPaths(vaultDir);
  const write = options.write !== false;
  const run = readVault(scan, previous, options, compared);
  if (!run) return { fallBack: "full" };
  const { comparison, fresh, entries } = run;
  const removed = comparison?.removed ?? [];
  const atoms = (comparison?.keptAtoms ?? 0) + fresh.length;
  const meta = metaOf(atoms, settingsKey, options);
  const diagnostics = collectDiagnostics([...comparison?.keptDiagnostics ?? [], ...[...entries.values()].flatMap((e) => e.diagnostics)], run.skipped);
  const result: IndexVaultResult = { atoms, diagnostics, reread: entries.size, reused: run.filePaths.length - entries.size, removed: removed.length, written: [], otherFiles: run.others };
  if (comparison) {
    result.recorded = [...entries.keys(), ...removed.map((r) => r.path)];
    // What search.db's sync after the run reads of the cache for these files (a removed file has no line).
    context.recordedLines = `${statCacheHeader(settingsKey)}${[...entries].map(([path, entry]) => statLine(path, entry)).join("")}`;
  }
  const unchanged = previous !== null && entries.size === 0 && removed.length === 0 && previous.meta.base === metaBaseText(meta);
  if (unchanged && !previous.restat) return result;
  let texts: OutputTexts = new Map();
  // What the run read of the previous graph and manifest, and changed: for the link keys and the aliases file.
  const graph: RunGraph & RunManifest = {};
  if (previous && comparison && !unchanged) {
    const changed = changedOutputs(vaultDir, previous, { ...run, comparison }, metaBaseText(meta), options, result, graph);
    if (typeof changed === "string") return { fallBack: "full", damage: changed };
    texts = changed;
  } else if (!previous) {
    ({ texts, indexes: result.indexes } = allOutputs(fresh, options.today, options.config.layers));
    // What the indexes need of the parsed atoms is in them now: let the rest go before the large writes.
    fresh.length = 0;
  }
  if (!write) return result;
  const patches = previous ? readPendingPatches(vaultDir, previous.meta.files) : {};
  if (typeof patches === "string") return { fallBack: "full", damage: patches };
  const cache = statCachePieces(settingsKey, run.filePaths, entries, previous && comparison ? { text: previous.cache, kept: comparison.kept, bytes: previous.cacheBytes } : undefined);
  const recorded = writeIndexFiles(vaultDir, texts, meta, previous?.meta.files ?? {}, patches, options.config.index.pending, (trailer) => writeFileAtomic(paths.cache, cacheWithTrailer(cache, run.filePaths.length + 1, trailer)));
  result.written = recorded.written;
  keepLinkKeys(vaultDir, graphIdentity(recorded.files, recorded.patches), { whole: result.indexes?.graph, previous: graph.previous, added: graph.added });
  keepAliases(vaultDir, manifestIdentity(recorded.files, recorded.patches), { whole: result.indexes?.manifest, previous: graph.previous, delta: graph.delta });
  writeGitignore(paths.indexDir);
  return result;
}

// The outputs of an incremental run that found changes: spliced, inserted or rebuilt from the previous files (the
// indexes go to `result` when rebuilt); a string names the previous file that is damaged.
// `graph`: what the run read of the previous files and changed, for the link keys and the aliases file (see
// keepLinkKeys, keepAliases).
function changedOutputs(vaultDir: string, previous: Previous, run: VaultRead & { comparison: CacheComparison }, metaBase: string, options: IndexVaultOptions, result: IndexVaultResult, graph: RunGraph & RunManifest): OutputTexts | string {
  const read = readPreviousTexts(vaultDir, previous);
  if (typeof read === "string") return read;
  const { texts: previousTexts, damage } = read;
  const delta = atomDelta(run.fresh, run.entries, run.comparison);
  graph.previous = previousTexts;
  graph.added = delta.added.flatMap((p) => p.targets);
  graph.delta = delta;
  const { today, config } = options;
  // The layers stand unless the day or thresholds changed (the atom count in the meta changes with every addition).
  const layersStale = previous.meta.base !== metaBase && previous.meta.base !== metaBaseText(metaOf(previousAtoms(previous), indexSettingsKey(config), options));
  const spliced = splicedOutputs(previousTexts, delta, today, config.layers, layersStale) ?? addedOnly(vaultDir, previousTexts, delta, options, previous, layersStale);
  // graph.json, read only when a way needed it, failed its check: the index is rebuilt whole, as before.
  if (damage()) return damage()!;
  if (spliced) return spliced;
  const graphBytes = previousTexts.graph();
  if (!graphBytes) return damage()!;
  const rebuilt = rebuildOutputs({ ...previousTexts, graph: graphBytes }, delta, today, config.layers);
  result.indexes = rebuilt.indexes;
  return rebuilt.texts;
}

// The atom count the last run's meta.json records.
function previousAtoms(previous: Previous): number {
  try {
    return Number((JSON.parse(previous.meta.base) as { atoms?: unknown }).atoms);
  } catch {
    return NaN;
  }
}

// A full run of many files on every core (see indexInParallel); null when it gave up. It takes the scan's files
// (`scan.files` is left empty), so that they can be let go once read: 100k of them are ~20 MB. When search.db is to
// be built whole, the parse makes its rows too (`run.searchDb`, finished by the sync after the run).
function indexAllInParallel(vaultDir: string, scan: VaultScan, settingsKey: string, options: IndexVaultOptions, run: RunContext): IndexVaultResult | null {
  const total = scan.files.length;
  const onProgress = options.onProgress && ((done: number) => options.onProgress!(done, total));
  onProgress?.(0);
  const meta = (atoms: number) => metaOf(atoms, settingsKey, options);
  run.searchDb = startSearchDbBuild(vaultDir, options.config, options.full === true) ?? undefined;
  const index = indexInParallel(vaultDir, scan.files.splice(0), { config: options.config, today: options.today, settingsKey, meta, onProgress, searchDb: run.searchDb?.build });
  if (!index) {
    run.searchDb?.build.dispose();
    run.searchDb = undefined;
    return null;
  }
  writeGitignore(vaultPaths(vaultDir).indexDir);
  const diagnostics = collectDiagnostics(index.diagnostics, scan.skipped);
  // Reported in the order of a one-thread run, whatever order the threads finished in.
  return { atoms: index.atoms, diagnostics, reread: total, reused: 0, removed: 0, written: index.written.sort(byWriteOrder), otherFiles: scan.others };
}

// The outputs when atoms were only added (see addedOutputs); null otherwise, or when a file it needs is missing.
// The files it reads, each only when the addition changes it, are held to their checks: one that fails is rebuilt
// with the rest. `layersStale`: the layers are rebuilt whole (another day or thresholds), else each new atom goes
// into its layer file.
function addedOnly(vaultDir: string, previous: LazyPreviousTexts, delta: AtomDelta, options: IndexVaultOptions, run: Previous, layersStale: boolean): OutputTexts | null {
  if (delta.added.length === 0 || delta.changed.length > 0 || delta.removed.length > 0) return null;
  const checked = (rel: string) => {
    const bytes = checkedBytes(vaultDir, rel, run.meta.files);
    return typeof bytes === "string" ? null : bytes;
  };
  const read = (name: AddedIndexFile) => (name === "graph" ? previous.graph() : checked(`index/${name}.json`));
  const layer = layersStale ? undefined : (name: string) => checked(`layers/${name}.json`);
  return addedOutputs({ manifest: previous.manifest, search: previous.search, read, layer, linkKeys: previous.linkKeys, aliases: previous.aliases }, delta, options.today, options.config.layers);
}

// index/.gitignore when missing, or when it is one cortex wrote before (a user's own is left alone).
function writeGitignore(indexDir: string): void {
  const file = join(indexDir, ".gitignore");
  const text = readText(file);
  if (text === null || OLD_INDEX_GITIGNORES.includes(text)) writeFileAtomic(file, INDEX_GITIGNORE);
}
