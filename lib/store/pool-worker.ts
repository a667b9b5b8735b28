// The worker's half of worker-pool.ts: imported only by worker scripts.
import { workerData, type Transferable } from "node:worker_threads";
import type { PoolWorkerData } from "./worker-pool.js";

/** This worker's data: {@link PoolWorkerData} and the caller's own fields. */
export const poolData = workerData as PoolWorkerData & Record<string, unknown>;

/** Says the worker got on (work done that has no reply of its own), waking the waiting thread. */
export function pulse(): void {
  Atomics.add(poolData.pulse, 0, 1);
  Atomics.notify(poolData.pulse, 0);
}

/** Replies to task `id` with its result, moving what `transfer` lists. */
export function reply(id: number, result: unknown, transfer: readonly Transferable[] = []): void {
  poolData.port.postMessage({ id, result }, transfer as Transferable[]);
  pulse();
}

/** Replies that task `id` failed. */
export function replyError(id: number, error: unknown): void {
  poolData.port.postMessage({ id, error: String((error as Error)?.stack ?? error) });
  pulse();
}

/** Says this worker has no more to say (see `WorkerPool.finished`). */
export function finish(): void {
  Atomics.store(poolData.pulse, poolData.slot, 1);
  pulse();
}

/** Runs `handle` on each task posted to this worker, in order. */
export function onTask<T>(handle: (task: T, id: number) => void): void {
  poolData.port.on("message", ({ id, task }: { id: number; task: T }) => handle(task, id));
}
