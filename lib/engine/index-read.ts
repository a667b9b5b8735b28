import type { Diagnostic, ParsedAtom } from "../core/atoms/types.js";
import { compareStrings } from "../core/util/compare.js";
import type { Previous } from "../store/index-previous.js";
import type { VaultFile, VaultScan } from "../store/scan.js";
import { compareWithCache, type CacheComparison, type StatEntry } from "../store/stat-cache.js";
import type { AtomDelta } from "./index-outputs.js";
import type { IndexVaultOptions } from "./index-types.js";
import { readAtomFilesParallel } from "./parallel-parse.js";

/** What {@link readVault} keeps of a scan: paths, not the file records (100k of them). */
export interface VaultRead {
  filePaths: string[];
  skipped: { path: string; reason: string }[];
  others: string[];
  comparison: CacheComparison | null;
  fresh: ParsedAtom[];
  entries: Map<string, StatEntry>;
}

/**
 * Compares the scan with the last run's cache and parses what changed; null
 * when the cache is damaged (a full run follows). `compared`: the comparison
 * of this scan with this cache, made already.
 */
export function readVault(scan: VaultScan, previous: Previous | null, options: IndexVaultOptions, compared?: CacheComparison | null): VaultRead | null {
  const comparison = previous && (compared !== undefined ? compared : compareWithCache(previous.cache, scan.files));
  if (previous && !comparison) return null;
  const { fresh, entries } = readChangedFiles(comparison?.changed ?? scan.files, scan.files.length, options);
  return { filePaths: scan.files.map((f) => f.path), skipped: scan.skipped, others: scan.others, comparison, fresh, entries };
}

// Parses the given files (on every core when there are many) and makes their stat entries.
function readChangedFiles(jobs: readonly VaultFile[], total: number, options: IndexVaultOptions): { fresh: ParsedAtom[]; entries: Map<string, StatEntry> } {
  const before = total - jobs.length;
  options.onProgress?.(before, total);
  const results = readAtomFilesParallel(jobs, options.config, { onProgress: options.onProgress && ((done) => options.onProgress!(before + done, total)) });
  const fresh: ParsedAtom[] = [];
  const entries = new Map<string, StatEntry>();
  jobs.forEach((file, i) => {
    const read = results[i]!;
    if (read.atom) fresh.push(read.atom);
    const diagnostics = read.atom ? read.atom.diagnostics : [read.diagnostic];
    entries.set(file.path, { mtimeMs: read.stat?.mtimeMs ?? file.mtimeMs, size: read.stat?.size ?? file.size, skipped: !read.atom, diagnostics });
  });
  options.onProgress?.(total, total);
  return { fresh, entries };
}

/** What changed among the atoms: those added, changed and removed (a file that became binary is removed). */
export function atomDelta(fresh: ParsedAtom[], entries: ReadonlyMap<string, StatEntry>, comparison: CacheComparison): AtomDelta {
  const delta: AtomDelta = { changed: [], added: [], removed: comparison.removed.filter((r) => r.wasAtom).map((r) => r.path) };
  for (const parsed of fresh) (comparison.wasAtom.get(parsed.atom.path) ? delta.changed : delta.added).push(parsed);
  // A file that was an atom and is now skipped (it became binary) is removed too.
  for (const [path, entry] of entries) if (entry.skipped && comparison.wasAtom.get(path)) delta.removed.push(path);
  return delta;
}

/** The run's problems with the skipped files' own, by path then line. */
export function collectDiagnostics(read: readonly Diagnostic[], skipped: readonly { path: string; reason: string }[]): Diagnostic[] {
  const all = [...read];
  for (const s of skipped) all.push({ file: s.path, line: 1, rule: "skipped", message: s.reason, severity: "warning" });
  return all.sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line);
}
