import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort, type Transferable } from "node:worker_threads";

/**
 * The one way the project starts worker threads (the parse workers of an
 * index run). Lives in the store, the lowest layer that may import
 * `node:worker_threads`.
 *
 * One protocol: this thread posts `{ id, task }` to a worker (its port);
 * a worker replies `{ id, result }` or `{ id, error }` (see pool-worker.ts).
 * One progress signal: a shared pulse that a worker raises whenever it gets
 * on (a reply, or work done that has no reply), and a flag per worker raised
 * when it has no more to say. One stall policy: {@link WorkerPool.waitUntil}
 * gives the workers up once the pulse has not moved for `stallMs`; the
 * caller then does their work on its own thread, as it always could.
 */

/** A worker's reply to a task (see the module comment). */
export interface PoolReply<T = unknown> {
  id: number;
  result?: T;
  /** The worker's error, as text, when the task failed. */
  error?: string;
}

/** What every pool worker gets in `workerData`, beside the caller's own data. */
export interface PoolWorkerData {
  /** Its end of the channel with this thread. */
  port: MessagePort;
  /** [0]: progress pulse shared by all workers; [slot]: non-zero once that worker has no more to say. */
  pulse: Int32Array;
  /** 1-based. */
  slot: number;
}

/** Options of {@link WorkerPool.start}. */
export interface WorkerPoolOptions {
  /** The workers' script (callers resolve it from their own module, so that it works from the CLI bundles). */
  script: URL;
  /** Workers to start. Default 1. */
  count?: number;
  /** The data of the worker in `slot` (1-based), merged with {@link PoolWorkerData}. */
  data?: (slot: number) => Record<string, unknown>;
}

/** Whether workers can start: not from TypeScript sources (tsx, in development), where a worker would need the loader of a thread that blocks waiting. */
export function workersAvailable(): boolean {
  return !import.meta.url.endsWith(".ts");
}

/** Worker threads started from one script, each with its own port, waited on synchronously. */
export class WorkerPool {
  private constructor(
    private readonly workers: Worker[],
    private readonly ports: MessagePort[],
    /** See {@link PoolWorkerData.pulse}. */
    readonly pulse: Int32Array,
  ) {}

  /**
   * Starts the workers now (so that their start-up overlaps the caller's
   * work); null when workers are not available or one cannot start (those
   * started are ended). A worker that dies shows only as no progress.
   */
  static start(options: WorkerPoolOptions): WorkerPool | null {
    if (!workersAvailable()) return null;
    const count = options.count ?? 1;
    const pulse = new Int32Array(new SharedArrayBuffer(4 * (count + 1)));
    const pool = new WorkerPool([], [], pulse);
    try {
      for (let slot = 1; slot <= count; slot++) {
        const { port1, port2 } = new MessageChannel();
        const workerData = { ...options.data?.(slot), port: port2, pulse, slot } satisfies PoolWorkerData;
        const worker = new Worker(options.script, { workerData, transferList: [port2] });
        worker.on("error", () => {});
        worker.unref();
        pool.workers.push(worker);
        pool.ports.push(port1);
      }
      return pool;
    } catch {
      pool.terminate();
      return null;
    }
  }

  /** How many workers run. */
  get size(): number {
    return this.workers.length;
  }

  /** Gives the worker in `slot` (1-based) task `id`, moving what `transfer` lists. */
  post(slot: number, id: number, task: unknown, transfer: readonly Transferable[] = []): void {
    this.ports[slot - 1]!.postMessage({ id, task }, transfer as Transferable[]);
  }

  /** Hands every reply the workers have posted so far to `onReply`, worker after worker; returns how many. */
  receive(onReply: (reply: PoolReply, slot: number) => void): number {
    let received = 0;
    this.ports.forEach((port, i) => {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port), received++) onReply(m.message as PoolReply, i + 1);
    });
    return received;
  }

  /** Whether every worker has said it has no more to say. */
  get finished(): boolean {
    for (let slot = 1; slot <= this.workers.length; slot++) if (Atomics.load(this.pulse, slot) === 0) return false;
    return true;
  }

  /**
   * Blocks, handing replies to `onReply` as they come, until `done()` holds
   * (true), or the pulse has not moved for `stallMs` or `deadline` (epoch ms)
   * passed (false: the workers are taken for dead; a worker that died cannot
   * say so while this thread blocks). Does not end the workers.
   */
  waitUntil(done: () => boolean, limits: { stallMs: number; deadline?: number }, onReply: (reply: PoolReply, slot: number) => void = () => {}): boolean {
    let seen = Atomics.load(this.pulse, 0);
    let since = Date.now();
    for (;;) {
      // Read before the replies: a worker replies before it pulses.
      const pulse = Atomics.load(this.pulse, 0);
      this.receive(onReply);
      if (done()) {
        // Once more: a worker replies, then raises its flag (see pool-worker.ts finish).
        this.receive(onReply);
        return true;
      }
      const now = Date.now();
      if (pulse !== seen) [seen, since] = [pulse, now];
      if (now - since > limits.stallMs || (limits.deadline !== undefined && now > limits.deadline)) return false;
      Atomics.wait(this.pulse, 0, pulse, 50);
    }
  }

  /** Ends every worker and closes the ports. */
  terminate(): void {
    for (const worker of this.workers) void worker.terminate();
    for (const port of this.ports) port.close();
  }
}
