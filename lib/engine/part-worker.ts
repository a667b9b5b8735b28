// Worker thread of part-writer.ts: does its tasks in order, writing the files
// made of chunk parts (chunk-texts.ts) to their temporary files, flushed,
// pulsing as it goes and replying with the files' checks, so the waiting
// main thread wakes.
import { closeFile, flushFile, openNewFile, writeText } from "../store/atomic.js";
import { Digester } from "../store/digest.js";
import { partPieces, type Chunk, type PartName } from "./chunk-texts.js";
import type { PartChecks, PartTask } from "./part-writer.js";
import { decodeReadResultBytes } from "./read-wire.js";
import { onTask, pulse, reply, replyError } from "../store/pool-worker.js";

/** The chunks' read results, from the first task that gave them. */
let wires: Uint8Array[] = [];

let failed = false;

onTask((task: PartTask, id) => {
  // After a failure the main thread writes everything itself: the tasks left are not done.
  if (failed) return;
  if (task.wires) wires = task.wires;
  try {
    reply(id, write(task));
  } catch (error) {
    failed = true;
    replyError(id, error);
  }
});

// Writes the task's files, each hashed as written; returns their checks.
function write(task: PartTask): PartChecks {
  const fds: Partial<Record<PartName, number>> = {};
  const digests: Partial<Record<PartName, Digester>> = {};
  try {
    for (const [part, temp] of Object.entries(task.temps)) {
      fds[part as PartName] = openNewFile(temp);
      digests[part as PartName] = new Digester();
    }
    for (const [part, text] of partPieces(wires.length, (c) => chunkOf(task, c), task.frames, pulse)) writeText(fds[part]!, text, digests[part]);
    for (const fd of Object.values(fds)) flushFile(fd);
    return Object.fromEntries(Object.entries(digests).map(([part, d]) => [part, d.check()]));
  } finally {
    for (const fd of Object.values(fds)) closeFile(fd);
  }
}

function chunkOf(task: PartTask, c: number): Chunk {
  const results = decodeReadResultBytes(wires[c]!);
  // The files of a full run were not stat'ed (their size and mtime are those read, or NaN), and every result names its file.
  const files = results.map((r) => ({ path: r.atom ? r.atom.atom.path : r.diagnostic.file, mtimeMs: NaN, size: NaN }));
  return { files, results, backlinks: task.counts.subarray(c === 0 ? 0 : task.atomEnds[c - 1], task.atomEnds[c]) };
}
