import type { Atom } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { DOC_COLUMNS, type DocColumn, type IndexDb } from "../store/index-db.js";
import { changesLayerEntry, exportsOfColumns, listingLayerFiles } from "./exports.js";
import { killPoint } from "../store/kill-point.js";
import { exportedAs, markStale, type ExportedAs } from "../store/stale-exports.js";
import type { VaultFile, VaultScan } from "../store/scan.js";
import { PARALLEL_THRESHOLD, readNotes, recordedMtimeUs, type NoteRead } from "./note-reads.js";
import { linksCurrent } from "../store/resolved-links.js";

// What the resolved links depend on: which atoms there are (`path`), their aliases and their link targets.
const LINK_COLUMNS: readonly DocColumn[] = ["path", "aliases", "targets"];

/** What differs between the files on disk and what the database records. */
export interface FileChanges {
  /** Files new or changed (size or mtime), to read; sorted by path. */
  changed: VaultFile[];
  /** Recorded paths that are no longer markdown files of the vault. */
  removed: string[];
  /** How many recorded files are as recorded (not read). */
  unchanged: number;
}

/**
 * Compares a scan with the database's `files`, both in path order: file by
 * file while they list the same paths (an edit keeps them in step, so the
 * common cases make no lookup table), by path from the first file that came
 * or went (or that the two orders place differently).
 */
export function changedFiles(db: IndexDb, scan: VaultScan): FileChanges {
  const recorded = db.fileVersions();
  const files = scan.files;
  const same = (file: VaultFile, i: number) => recorded.mtimesUs[i] === recordedMtimeUs(file.mtimeMs) && recorded.sizes[i] === file.size;
  const changed: VaultFile[] = [];
  let i = 0;
  for (; i < files.length && recorded.paths[i] === files[i]!.path; i++) if (!same(files[i]!, i)) changed.push(files[i]!);
  const at = new Map<string, number>();
  for (let j = i; j < recorded.paths.length; j++) at.set(recorded.paths[j]!, j);
  for (; i < files.length; i++) {
    const j = at.get(files[i]!.path);
    if (j === undefined || !same(files[i]!, j)) changed.push(files[i]!);
    at.delete(files[i]!.path);
  }
  return { changed, removed: [...at.keys()], unchanged: files.length - changed.length };
}

/**
 * Records `changes` in one transaction: each changed file read, parsed and
 * put (its row of `files`, and its atom's row and text when it is one), each
 * removed one forgotten, the generation counted up. The notes are read while
 * the transaction is open (on worker threads when there are many, their rows
 * inserted here as they come), so a run killed at any point leaves the
 * database as it was before. Returns whether anything was recorded.
 */
export function syncFiles(db: IndexDb, changes: FileChanges, config: CortexConfig, onProgress?: (done: number, total: number) => void): boolean {
  if (changes.changed.length === 0 && changes.removed.length === 0) return false;
  const before = changes.unchanged;
  const total = before + changes.changed.length;
  onProgress?.(before, total);
  // A database of generation 0 has recorded nothing yet: its rows need no look-up before they are put.
  const fresh = db.generation() === 0;
  // The resolved links stay current when no atom came or went and none changed its aliases or targets.
  const linked = linksCurrent(db);
  const stale = new ExportsReached(db);
  const record = () => {
    for (const path of changes.removed) {
      const was = exportedAs(db, path);
      if (db.removeFile(path)) stale.note(DOC_COLUMNS, was, undefined);
    }
    const put = (read: NoteRead) => {
      const was = fresh ? undefined : exportedAs(db, read.file.path);
      stale.note(db.putFile(read.file, read.parsed, fresh), was, read.parsed?.atom);
    };
    readNotes(changes.changed, config, put, { onProgress: onProgress && ((done) => onProgress(before + done, total)) });
    const generation = String(db.generation() + 1);
    db.setMeta("generation", generation);
    if (linked && !LINK_COLUMNS.some((column) => stale.columns.has(column))) db.setMeta("linked", generation);
    markStale(db, stale.files());
    killPoint("index:rows");
  };
  db.transaction(() => (changes.changed.length >= PARALLEL_THRESHOLD ? db.withLargeInserts(record) : record()));
  killPoint("index/cortex.db");
  return true;
}

// The exports a sync's changes reach, to list as stale: those of the columns that changed (see exportsOfColumns), the
// layer files that listed a changed atom and list it now, and links.json when an atom with links is gone (putLinks
// compares the links of the atoms that remain, so it never sees those).
class ExportsReached {
  readonly columns = new Set<DocColumn>();
  readonly #files = new Set<string>();
  readonly #layerOf: (entry: Pick<Atom, "updated" | "status">) => readonly string[];

  constructor(db: IndexDb) {
    this.#layerOf = listingLayerFiles(db);
  }

  // One file's change: the columns its row changed, what the row said before (none: no atom) and the atom it holds now.
  note(changed: readonly DocColumn[], was: ExportedAs | undefined, now: Atom | undefined): void {
    for (const column of changed) this.columns.add(column);
    if (was?.linking && !now) this.#files.add("index/links.json");
    if (!changesLayerEntry(changed)) return;
    for (const entry of [was, now]) if (entry) for (const file of this.#layerOf(entry)) this.#files.add(file);
  }

  files(): string[] {
    return [...exportsOfColumns(this.columns), ...this.#files];
  }
}
