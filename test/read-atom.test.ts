import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { readWithStat } from "../lib/store/read-atom.js";
import { removeTemp, tempDir } from "./helpers/cli.js";

test("should read a file whole, whatever its size, with the size and mtime of what was read", () => {
  const dir = tempDir();
  try {
    for (const size of [0, 1, 4095, 4096, 65_537, 1_000_003]) {
      const file = join(dir, `f${size}.md`);
      const bytes = Buffer.alloc(size, "ab\u00e9\n");
      writeFileSync(file, bytes);
      const read = readWithStat(file);
      assert.deepEqual(read.bytes, bytes);
      assert.equal(read.stat.size, size);
      assert.equal(typeof read.stat.mtimeMs, "number");
    }
  } finally {
    removeTemp(dir);
  }
});

test("should read to its end a file that holds more than its stat said", { skip: !existsSync("/proc/self/status") && "no /proc" }, () => {
  // A /proc file is stat'ed as empty but reads as text: the read goes on past the size it was told.
  const read = readWithStat("/proc/self/status");
  assert.equal(read.stat.size, 0);
  assert.match(read.bytes.toString("utf8"), /^Name:/);
  assert.equal(read.bytes.toString("utf8").split("\n")[0], readFileSync("/proc/self/status", "utf8").split("\n")[0]);
});
