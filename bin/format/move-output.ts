import { journalPath, type MoveCompletion } from "../../lib/store/links/move-journal.js";
import { fileExists } from "../../lib/store/files.js";

/**
 * Finishes the move a killed or failed `cortex mv` left in `vaultDir`, if
 * any (for `index` and `check`), and returns the lines to print on stderr.
 */
export async function finishPendingMoveLines(vaultDir: string): Promise<string[]> {
  if (!fileExists(journalPath(vaultDir))) return [];
  // Loaded only when there is a move to finish: it brings the link resolver.
  const { finishPendingMove } = await import("../../lib/app/links/move-vault.js");
  const done = await finishPendingMove(vaultDir);
  return done ? finishedMoveLines(done) : [];
}

/**
 * The lines (for stderr) about a move a killed or failed `cortex mv` left,
 * finished (or not) by this command: what was done, each file left alone,
 * or why it could not be finished.
 */
export function finishedMoveLines(done: MoveCompletion): string[] {
  const move = done.from === "?" ? "an interrupted move" : `the interrupted move ${done.from} → ${done.to}`;
  if (done.failed) return [`cortex: ${move} cannot be finished: ${done.failed}; links to ${done.from === "?" ? "it" : done.from} may be broken (cortex check lists them)`];
  const lines = [`cortex: finished ${move} (${done.written.length} file${done.written.length === 1 ? "" : "s"} rewritten)`];
  for (const path of done.skipped) lines.push(`${path}:1 mv-skipped the file changed since the move was planned; its references to ${done.from} were not rewritten`);
  return lines;
}
