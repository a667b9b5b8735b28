import { dirname } from "node:path";
import { discardFile, renameFile } from "../store/files.js";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { CortexError } from "../core/errors.js";
import { ensureDir, tempPathFor } from "../store/atomic.js";
import { killPoint } from "../store/kill-point.js";
import { ROWS_FAILED } from "./parallel-parse.js";
import { rowChunkBuffers, type RowChunk } from "./fts-row-wire.js";

/** Shared cell: non-zero once the database is written whole and closed. */
export const BUILD_DONE = 2;
/** Shared cell: rows inserted so far. */
export const BUILD_ROWS = 3;

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
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly temp: string,
    /** The cells shared with the thread and the parse workers: `ROWS_INSERTED`, `ROWS_FAILED`, {@link BUILD_DONE}, {@link BUILD_ROWS}. */
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
    if (import.meta.url.endsWith(".ts")) return null;
    const temp = tempPathFor(file);
    const { port1, port2 } = new MessageChannel();
    try {
      ensureDir(dirname(file));
      const gate = new Int32Array(new SharedArrayBuffer(16));
      const script = options.script ?? new URL("./fts-search-db-worker.js", import.meta.url);
      // A young generation of 16 MB: the rows are bytes outside the heap, and what the thread allocates lives one chunk.
      const worker = new Worker(script, { workerData: { file: temp, settingsKey, port: port2, gate }, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: 16 } });
      // A thread that dies shows as no progress; see finish().
      worker.on("error", () => {});
      worker.unref();
      return new SearchDbBuild(worker, port1, temp, gate, options);
    } catch {
      return null;
    }
  }

  /** Whether the thread failed (or was taken for dead): its rows are not wanted any more. */
  get failed(): boolean {
    return Atomics.load(this.gate, ROWS_FAILED) !== 0;
  }

  /** Hands over the rows of chunk `chunk` (moved, not copied). Every chunk is handed over once, empty or not. */
  put(chunk: number, rows: RowChunk): void {
    this.chunks++;
    if (!this.failed) this.port.postMessage({ chunk, rows }, rowChunkBuffers(rows));
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
    if (!this.failed) this.port.postMessage({ chunks: this.chunks, signature });
    if (!this.waitDone()) {
      this.dispose();
      return null;
    }
    this.settled = true;
    killPoint("search.db:rebuilt");
    try {
      // A journal left by a killed update belongs to the old file: it must not be played back into the new one.
      discardFile(`${file}-journal`);
      renameFile(this.temp, file);
    } catch (error) {
      discardFile(this.temp);
      throw new CortexError("IO", `cannot write ${file}: ${(error as Error).message}`, { cause: error });
    }
    return Atomics.load(this.gate, BUILD_ROWS);
  }

  /** Stops the thread and removes its file, unless it was put in place. */
  dispose(): void {
    if (this.settled) return;
    this.settled = true;
    Atomics.store(this.gate, ROWS_FAILED, 1);
    void this.worker.terminate();
    this.port.close();
    discardFile(this.temp);
  }

  // Until the thread says it is done: false when it failed or has inserted nothing for stallMs.
  private waitDone(): boolean {
    let seen = -1;
    let since = Date.now();
    for (;;) {
      if (Atomics.load(this.gate, BUILD_DONE) !== 0) return true;
      if (this.failed) return false;
      const inserted = Atomics.load(this.gate, BUILD_ROWS);
      if (inserted !== seen) [seen, since] = [inserted, Date.now()];
      else if (Date.now() - since > this.stallMs) return false;
      Atomics.wait(this.gate, BUILD_DONE, 0, 50);
    }
  }
}
