import { CortexError, type CortexErrorCode } from "../../lib/core/errors.js";
import { fileURLToPath } from "node:url";
import { fileExists } from "../../lib/store/files.js";
import { WorkerPool } from "../../lib/store/worker-pool.js";
import { INTERRUPTED, READING, type IndexMessage, type IndexTask } from "./interrupt-state.js";

/** How an index run in a worker ended: its result, and whether Ctrl-C came while it wrote; or interrupted before. */
export type WorkerIndexOutcome = { result: Extract<IndexMessage, { result: unknown }>["result"]; interruptedWhileWriting: boolean } | { interrupted: true };

/** What the CLI's thread does with the run's progress and notices. */
export interface WorkerIndexHandlers {
  onProgress(done: number, total: number): void;
  onNotice(message: string): void;
}

/**
 * Runs the index in a worker thread, so that this thread hears Ctrl-C: while
 * the run still reads notes (nothing replaced yet), SIGINT ends it at once and
 * the outcome is `interrupted`; once it writes, it is let finish (the outcome
 * says Ctrl-C came). Null when no worker can start (the caller indexes on its
 * own thread). A failed run rejects with its CortexError.
 */
export function indexInWorker(task: Omit<IndexTask, "state">, handlers: WorkerIndexHandlers): Promise<WorkerIndexOutcome> | null {
  // The worker's bundle (dist/cli, see scripts/bundle-cli.mjs) when it is there, else its ES module.
  const bundle = new URL("../../cli/index-worker.cjs", import.meta.url);
  const pool = WorkerPool.start({ script: fileExists(fileURLToPath(bundle)) ? bundle : new URL("./index-worker.js", import.meta.url) });
  if (!pool) return null;
  const state = new Int32Array(new SharedArrayBuffer(4));
  return new Promise((resolve, reject) => {
    let ended = false;
    let interruptedWhileWriting = false;
    const end = (settle: () => void) => {
      if (ended) return;
      ended = true;
      clearInterval(timer);
      process.off("SIGINT", onInterrupt);
      pool.terminate();
      settle();
    };
    const onInterrupt = () => {
      if (Atomics.compareExchange(state, 0, READING, INTERRUPTED) === READING) end(() => resolve({ interrupted: true }));
      else interruptedWhileWriting = true;
    };
    const onMessage = (message: IndexMessage) => {
      if ("progress" in message) handlers.onProgress(...message.progress);
      else if ("notice" in message) handlers.onNotice(message.notice);
      else if ("result" in message) end(() => resolve({ result: message.result, interruptedWhileWriting }));
      else end(() => reject(new CortexError((message.error.code ?? "IO") as CortexErrorCode, message.error.message)));
    };
    // The worker's replies are polled: this thread must not block, or it would not hear the signal.
    const timer = setInterval(() => pool.receive((reply) => ended || onMessage((reply.result ?? { error: { message: String(reply.error) } }) as IndexMessage)), 20);
    process.on("SIGINT", onInterrupt);
    pool.post(1, 1, { ...task, state } satisfies IndexTask);
  });
}
