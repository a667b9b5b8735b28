import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { defaultConfig, indexVault, parseAtom } from "./helpers/lib.js";
import { indexFrames, partPieces, type Chunk, type PartName } from "../lib/engine/chunk-texts.js";
import type { ReadResult } from "../lib/store/read-atom.js";
import { encodeReadResultBytes } from "../lib/engine/read-wire.js";
import { scanVault } from "../lib/store/scan-vault.js";
import { removeTemp, ROOT, tempDir } from "./helpers/cli.js";

// The part writer runs compiled (a worker thread): these tests load it from dist/.
type PartWriterModule = typeof import("../lib/engine/part-writer.js");
type ParallelIndexModule = typeof import("../lib/engine/parallel-index.js");
const partWriter = async () => (await import(join(ROOT, "dist/lib/engine/part-writer.js"))) as PartWriterModule;
const parallelIndex = async () => (await import(join(ROOT, "dist/lib/engine/parallel-index.js"))) as ParallelIndexModule;

const SETTINGS = JSON.stringify([{}, []]);
const TODAY = "2026-11-22";

// Two chunks of files as a full run reads them (not stat'ed: the facts come from the results).
function chunks(): ReadResult[][] {
  const note = (path: string, body: string): ReadResult => ({ atom: parseAtom(`---\nname: ${path}\n---\n${body}\n`, { path, mtimeMs: 1000 }), stat: { size: body.length, mtimeMs: 1000 } });
  const binary: ReadResult = { diagnostic: { file: "b.md", line: 1, rule: "binary", message: "skipped", severity: "error" }, stat: { size: 4, mtimeMs: 2000 } };
  return [[note("a.md", "[[c]] #t"), binary], [note("c.md", "[[a]]")]];
}

function expected(results: ReadResult[][], counts: number[]): Record<PartName, string> {
  let atom = 0;
  const list: Chunk[] = results.map((r) => {
    const atoms = r.filter((x) => x.atom).length;
    const files = r.map((x) => ({ path: x.atom ? x.atom.atom.path : x.diagnostic!.file, mtimeMs: NaN, size: NaN }));
    return { files, results: r, backlinks: counts.slice(atom, (atom += atoms)) };
  });
  const files: Record<PartName, string> = { manifest: "", graph: "", search: "", cache: "" };
  for (const [part, text] of partPieces(list.length, (c) => list[c]!, indexFrames(SETTINGS))) files[part] += text;
  return files;
}

test("should write each task's parts to temporary files, in order, and put each in place on commit", async () => {
  const { PartWriter } = await partWriter();
  const dir = tempDir();
  try {
    const results = chunks();
    const counts = [1, 1];
    const files = { manifest: join(dir, "manifest.json"), graph: join(dir, "graph.json"), search: join(dir, "search.tsv"), cache: join(dir, "cache.tsv") };
    const { manifest, ...early } = indexFrames(SETTINGS);
    const writer = new PartWriter();
    try {
      writer.start(files, { wires: results.map(encodeReadResultBytes), frames: early, counts: new Int32Array(0), atomEnds: Int32Array.from([1, 2]) });
      writer.start(files, { frames: { manifest }, counts: Int32Array.from(counts), atomEnds: Int32Array.from([1, 2]) });
      assert.equal(writer.finish(), true);
      assert.deepEqual(readdirSync(dir).filter((n) => !n.endsWith(".tmp")), [], "nothing in place before commit");
      for (const part of ["manifest", "graph", "search", "cache"] as const) writer.commit(part, files[part]);
    } finally {
      writer.stop();
    }
    const written = Object.fromEntries(Object.entries(files).map(([part, file]) => [part, readFileSync(file, "utf8")]));
    assert.deepEqual(written, expected(results, counts));
    assert.deepEqual(readdirSync(dir).sort(), ["cache.tsv", "graph.json", "manifest.json", "search.tsv"]);
  } finally {
    removeTemp(dir);
  }
});

test("should report a task it cannot write, and remove what it had written", async () => {
  const { PartWriter } = await partWriter();
  const dir = tempDir();
  try {
    // The graph's file opens (its folder exists), the search file's does not: the task fails.
    const files = { manifest: join(dir, "m.json"), graph: join(dir, "graph.json"), search: join(dir, "missing", "search.tsv"), cache: join(dir, "cache.tsv") };
    const { graph, search } = indexFrames(SETTINGS);
    const writer = new PartWriter();
    const started = Date.now();
    writer.start(files, { wires: chunks().map(encodeReadResultBytes), frames: { graph, search }, counts: new Int32Array(0), atomEnds: Int32Array.from([1, 2]) });
    assert.equal(writer.finish(), false);
    assert.ok(Date.now() - started < 10_000, "a failure is reported at once, not after the stall time");
    writer.stop();
    assert.deepEqual(readdirSync(dir), [], "its temporary files are removed");
  } finally {
    removeTemp(dir);
  }
});

