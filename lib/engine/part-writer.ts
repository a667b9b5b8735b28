import type { ResourceLimits } from "node:worker_threads";
import { CortexError } from "../core/errors.js";
import { appendFlushed, tempPathFor } from "../store/atomic.js";
import { discardFile, renameFile } from "../store/files.js";
import type { FileCheck } from "../store/digest.js";
import { WorkerPool } from "../store/worker-pool.js";
import type { PartFrame, PartName } from "./chunk-texts.js";

/**
 * A task of a part worker: the files it writes, and every chunk it needs. The
 * worker pulses as it writes each chunk and replies with the files' checks
 * once they are flushed (or with an error, after which it does no more).
 */
export interface PartTask {
  /** Per part it writes, the temporary file to create. */
  temps: Partial<Record<PartName, string>>;
  /** The parts to write, and how each file is framed. */
  frames: Partial<Record<PartName, PartFrame>>;
  /**
   * Per chunk, its read results as the parse workers sent them (read-wire.ts),
   * moved to the worker, which keeps them for its later tasks (they leave them out).
   */
  wires?: Uint8Array[];
  /** The backlink count of every atom, chunk after chunk; chunk c's end in `atomEnds[c]` (for the manifest). */
  counts: Int32Array;
  atomEnds: Int32Array;
}

/**
 * The worker's heap limits: a young generation of 16 MB, smaller than V8's own (its data lives one chunk,
 * and the run's memory is what counts). No old-generation limit: from Node 22 on, a heap too small to load
 * the engine's start-up snapshot aborts the whole process (a fatal out-of-memory error, not the worker's
 * `ERR_WORKER_OUT_OF_MEMORY`), so a limit is no safe way to bound or fail the worker.
 */
const RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 16 };

/** Options of {@link PartWriter}. */
export interface PartWriterOptions {
  /** The worker's script. Default: part-worker.js (tests give one that dies). */
  script?: URL;
  /** A worker that has made no progress for this long is taken for dead. Default 15 s. */
  stallMs?: number;
}

/**
 * A worker thread that writes files made of chunk parts (manifest, graph,
 * search file, cache; see chunk-texts.ts) to temporary files while this
 * thread does other work. Started early, so its start-up overlaps this
 * thread's work; its tasks are done in the order given.
 * {@link PartWriter.finish} waits for them, {@link PartWriter.commit} puts a
 * file in place.
 */
export class PartWriter {
  private readonly pool: WorkerPool;
  private readonly temps: PartTask["temps"] = {};
  private posted = 0;
  private readonly stallMs: number;
  /** The check of each part file the worker wrote, once {@link PartWriter.finish} returned true. */
  readonly checks: PartChecks = {};

  /** @throws when the worker cannot start (the caller writes on its own). */
  constructor(options: PartWriterOptions = {}) {
    const script = options.script ?? new URL("./part-worker.js", import.meta.url);
    const pool = WorkerPool.start({ script, resourceLimits: RESOURCE_LIMITS });
    if (!pool) throw new CortexError("IO", "cannot start the part writer's thread");
    this.pool = pool;
    this.stallMs = options.stallMs ?? 15_000;
  }

  /** Gives the worker a task: the parts in `task.frames`, each to a temporary file beside its file in `files`. */
  start(files: Readonly<Record<PartName, string>>, task: Omit<PartTask, "temps">): void {
    const temps: PartTask["temps"] = {};
    for (const part of Object.keys(task.frames) as PartName[]) temps[part] = this.temps[part] = tempPathFor(files[part]);
    this.pool.post(1, this.posted++, { ...task, temps } satisfies PartTask, (task.wires ?? []).map((w) => w.buffer as ArrayBuffer));
  }

  /**
   * Waits until the worker has written and flushed the files of every task.
   * False when it failed or stalled (it is stopped and its files removed:
   * the caller writes them).
   */
  finish(): boolean {
    let done = 0;
    let failed = false;
    const finished = this.pool.waitUntil(() => failed || done === this.posted, { stallMs: this.stallMs }, (reply) => {
      if (reply.error !== undefined) failed = true;
      else {
        Object.assign(this.checks, reply.result as PartChecks);
        done++;
      }
    });
    if (finished && !failed) return true;
    this.stop();
    return false;
  }

  /** Puts the finished file of `part` in place, with `tail` (text) appended first; returns its check as the worker wrote it (without the tail). */
  commit(part: PartName, file: string, tail?: string): FileCheck {
    try {
      if (tail !== undefined) appendFlushed(this.temps[part]!, tail);
      renameFile(this.temps[part]!, file);
      return this.checks[part]!;
    } catch (error) {
      throw new CortexError("IO", `cannot write ${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Ends the worker and removes what it wrote and was not put in place. */
  stop(): void {
    this.pool.terminate();
    for (const temp of Object.values(this.temps)) discardFile(temp);
  }
}

/** The check of each part file a worker wrote. */
export type PartChecks = Partial<Record<PartName, FileCheck>>;
