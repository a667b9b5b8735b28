import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { progressLine } from "../bin/format/progress.js";
import { defaultConfig } from "./helpers/lib.js";
import { removeTemp, ROOT, tempDir } from "./helpers/cli.js";

test("should show progress only once the run is long, at most every 50 ms, and erase it at the end", () => {
  let clock = 0;
  const out: string[] = [];
  const line = progressLine((s) => out.push(s), () => clock);
  line.update(10, 100);
  clock = 200;
  line.update(20, 100);
  assert.deepEqual(out, [], "nothing in the first 300 ms");
  clock = 350;
  line.update(30, 100);
  clock = 360;
  line.update(40, 100);
  clock = 420;
  line.update(50, 100);
  clock = 430;
  line.update(100, 100);
  line.clear();
  assert.deepEqual(out, ["\rReading files 30/100…", "\rReading files 50/100…", "\r\x1b[KRead 100 files; resolving links and writing the indexes…", "\r\x1b[K"]);
});

test("should leave no trace on a short run", () => {
  const out: string[] = [];
  const line = progressLine((s) => out.push(s), () => 0);
  line.update(5, 5);
  line.clear();
  assert.deepEqual(out, []);
});

test("should report parse progress chunk by chunk, up to every file, from the worker threads", async () => {
  const vault = tempDir();
  try {
    const jobs = Array.from({ length: 2300 }, (_, i) => {
      writeFileSync(join(vault, `p${i}.md`), `# P ${i}\n`);
      return { abs: join(vault, `p${i}.md`), path: `p${i}.md`, mtimeMs: NaN, size: NaN };
    });
    const { readNotes } = (await import(join(ROOT, "dist/lib/engine/note-reads.js"))) as typeof import("../lib/engine/note-reads.js");
    const seen: number[] = [];
    let read = 0;
    readNotes(jobs, defaultConfig(), () => read++, { threads: 2, onProgress: (done) => seen.push(done) });
    assert.equal(read, 2300);
    assert.ok(seen.length >= 2, `several reports: ${seen.join(",")}`);
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b), "never going back");
    assert.equal(seen.at(-1), 2300);
  } finally {
    removeTemp(vault);
  }
});

test("should report a threaded full index's progress up to every file, never going back, and end there", async () => {
  const vault = tempDir();
  try {
    for (let i = 0; i < 2300; i++) writeFileSync(join(vault, `p${i}.md`), `# P ${i}\n`);
    const { indexVault } = (await import(join(ROOT, "dist/lib/engine/indexer.js"))) as typeof import("../lib/engine/indexer.js");
    const seen: [number, number][] = [];
    const result = indexVault(vault, { config: defaultConfig(), today: "2026-11-22", full: true, onProgress: (done, total) => seen.push([done, total]) });
    assert.equal(result.atoms, 2300);
    assert.ok(seen.every(([, total]) => total === 2300), "out of every file");
    const done = seen.map(([d]) => d);
    assert.deepEqual(done, [...done].sort((a, b) => a - b), `never going back: ${done.join(",")}`);
    assert.equal(done.at(-1), 2300);
  } finally {
    removeTemp(vault);
  }
});