test("should leave the files to the caller, with no temporary file behind, when the part writer dies", async () => {
  const { indexInParallel } = await parallelIndex();
  const vault = tempDir();
  try {
    for (let i = 0; i < 2100; i++) writeFileSync(join(vault, `n${String(i).padStart(4, "0")}.md`), `---\nname: N ${i}\ntags: [t${i % 9}]\n---\nBody [[n${String((i * 7) % 2100).padStart(4, "0")}]]\n`);
    const { files } = scanVault(vault, { stat: false });
    const config = defaultConfig();
    // The writer dies mid-task (its temporary files begun), makes no progress, and is given up after a second.
    // Not a heap too small to start in: from Node 22 on, that aborts this whole process.
    const writer = { script: pathToFileURL(join(ROOT, "test/fixtures/workers/dying-part-worker.mjs")), stallMs: 1000 };
    const result = indexInParallel(vault, files, { config, today: TODAY, settingsKey: SETTINGS, meta: () => ({}), writer });
    assert.equal(result, null);
    assert.deepEqual(readdirSync(join(vault, "index")).filter((n) => n.endsWith(".tmp")), []);
    // This thread's own files were written (the writer was given up only when they were done); the parts' were not.
    assert.ok(existsSync(join(vault, "index/by_project.json")));
    assert.ok(!existsSync(join(vault, "index/manifest.json")), "the files made of parts were left to the caller");
    // The next run starts from what was left and writes the whole index.
    assert.equal(indexVault(vault, { config, today: TODAY }).atoms, 2100);
    assert.equal((JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as unknown[]).length, 2100);
  } finally {
    removeTemp(vault);
  }
});

test("should remove the temporary files a killed index run left, and only those", () => {
  const vault = tempDir();
  try {
    writeFileSync(join(vault, "a.md"), "---\nname: A\n---\nBody\n");
    mkdirSync(join(vault, "index"));
    mkdirSync(join(vault, "layers"));
    // PID 2^22 + 1 is above Linux's largest: no such process.
    const dead = [".manifest.json.4194305.7.tmp", ".cache.tsv.4194305.8.tmp"];
    const live = `.graph.json.${process.pid}.9.tmp`;
    for (const name of [...dead, live]) writeFileSync(join(vault, "index", name), "half");
    writeFileSync(join(vault, "layers", ".hot.json.4194305.3.tmp"), "half");
    indexVault(vault, { config: defaultConfig(), today: TODAY });
    assert.deepEqual(readdirSync(join(vault, "index")).filter((n) => n.endsWith(".tmp")), [live]);
    assert.deepEqual(readdirSync(join(vault, "layers")).filter((n) => n.endsWith(".tmp")), []);
  } finally {
    removeTemp(vault);
  }
});

test("should keep a full run's indexes when asked, on one thread, and otherwise write them from the part writer", async () => {
  const { indexVault: builtIndexVault } = (await import(join(ROOT, "dist/lib/engine/indexer.js"))) as typeof import("../lib/engine/indexer.js");
  const vault = tempDir();
  try {
    for (let i = 0; i < 2100; i++) writeFileSync(join(vault, `k${i}.md`), `---\ntags: [t${i % 5}]\n---\nBody [[k${(i + 1) % 2100}]]\n`);
    const threaded = builtIndexVault(vault, { config: defaultConfig(), today: TODAY, full: true });
    assert.equal(threaded.indexes, undefined, "the threaded run has no indexes in memory");
    const manifest = readFileSync(join(vault, "index/manifest.json"), "utf8");
    const kept = builtIndexVault(vault, { config: defaultConfig(), today: TODAY, full: true, keepIndexes: true });
    assert.equal(kept.indexes?.manifest.length, 2100);
    assert.equal(readFileSync(join(vault, "index/manifest.json"), "utf8"), manifest, "the same bytes either way");
    assert.equal(`${JSON.stringify(kept.indexes!.manifest, null, 2)}\n`, manifest);
  } finally {
    removeTemp(vault);
  }
});
