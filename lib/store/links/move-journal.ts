import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { checkOf, matchesCheck, type FileCheck } from "../digest.js";
import { writeFileAtomic } from "../atomic.js";
import { killPoint } from "../kill-point.js";
import { vaultPaths } from "../paths.js";
import { readForRewrite } from "../rewrite.js";
import { readTextOrNull, sameFile } from "../files.js";
import { applyEdits, type TextEdit } from "../../core/links/edits.js";

/**
 * `index/mv-journal.json`: the plan of a move, written (atomically) before
 * the rename and removed once every file is rewritten, so that a move that
 * was killed or failed (a full disk) can be finished by the next `mv`,
 * `index` or `check`: the file to rename, and each file whose links change
 * with its bytes before and after and the edits between them. A file is
 * rewritten only while it still holds the bytes the plan was made from.
 */
export interface MoveJournal {
  format: 1;
  from: string;
  to: string;
  /** The moved file's bytes (at `from`, then at `to`). */
  moved: FileCheck;
  files: JournalFile[];
}

/** A file of a move whose links change. */
export interface JournalFile {
  /** Its path once the atom is moved (the moved file itself is at `to`). */
  path: string;
  before: FileCheck;
  after: FileCheck;
  edits: Pick<TextEdit, "start" | "end" | "text">[];
}

/** What finishing a move did. */
export interface MoveCompletion {
  from: string;
  to: string;
  /** Files rewritten now (paths as after the move). */
  written: string[];
  /** Files that hold neither the planned bytes nor the rewritten ones: left alone, their links to `from` may be broken. */
  skipped: string[];
  /** Why the move could not be finished at all (its files were left as they are), if it could not. */
  failed?: string;
}

const JOURNAL_FORMAT = 1;

/** Where the journal of a vault's move is kept. */
export function journalPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "mv-journal.json");
}

/** A journal for moving `from` (whose bytes are `moved`) to `to`, with each file's text before and its edits. */
export function moveJournal(from: string, to: string, moved: Uint8Array, files: readonly { path: string; bytes: Uint8Array; text: string; edits: readonly TextEdit[] }[]): MoveJournal {
  return {
    format: JOURNAL_FORMAT,
    from,
    to,
    moved: checkOf(moved),
    files: files.map((f) => ({ path: f.path, before: checkOf(f.bytes), after: checkOf(Buffer.from(applyEdits(f.text, f.edits))), edits: f.edits.map(({ start, end, text }) => ({ start, end, text })) })),
  };
}

/**
 * Carries out a move from its journal, which must already be written: the
 * rename (unless done), then each file's rewrite (unless done, or the file
 * changed since), then the journal is removed. Idempotent: a run killed at
 * any point is finished by calling this again. Call it under the vault lock.
 *
 * @throws CortexError (`IO`) when a file cannot be written (the journal stays, for the next run).
 */
export function runMoveJournal(vaultDir: string, journal: MoveJournal): MoveCompletion {
  const done: MoveCompletion = { from: journal.from, to: journal.to, written: [], skipped: [] };
  const failed = renameOnce(vaultDir, journal);
  if (failed) {
    rmSync(journalPath(vaultDir), { force: true });
    return { ...done, failed };
  }
  killPoint("mv:renamed");
  for (const file of journal.files) {
    const outcome = rewriteOnce(join(vaultDir, file.path), file);
    if (outcome === "written") {
      done.written.push(file.path);
      killPoint("mv:rewrote");
    } else if (outcome === "changed") done.skipped.push(file.path);
  }
  rmSync(journalPath(vaultDir), { force: true });
  return done;
}

// The rename, unless it is done already; a reason when it can be neither done nor found done.
function renameOnce(vaultDir: string, journal: MoveJournal): string | undefined {
  const from = join(vaultDir, journal.from);
  const to = join(vaultDir, journal.to);
  const [fromThere, toThere] = [existsSync(from), existsSync(to)];
  if (toThere && !fromThere) return undefined;
  if (!fromThere) return `${journal.from} is gone and ${journal.to} is not there`;
  // Both names one file: a rename that changes only the case, on a disk that ignores case.
  if (toThere && !(journal.from.toLowerCase() === journal.to.toLowerCase() && sameFile(from, to))) return `${journal.from} and ${journal.to} both exist`;
  let bytes: Buffer;
  try {
    bytes = readFileSync(from);
  } catch (error) {
    return `${journal.from} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  if (!matchesCheck(bytes, journal.moved)) return `${journal.from} changed since the move was planned`;
  mkdirSync(dirname(to), { recursive: true });
  renameSync(from, to);
  return undefined;
}

// Rewrites one file if it still holds the planned bytes; "done" when it already holds the rewritten ones.
function rewriteOnce(file: string, planned: JournalFile): "written" | "done" | "changed" {
  const read = readForRewrite(file);
  if (!read) return "changed";
  if (matchesCheck(read.bytes, planned.after)) return "done";
  if (!matchesCheck(read.bytes, planned.before)) return "changed";
  writeFileAtomic(file, applyEdits(read.text, planned.edits.map((e) => ({ ...e, line: 0 }))));
  return "written";
}

/** Writes the journal (atomically), before anything of the move is done. */
export function writeMoveJournal(vaultDir: string, journal: MoveJournal): void {
  writeFileAtomic(journalPath(vaultDir), `${JSON.stringify(journal)}\n`);
  killPoint("mv:journal");
}

/**
 * Finishes the move a killed or failed `cortex mv` left (see
 * {@link MoveJournal}); null when there is none. A journal that cannot be
 * read is removed, and said so in `failed`. Call it under the vault lock.
 *
 * @throws CortexError (`IO`) when a file cannot be written (the journal stays).
 */
export function finishInterruptedMove(vaultDir: string): MoveCompletion | null {
  const file = journalPath(vaultDir);
  const text = readTextOrNull(file);
  if (text === null) return null;
  const journal = parseJournal(text);
  if (journal) return runMoveJournal(vaultDir, journal);
  rmSync(file, { force: true });
  return { from: "?", to: "?", written: [], skipped: [], failed: "index/mv-journal.json is damaged" };
}

function parseJournal(text: string): MoveJournal | null {
  try {
    const j = JSON.parse(text) as MoveJournal;
    const ok = j.format === JOURNAL_FORMAT && typeof j.from === "string" && typeof j.to === "string" && typeof j.moved?.crc32 === "string" && Array.isArray(j.files);
    return ok ? j : null;
  } catch {
    return null;
  }
}
