import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { readFileNow } from "../lib/store/read-atom.js";
import { BatchReader, readFilesAsync } from "../lib/store/read-ahead.js";
import { removeTemp, tempDir } from "./helpers/cli.js";

// What a read gave, comparable: the bytes and stat, or the error's code.
function outcome(read: ReturnType<typeof readFileNow>): unknown {
  return "bytes" in read ? { bytes: read.bytes, stat: read.stat } : { code: (read.error as NodeJS.ErrnoException).code };
}

test("should read files ahead, many at a time, as one read on the thread would: bytes, stat and error codes, in order", async () => {
  const dir = tempDir();
  try {
    const paths: string[] = [];
    for (const size of [0, 1, 4095, 4096, 65_537, 300_001]) {
      paths.push(join(dir, `f${size}.md`));
      writeFileSync(paths.at(-1)!, Buffer.alloc(size, `x${size}\u00e9\n`));
    }
    mkdirSync(join(dir, "folder.md"));
    paths.push(join(dir, "missing.md"), join(dir, "folder.md"));
    if (existsSync("/proc/self/status")) paths.push("/proc/self/status");
    for (const inFlight of [1, 3, 64]) {
      const reads = await readFilesAsync(paths, inFlight);
      assert.equal(reads.length, paths.length);
      // /proc/self/status differs between two reads (its counters): only its start is compared.
      const now = paths.map(readFileNow).map(outcome);
      const ahead = reads.map(outcome);
      if (existsSync("/proc/self/status")) {
        const [a, b] = [ahead.pop(), now.pop()] as { bytes: Buffer }[];
        assert.equal(a!.bytes.toString("utf8").split("\n")[0], b!.bytes.toString("utf8").split("\n")[0]);
      }
      assert.deepEqual(ahead, now);
      assert.deepEqual(ahead.slice(-2), [{ code: "ENOENT" }, { code: "EISDIR" }]);
    }
    assert.deepEqual(await readFilesAsync([], 4), []);
  } finally {
    removeTemp(dir);
  }
});

test("should read a batch on the thread while its files come quickly, and not read the next one ahead", () => {
  const dir = tempDir();
  try {
    const paths = Array.from({ length: 500 }, (_, i) => join(dir, `n${i}.md`));
    for (const p of paths) writeFileSync(p, "---\nname: n\n---\nbody\n");
    const reader = new BatchReader();
    const reads = reader.readNow(paths);
    assert.deepEqual(reads.map(outcome), paths.map(readFileNow).map(outcome));
    assert.equal(reader.readsAhead(), false);
  } finally {
    removeTemp(dir);
  }
});
