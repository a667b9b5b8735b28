import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort, type ResourceLimits } from "node:worker_threads";
import { CortexError } from "../core/errors.js";
import { appendFlushed, tempPathFor } from "../store/atomic.js";
import { discardFile, renameFile } from "../store/files.js";
import type { FileCheck } from "../store/digest.js";
import type { PartFrame, PartName } from "./chunk-texts.js";

/** Shared cell: chunks the worker has written, over all its tasks. */
export const PROGRESS = 0;
/** Shared cell: tasks the worker has done. */
export const DONE = 1;
/** Shared cell: non-zero once a task failed (the worker then does no more). */
export const FAILED = 2;

/** A task of a part worker: the files it writes, and every chunk it needs. */
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
  private readonly control = new Int32Array(new SharedArrayBuffer(12));
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly temps: PartTask["temps"] = {};
  private posted = 0;
  private readonly stallMs: number;
  /** The check of each part file the worker wrote, once {@link PartWriter.finish} returned true. */
  readonly checks: PartChecks = {};

  /** @throws when the worker cannot start (the caller writes on its own). */
  constructor(options: PartWriterOptions = {}) {
    const { port1, port2 } = new MessageChannel();
    const script = options.script ?? new URL("./part-worker.js", import.meta.url);
    this.worker = new Worker(script, { workerData: { port: port2, control: this.control }, transferList: [port2], resourceLimits: RESOURCE_LIMITS });
    this.stallMs = options.stallMs ?? 15_000;
    // A worker that dies shows as no progress; see finish().
    this.worker.on("error", () => {});
    this.worker.unref();
    this.port = port1;
  }

  /** Gives the worker a task: the parts in `task.frames`, each to a temporary file beside its file in `files`. */
  start(files: Readonly<Record<PartName, string>>, task: Omit<PartTask, "temps">): void {
    const temps: PartTask["temps"] = {};
    for (const part of Object.keys(task.frames) as PartName[]) temps[part] = this.temps[part] = tempPathFor(files[part]);
    this.port.postMessage({ ...task, temps } satisfies PartTask, (task.wires ?? []).map((w) => w.buffer as ArrayBuffer));
    this.posted++;
  }

  /**
   * Waits until the worker has written and flushed the files of every task.
   * False when it failed or stalled (it is stopped and its files removed:
   * the caller writes them).
   */
  finish(): boolean {
    let seen = -1;
    let since = Date.now();
    for (;;) {
      const done = Atomics.load(this.control, DONE);
      if (done === this.posted) return this.takeChecks();
      const progress = Atomics.load(this.control, PROGRESS);
      if (progress !== seen) [seen, since] = [progress, Date.now()];
      if (Atomics.load(this.control, FAILED) !== 0 || Date.now() - since > this.stallMs) {
        this.stop();
        return false;
      }
      Atomics.wait(this.control, DONE, done, 100);
    }
  }

  // The checks the worker posted with each task it did.
  private takeChecks(): true {
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) Object.assign(this.checks, (m.message as { checks: PartChecks }).checks);
    return true;
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
    void this.worker.terminate();
    for (const temp of Object.values(this.temps)) discardFile(temp);
  }
}

/** The check of each part file a worker wrote. */
export type PartChecks = Partial<Record<PartName, FileCheck>>;
