// Worker thread of part-writer.ts: does its tasks in order, writing the files
// made of chunk parts (chunk-texts.ts) to their temporary files, flushed, and
// says how far it got in the shared cells, so the waiting main thread wakes.
import { workerData, type MessagePort } from "node:worker_threads";
import { closeFile, flushFile, openNewFile, writeText } from "../store/atomic.js";
import { Digester } from "../store/digest.js";
import { partPieces, type Chunk, type PartName } from "./chunk-texts.js";
import { DONE, FAILED, PROGRESS, type PartTask } from "./part-writer.js";
import { decodeReadResultBytes } from "./read-wire.js";

const { port, control } = workerData as { port: MessagePort; control: Int32Array };

/** The chunks' read results, from the first task that gave them. */
let wires: Uint8Array[] = [];

port.on("message", (task: PartTask) => {
  // After a failure the main thread writes everything itself: the tasks left are not done.
  if (Atomics.load(control, FAILED) !== 0) return;
  if (task.wires) wires = task.wires;
  try {
    write(task);
    Atomics.add(control, DONE, 1);
  } catch {
    Atomics.store(control, FAILED, 1);
  }
  Atomics.notify(control, DONE);
});

// Writes the task's files, each hashed as written; the checks are posted before the task is counted done.
function write(task: PartTask): void {
  const fds: Partial<Record<PartName, number>> = {};
  const digests: Partial<Record<PartName, Digester>> = {};
  try {
    for (const [part, temp] of Object.entries(task.temps)) {
      fds[part as PartName] = openNewFile(temp);
      digests[part as PartName] = new Digester();
    }
    const progress = () => {
      Atomics.add(control, PROGRESS, 1);
      Atomics.notify(control, DONE);
    };
    for (const [part, text] of partPieces(wires.length, (c) => chunkOf(task, c), task.frames, progress)) writeText(fds[part]!, text, digests[part]);
    for (const fd of Object.values(fds)) flushFile(fd);
    port.postMessage({ checks: Object.fromEntries(Object.entries(digests).map(([part, d]) => [part, d.check()])) });
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
