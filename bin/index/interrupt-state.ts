import type { Diagnostic } from "../../lib/core/atoms/types.js";

/**
 * The state an index run in a worker shares with the CLI's thread (an
 * Int32Array over a SharedArrayBuffer, slot 0), so that Ctrl-C and the run's
 * last read cannot both win: the CLI moves it from READING to INTERRUPTED,
 * the worker from READING to WRITING before it writes the first index file.
 */
export const READING = 0;
/** The run has read every note and writes the index: it is let finish. */
export const WRITING = 1;
/** Ctrl-C came first: nothing has been replaced, and the run is ended. */
export const INTERRUPTED = 2;

/** What the CLI's thread asks the index worker. */
export interface IndexTask {
  /** What `openVault` needs: the vault folder, the day, the env and cwd read at the edge. */
  open: { vault: string; today: string; env: Record<string, string | undefined>; cwd: string };
  full?: boolean;
  state: Int32Array;
}

/** The worker's messages: progress, a notice, the result, or an error. */
export type IndexMessage =
  | { progress: [done: number, total: number] }
  | { notice: string }
  | { result: { atoms: number; diagnostics: Diagnostic[]; reread: number; reused: number; removed: number; written: string[] } }
  | { error: { code?: string; message: string } };
