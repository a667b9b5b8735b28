import { join, posix } from "node:path";
import type { ChangeOptions } from "../../core/write/types.js";
import { CortexError } from "../../core/errors.js";
import { mutateVault } from "../handle/mutate.js";
import { VaultHandle } from "../handle/vault-handle.js";
import type { MutationOutcome } from "../../core/git/types.js";
import { compareStrings } from "../../core/util/compare.js";
import { resolveAtomRefOnDisk } from "../../store/refs.js";
import { withVaultLock } from "../../store/lock.js";
import { readForRewrite, type ReadForRewrite } from "../../store/rewrite.js";
import { checkFolderOnDisk } from "../../store/write/folder.js";
import { finishInterruptedMove, journalPath, moveJournal, runMoveJournal, writeMoveJournal, type MoveCompletion } from "../../store/links/move-journal.js";
import { affectedSources, planMove, type MoveFileEdits } from "../../core/links/move.js";
import { loadVaultLinks } from "./vault-links.js";
import { fileExists, isDirectory, pathTaken, readFileBytes, sameFile } from "../../store/files.js";

/** Options of {@link moveAtom}. */
export type MoveOptions = Pick<ChangeOptions, "config" | "today" | "dryRun" | "commit">;

/** What {@link moveAtom} did (or would do). */
export interface MoveResult extends MutationOutcome {
  from: string;
  to: string;
  /** Reference rewrites by file (paths as before the move). */
  changes: MoveFileEdits[];
  /** Files written (paths as after the move), the moved file first. */
  written: string[];
  /** Files that changed while the move ran and were left alone: their links to the old path may now be broken. */
  skipped: string[];
  /** A move a killed or failed run left, finished before this one. */
  finished?: MoveCompletion;
}

/**
 * Moves or renames an atom and rewrites every reference to it (see
 * {@link planMove}), so that no link breaks. Holds the vault lock; the plan
 * is written to `index/mv-journal.json`, the file is renamed (mtime kept),
 * then each referencing file is re-read and rewritten atomically if it still
 * holds the bytes planned from. A move a killed or failed run left is
 * finished first (see `finishInterruptedMove`). `to` is a vault-relative path (`.md` added when missing) or an
 * existing folder (ending in `/`) to move into.
 *
 * @throws CortexError `NOT_FOUND`/`AMBIGUOUS` for `fromRef`, `BAD_ARGUMENT` for a bad or taken `to`, `VALIDATION` (rule `dir-symlink`, `dir-not-folder`) for a `to` through a symbolic link or a file, `IO` when the rename fails.
 * @example await moveAtom(vaultDir, "inbox/idea.md", "projects/", { config, today });
 */
export async function moveAtom(vaultDir: string, fromRef: string, toArg: string, options: MoveOptions): Promise<MoveResult> {
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  return mutateVault(
    vault,
    "mv",
    (tx) => {
      // A move that a killed or failed run left is finished first; asked for again, it is then done.
      const finished = options.dryRun ? null : finishInterruptedMove(vaultDir);
      if (finished && !finished.failed && isSameMove(finished, fromRef)) {
        tx.wrote(finished.from, finished.to, ...finished.written);
        return { from: finished.from, to: finished.to, changes: [], written: finished.written, skipped: finished.skipped, finished };
      }
      try {
        const result: MoveResult = { ...moveNow(tx.vault, fromRef, toArg, options), ...(finished ? { finished } : {}) };
        const { from, to } = result;
        if (!options.dryRun) tx.wrote(from, to, ...result.written.filter((p) => p !== to));
        tx.message(`cortex mv: ${from} -> ${to}`);
        return result;
      } catch (error) {
        if (!finished || !(error instanceof CortexError)) throw error;
        throw new CortexError(error.code, `finished the interrupted move ${finished.from} → ${finished.to} first; then: ${error.message}`, { cause: error });
      }
    },
    { commit: options.commit, dryRun: options.dryRun },
  );
}

