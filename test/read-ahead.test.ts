import assert from "node:assert/strict";
import { closeSync, openSync, readSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { removeTemp, ROOT, tempDir } from "./helpers/cli.js";

// The built module: the reading thread runs compiled code.
const { startReadAhead } = (await import(join(ROOT, "dist/lib/store/read-ahead.js"))) as typeof import("../lib/store/read-ahead.js");

const PAST = new Date("2000-01-01T00:00:00Z");
const CHUNK = 250;

// Whether reading a file on this file system moves its access time forward from the past (not with noatime).
function readsMoveAccessTime(dir: string): boolean {
  const file = join(dir, "probe.md");
  writeFileSync(file, "probe\n");
  utimesSync(file, PAST, statSync(file).mtime);
  const fd = openSync(file, "r");
  readSync(fd, Buffer.alloc(1), 0, 1, 0);
  closeSync(fd);
  return statSync(file).atimeMs > PAST.getTime();
}

test("should read ahead the chunks after the two being parsed, start nothing when told never, and nothing after a sample that found the files cached", async (t) => {
  const dir = tempDir();
  const previous = process.env.CORTEX_READ_AHEAD;
  try {
    if (!readsMoveAccessTime(dir)) return t.skip("reads leave access times as they are on this file system");
    const files = Array.from({ length: 5 * CHUNK }, (_, i) => join(dir, `n${i}.md`));
    for (const file of files) {
      writeFileSync(file, "# Note\n");
      utimesSync(file, PAST, statSync(file).mtime);
    }
    const chunkJobs = Array.from({ length: 5 }, (_, c) => JSON.stringify(files.slice(c * CHUNK, (c + 1) * CHUNK).map((abs) => [abs, abs, null, null])));
    const control = new Int32Array(new SharedArrayBuffer(8));
    const read = (file: string) => statSync(file).atimeMs > PAST.getTime();
    process.env.CORTEX_READ_AHEAD = "never";
    assert.equal(startReadAhead(chunkJobs, control), null, "no thread");
    assert.deepEqual(files.filter(read), [], "nor a sample");
    delete process.env.CORTEX_READ_AHEAD;
    assert.equal(startReadAhead(chunkJobs, control), null, "files just written are in the page cache: no thread after the sample");
    assert.deepEqual(files.filter(read), files.slice(2 * CHUNK, 2 * CHUNK + 24), "the sample read the first files of the third chunk");
    for (const file of files) utimesSync(file, PAST, statSync(file).mtime);
    process.env.CORTEX_READ_AHEAD = "always";
    const pool = startReadAhead(chunkJobs, control);
    assert.ok(pool, "a thread reads ahead");
    try {
      const ahead = files.slice(2 * CHUNK);
      for (let waited = 0; !ahead.every(read); waited += 20) {
        assert.ok(waited < 10_000, `read ahead: ${ahead.filter(read).length} of ${ahead.length}`);
        await sleep(20);
      }
      assert.deepEqual(files.slice(0, 2 * CHUNK).filter(read), [], "the first two chunks are the parse workers' first reads");
    } finally {
      pool.terminate();
    }
  } finally {
    if (previous === undefined) delete process.env.CORTEX_READ_AHEAD;
    else process.env.CORTEX_READ_AHEAD = previous;
    removeTemp(dir);
  }
});
