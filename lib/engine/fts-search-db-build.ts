import { dirname } from "node:path";
import { discardFile, renameFile } from "../store/files.js";
import { CortexError } from "../core/errors.js";
import { ensureDir, tempPathFor } from "../store/atomic.js";
import { killPoint } from "../store/kill-point.js";
import { WorkerPool, type PoolReply } from "../store/worker-pool.js";
import { ROWS_FAILED } from "./parallel-parse.js";
import { rowChunkBuffers, type RowChunk } from "./fts-row-wire.js";

/**
 * A task of the build's worker (its id: the chunk's number, or the number of
 * chunks for the end): a chunk's rows, or the end, with the cache's identity.
 * The worker pulses as it inserts a chunk, and replies to the end with the
 * rows written once the database is whole and closed (or with an error).
 */
export type SearchDbTask = { rows: RowChunk } | { signature: string };

/** Options of {@link SearchDbBuild.start}. */
export interface SearchDbBuildOptions {
  /** The worker's script. Default: search-db-worker.js (tests give one that dies). */
  script?: URL;
  /** A build that has inserted nothing for this long is taken for dead. Default 15 s. */
  stallMs?: number;
}

/**
 * A whole `search.db` built on its own thread from rows that another
 * thread's parse made (the full index run's parse workers, see
 * `indexInParallel`), so that a full run reads and parses every note once
 * and inserts the rows while this thread writes the other index files. The
 * rows go in in chunk order (path order), into a temporary file that
 * {@link SearchDbBuild.finish} puts in place once the index's cache is
 * written. The workers making rows keep pace with it through {@link gate}
 * (see `ROWS_INSERTED`), so the rows waiting in between stay few.
 */
export class SearchDbBuild {
  private readonly stallMs: number;
  private chunks = 0;
  private settled = false;

  private constructor(
    private readonly pool: WorkerPool,
    private readonly temp: string,
    /** The cells shared with the thread and the parse workers: `ROWS_INSERTED`, `ROWS_FAILED`. */
    readonly gate: Int32Array,
    options: SearchDbBuildOptions,
  ) {
    this.stallMs = options.stallMs ?? 15_000;
  }

  /**
   * Starts the thread, which creates the database (empty, of this format
   * and settings) in a temporary file beside `file`. Null when workers are
   * not available (from TypeScript sources in development) or it cannot start.
   */
  static start(file: string, settingsKey: string, options: SearchDbBuildOptions = {}): SearchDbBuild | null {
    const temp = tempPathFor(file);
    try {
      ensureDir(dirname(file));
    } catch {
      return null;
    }
    const gate = new Int32Array(new SharedArrayBuffer(8));
    const script = options.script ?? new URL("./fts-search-db-worker.js", import.meta.url);
    // A young generation of 16 MB: the rows are bytes outside the heap, and what the thread allocates lives one chunk.
    const pool = WorkerPool.start({ script, data: () => ({ file: temp, settingsKey, gate }), resourceLimits: { maxYoungGenerationSizeMb: 16 } });
    return pool ? new SearchDbBuild(pool, temp, gate, options) : null;
  }

  /** Whether the thread failed (or was taken for dead): its rows are not wanted any more. */
  get failed(): boolean {
    return Atomics.load(this.gate, ROWS_FAILED) !== 0;
  }

  /** Hands over the rows of chunk `chunk` (moved, not copied). Every chunk is handed over once, empty or not. */
  put(chunk: number, rows: RowChunk): void {
    this.chunks++;
    if (!this.failed) this.pool.post(1, chunk, { rows } satisfies SearchDbTask, rowChunkBuffers(rows));
  }

  /**
   * Says that every chunk is handed over and that the rows are in step with
   * the index's cache file of this identity (see `syncSearchDb`), waits
   * until they are written, and puts the database in place as `file`.
   * Returns the rows written, or null when the thread failed or stalled (it
   * is stopped and its file removed).
   *
   * @throws CortexError (`IO`) when the file cannot be put in place.
   */
  finish(file: string, signature: string): number | null {
    if (!this.failed) this.pool.post(1, this.chunks, { signature } satisfies SearchDbTask);
    const written = this.waitDone();
    if (written === null) {
      this.dispose();
      return null;
    }
    this.settled = true;
    this.pool.terminate();
    killPoint("search.db:rebuilt");
    try {
      // A journal left by a killed update belongs to the old file: it must not be played back into the new one.
      discardFile(`${file}-journal`);
      renameFile(this.temp, file);
    } catch (error) {
      discardFile(this.temp);
      throw new CortexError("IO", `cannot write ${file}: ${(error as Error).message}`, { cause: error });
    }
    return written;
  }

  /** Stops the thread and removes its file, unless it was put in place. */
  dispose(): void {
    if (this.settled) return;
    this.settled = true;
    Atomics.store(this.gate, ROWS_FAILED, 1);
    this.pool.terminate();
    discardFile(this.temp);
  }

  // The rows written, once the thread replies to the end; null when it failed or inserted nothing for stallMs.
  private waitDone(): number | null {
    const replies: PoolReply[] = [];
    this.pool.waitUntil(() => replies.length > 0 || this.failed, { stallMs: this.stallMs }, (reply) => replies.push(reply));
    const end = replies[0];
    return end !== undefined && end.error === undefined ? (end.result as number) : null;
  }
}