// The move under the lock: planned, its plan written to index/mv-journal.json, carried out (the transaction then
// updates the index once).
function moveNow(vault: VaultHandle, fromRef: string, toArg: string, options: MoveOptions): MoveResult {
  const { vaultDir } = vault;
  const index = loadVaultLinks(vault).index;
  const manifest = index.indexes.manifest;
  const from = resolveAtomRefOnDisk(vaultDir, manifest, fromRef);
  const to = targetPath(vaultDir, from, toArg);
  // Only notes whose links the move can change are read; MEMORY.md is not in the graph, so it is always read.
  const affected = affectedSources(index.indexes.graph, manifest, from, to, index.otherFiles);
  const sources = [...affected, ...index.otherFiles.filter((p) => p.toLowerCase().endsWith(".md"))].sort(compareStrings);
  const texts = new Map<string, ReadForRewrite>();
  for (const path of sources) {
    const read = readForRewrite(join(vaultDir, path));
    if (read) texts.set(path, read);
  }
  const changes = planMove([...texts].map(([path, r]) => ({ path, text: r.text })), manifest, from, to, index.otherFiles);
  if (options.dryRun) return { from, to, changes, written: [], skipped: [] };
  // From here on, a run that is killed or fails is finished by the next mv, index or check.
  const files = changes.map((c) => ({ path: c.path === from ? to : c.path, ...texts.get(c.path)!, edits: c.edits }));
  const journal = moveJournal(from, to, readFileBytes(join(vaultDir, from)), files);
  writeMoveJournal(vaultDir, journal);
  const done = runMoveJournal(vaultDir, journal);
  if (done.failed) throw new CortexError("IO", `cannot move ${from}: ${done.failed}`);
  return { from, to, changes, written: done.written, skipped: done.skipped };
}

function isSameMove(finished: MoveCompletion, fromRef: string): boolean {
  const ref = fromRef.trim().replace(/\\/g, "/").replace(/^\.\//, "");
  return ref === finished.from || `${ref}.md` === finished.from;
}

/**
 * Finishes the move a killed or failed `cortex mv` left, under the vault
 * lock (taken only when there is one); null when there is none. Never
 * throws: a move that cannot be finished is said so in `failed`.
 */
export async function finishPendingMove(vaultDir: string): Promise<MoveCompletion | null> {
  if (!fileExists(journalPath(vaultDir))) return null;
  try {
    return await withVaultLock(vaultDir, () => finishInterruptedMove(vaultDir));
  } catch (error) {
    return { from: "?", to: "?", written: [], skipped: [], failed: `${(error as Error).message}; index/mv-journal.json is kept for the next run` };
  }
}

// The vault-relative path the atom goes to; throws for a path outside the vault, not markdown, or taken.
function targetPath(vaultDir: string, from: string, toArg: string): string {
  let to = toArg.trim().replace(/\\/g, "/").replace(/^\.\//, "");
  const abs = join(vaultDir, to);
  if (to.endsWith("/") || isDirectory(abs)) to = `${to.replace(/\/+$/, "")}/${posix.basename(from)}`;
  else if (!to.toLowerCase().endsWith(".md")) to = `${to}.md`;
  to = posix.normalize(to).replace(/^\/+/, "");
  const bad = (why: string) => new CortexError("BAD_ARGUMENT", `cannot move to ${JSON.stringify(toArg)}: ${why}`);
  if (to.startsWith("../") || to === ".." || posix.isAbsolute(toArg)) throw bad("it is outside the vault");
  if (to.split("/").some((part) => part.startsWith("."))) throw bad("hidden folders are not part of the vault");
  if (/^(index|layers)\//.test(to) || to === "MEMORY.md") throw bad("that path is the tool's own (index/, layers/, MEMORY.md)");
  if (to === from) throw bad("it is where the atom already is");
  // A folder that is a symbolic link would take the note out of the vault (or nowhere, when dangling).
  if (posix.dirname(to) !== ".") checkFolderOnDisk(vaultDir, posix.dirname(to), "to");
  // Names cannot tell a case-only rename on a case-insensitive disk (one file) from two notes whose names differ in case.
  const caseOnly = to.toLowerCase() === from.toLowerCase();
  if (pathTaken(join(vaultDir, to)) && !(caseOnly && sameFile(join(vaultDir, from), join(vaultDir, to)))) throw bad(`${to} already exists`);
  return to;
}
