import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import type { PoolReply } from "../lib/store/worker-pool.js";
import { ROOT } from "./helpers/cli.js";

// Workers start only from the built modules (see workersAvailable).
const { WorkerPool } = (await import(join(ROOT, "dist/lib/store/worker-pool.js"))) as typeof import("../lib/store/worker-pool.js");
const script = pathToFileURL(join(ROOT, "test/fixtures/workers/pool-worker.mjs"));

test("should hand each worker its data and return the replies of one worker in the order of its tasks", () => {
  const pool = WorkerPool.start({ script, count: 2, data: (slot) => ({ tag: `w${slot}` }) })!;
  try {
    assert.equal(pool.size, 2);
    for (let id = 0; id < 20; id++) pool.post(1 + (id % 2), id, { kind: "echo", value: id * id });
    const replies: [number, PoolReply][] = [];
    assert.equal(pool.waitUntil(() => replies.length === 20, { stallMs: 10_000 }, (reply, slot) => replies.push([slot, reply])), true);
    for (const slot of [1, 2]) {
      const mine = replies.filter(([s]) => s === slot).map(([, r]) => r);
      assert.deepEqual(mine.map((r) => r.id), Array.from({ length: 10 }, (_, i) => 2 * i + slot - 1));
      assert.deepEqual(mine.map((r) => r.result), mine.map((r) => ({ value: r.id * r.id, slot, tag: `w${slot}` })));
    }
  } finally {
    pool.terminate();
  }
});

test("should report a task's error as a reply, and move the buffers a task lists", () => {
  const pool = WorkerPool.start({ script })!;
  try {
    const bytes = new Uint8Array([1, 2, 3]);
    pool.post(1, 7, { kind: "fail" });
    pool.post(1, 8, { kind: "bytes", bytes }, [bytes.buffer]);
    assert.equal(bytes.byteLength, 0, "the buffer was moved, not copied");
    const replies: PoolReply[] = [];
    assert.ok(pool.waitUntil(() => replies.length === 2, { stallMs: 10_000 }, (reply) => replies.push(reply)));
    assert.equal(replies[0]!.id, 7);
    assert.match(replies[0]!.error!, /task 7 failed/);
    assert.equal(replies[0]!.result, undefined);
    assert.deepEqual([replies[1]!.id, [...(replies[1]!.result as Uint8Array)]], [8, [1, 2, 3]]);
  } finally {
    pool.terminate();
  }
});

test("should give up a worker that makes no progress for the stall time, and only then", () => {
  const pool = WorkerPool.start({ script })!;
  try {
    pool.post(1, 0, { kind: "stall" });
    const started = Date.now();
    assert.equal(pool.waitUntil(() => false, { stallMs: 300 }), false);
    const waited = Date.now() - started;
    assert.ok(waited >= 300 && waited < 5_000, `gave up after ${waited} ms`);
  } finally {
    pool.terminate();
  }
});

test("should say when every worker has finished, and give up a dead one", () => {
  const pool = WorkerPool.start({ script, count: 2 })!;
  try {
    pool.post(1, 0, { kind: "finish" });
    pool.post(2, 0, { kind: "finish" });
    assert.ok(pool.waitUntil(() => pool.finished, { stallMs: 10_000 }));
  } finally {
    pool.terminate();
  }
  const dead = WorkerPool.start({ script })!;
  dead.terminate();
  dead.post(1, 0, { kind: "echo", value: 1 });
  assert.equal(dead.waitUntil(() => dead.finished, { stallMs: 200 }), false);
});
