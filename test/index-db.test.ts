import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { rankSearchDb } from "./helpers/fulltext.js";
import { indexVault } from "../lib/engine/indexer.js";
import { vaultPaths } from "../lib/store/paths.js";
import { dbDump } from "./helpers/db-dump.js";
import { BUILT_CLI, copyToTemp, removeTemp, ROOT, tempDir } from "./helpers/cli.js";

const TODAY = "2026-11-20";
const config = defaultConfig();
const QUERIES = ["deploy", "freeze release", "cache", '"release day"', "zstd algorithms", "firewall -ports", "xdel*", "alpha beta", "gamma"];

function answers(vault: string): unknown[] {
  return QUERIES.map((q) => rankSearchDb(vault, config, q, { today: TODAY, top: 0 })!.map((h) => [h.record.path, h.record.name, h.score, h.matched]));
}

function note(name: string, body: string, tags: string[] = []): string {
  return `---\nname: ${name}\ntype: insight\nproject: ops\nstatus: active\ncreated: 2026-11-01\nupdated: 2026-11-01\ntags: [${tags.join(", ")}]\n---\n${body}\n`;
}

// Another mtime, so that a rewrite of the same size is seen as a change, as an editor's save is.
function touch(file: string, seconds: number): void {
  const t = new Date(Date.UTC(2026, 10, 1) + seconds * 1000);
  utimesSync(file, t, t);
}

const dbFile = (vault: string) => vaultPaths(vault).db;

test("should build index/cortex.db with the index and keep it and its WAL files out of git", () => {
  const vault = copyToTemp(`${ROOT}test/fixtures/fulltext`);
  try {
    const result = indexVault(vault, { config, today: TODAY });
    assert.ok(result.written.includes("index/cortex.db"));
    for (const name of ["cortex.db", "cortex.db-wal", "cortex.db-shm"]) assert.match(readFileSync(join(vault, "index/.gitignore"), "utf8"), new RegExp(`^${name.replace(".", "\\.")}$`, "m"));
    // Nothing changed: proven without the lock, nothing written.
    const again = indexVault(vault, { config, today: TODAY });
    assert.deepEqual([again.reread, again.written], [0, []]);
  } finally {
    removeTemp(vault);
  }
});

test("should update only the rows of changed, added and removed notes", () => {
  const vault = copyToTemp(`${ROOT}test/fixtures/fulltext`);
  try {
    indexVault(vault, { config, today: TODAY });
    writeFileSync(join(vault, "notes/compression.md"), note("Compression choices", "Backups use brotli now."));
    touch(join(vault, "notes/compression.md"), 10);
    writeFileSync(join(vault, "notes/new.md"), note("Gamma rays", "Alpha and beta, then gamma."));
    rmSync(join(vault, "notes/sorting.md"));
    const result = indexVault(vault, { config, today: TODAY });
    assert.deepEqual([result.reread, result.removed], [2, 1]);
    assert.deepEqual(rankSearchDb(vault, config, "brotli", { today: TODAY })!.map((h) => h.record.path), ["notes/compression.md"]);
    assert.deepEqual(rankSearchDb(vault, config, "zstd", { today: TODAY }), []);
    assert.deepEqual(rankSearchDb(vault, config, "gamma", { today: TODAY })!.map((h) => h.record.path), ["notes/new.md"]);
    assert.ok(!rankSearchDb(vault, config, "algorithms", { today: TODAY, top: 0 })!.some((h) => h.record.path === "notes/sorting.md"));
  } finally {
    removeTemp(vault);
  }
});

for (const [damage, write, notice] of [
  ["missing", (file: string) => rmSync(file), null],
  ["garbage bytes", (file: string) => writeFileSync(file, Buffer.from("this is not a database at all, just text ".repeat(200))), /index\/cortex\.db: .*; rebuilding it/],
  ["truncated", (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 5000)), /index\/cortex\.db: .*; rebuilding it/],
  ["of an old schema", (file: string) => sql(file, "PRAGMA user_version = 0"), /index\/cortex\.db: not a cortex database; rebuilding it/],
  ["of another schema version", (file: string) => sql(file, "PRAGMA user_version = 99"), /index\/cortex\.db: schema 99, expected \d+; rebuilding it/],
  ["made for another vault", (file: string) => sql(file, "UPDATE meta SET value = '/elsewhere' WHERE key = 'vault'"), /index\/cortex\.db: made for another vault \(\/elsewhere\); rebuilding it/],
] as const) {
  test(`should rebuild a database that is ${damage}, saying so in one line, with the same answers and the same content`, () => {
    const vault = copyToTemp(`${ROOT}test/fixtures/fulltext`);
    try {
      indexVault(vault, { config, today: TODAY });
      const before = answers(vault);
      const content = dbDump(vault);
      write(dbFile(vault));
      const notices: string[] = [];
      indexVault(vault, { config, today: TODAY, onNotice: (line) => notices.push(line) });
      if (notice) assert.match(notices.join("\n"), notice);
      else assert.deepEqual(notices, []);
      assert.equal(notices.length, notice ? 1 : 0);
      assert.deepEqual(answers(vault), before);
      assert.equal(dbDump(vault), content);
    } finally {
      removeTemp(vault);
    }
  });
}

// Runs one statement on a database file, in another process (as a user's tool would).
function sql(file: string, statement: string): void {
  const child = spawnSync(process.execPath, ["--no-warnings", "-e", `const {DatabaseSync}=require("node:sqlite");const d=new DatabaseSync(${JSON.stringify(file)});d.exec(${JSON.stringify(statement)});d.close()`]);
  assert.equal(child.status, 0, String(child.stderr));
}

// Each stage of a sync and of a build, and the exports after them: the next run converges, every answer as a fresh build's.
for (const [stage, rebuild] of [["index:start", false], ["index:rows", false], ["index/cortex.db", false], ["index/manifest.json", false], ["index/meta.json", false], ["index:rows", true], ["index/cortex.db", true]] as const) {
  test(`should leave a usable database when killed at ${stage}${rebuild ? " of a build" : ""}, and repair it on the next run`, () => {
    const vault = copyToTemp(`${ROOT}test/fixtures/fulltext`);
    try {
      indexVault(vault, { config, today: TODAY });
      writeFileSync(join(vault, "notes/new.md"), note("Gamma rays", "Alpha and beta, then gamma."));
      if (rebuild) rmSync(dbFile(vault));
      const run = spawnSync(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", TODAY], { env: { ...process.env, CORTEX_TEST_KILL_AT: stage } });
      assert.equal(run.signal, "SIGKILL");
      // What a killed run leaves is read as it was before (or rebuilt), never half-written.
      const after = spawnSync(process.execPath, [BUILT_CLI, "search", "gamma", "--vault", vault, "--today", TODAY, "--paths", "--no-log"], { encoding: "utf8" });
      // --paths prints paths usable from the current folder (issue 14): absolute, the vault being elsewhere.
      assert.equal(after.stdout.trim(), join(vault, "notes/new.md"));
      assert.deepEqual(answers(vault), answersOfFresh(vault));
      assert.equal(dbDump(vault), dumpOfFresh(vault));
    } finally {
      removeTemp(vault);
    }
  });
}

// The answers of a full build of a copy of the vault as it is now.
function answersOfFresh(vault: string): unknown[] {
  return ofFresh(vault, answers);
}

// What the database of a full build of a copy of the vault records.
function dumpOfFresh(vault: string): string {
  return ofFresh(vault, dbDump);
}

function ofFresh<T>(vault: string, read: (copy: string) => T): T {
  const copy = tempDir();
  try {
    for (const path of listNotes(vault)) {
      mkdirSync(join(copy, path, ".."), { recursive: true });
      writeFileSync(join(copy, path), readFileSync(join(vault, path)));
      const { mtime } = statSync(join(vault, path));
      utimesSync(join(copy, path), mtime, mtime);
    }
    indexVault(copy, { config, today: TODAY, full: true });
    return read(copy);
  } finally {
    removeTemp(copy);
  }
}

function listNotes(vault: string): string[] {
  const out = spawnSync("find", [".", "-name", "*.md", "-not", "-path", "./index/*"], { cwd: vault, encoding: "utf8" }).stdout;
  return out.split("\n").filter(Boolean).map((p) => p.slice(2)).sort();
}

const WORDS = ["alpha", "beta", "gamma", "deploy", "cache", "release", "day", "freeze"];
const op = fc.oneof(
  fc.record({ kind: fc.constant("write" as const), file: fc.nat(5), words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }), tag: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant("delete" as const), file: fc.nat(5) }),
  fc.record({ kind: fc.constant("rename" as const), file: fc.nat(5), to: fc.nat(5) }),
);

test("should answer every query and record the same rows after any adds, edits, renames and deletions exactly as a fresh full build", () => {
  fc.assert(
    fc.property(fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), (batches) => {
      const vault = tempDir();
      try {
        writeFileSync(join(vault, "cortex.toml"), "");
        indexVault(vault, { config, today: TODAY });
        let clock = 0;
        for (const batch of batches) {
          for (const o of batch) applyOp(vault, o, ++clock);
          indexVault(vault, { config, today: TODAY });
        }
        assert.deepEqual(answers(vault), answersOfFresh(vault));
        assert.equal(dbDump(vault), dumpOfFresh(vault));
      } finally {
        removeTemp(vault);
      }
    }),
    { numRuns: 12 },
  );
});

type Op = { kind: "write"; file: number; words: string[]; tag: string } | { kind: "delete"; file: number } | { kind: "rename"; file: number; to: number };

function applyOp(vault: string, o: Op, clock: number): void {
  const file = (n: number) => join(vault, `n${n}.md`);
  try {
    if (o.kind === "write") {
      writeFileSync(file(o.file), note(`Note ${o.words[0]}`, o.words.join(" "), [o.tag]));
      touch(file(o.file), clock);
    } else if (o.kind === "delete") rmSync(file(o.file));
    else if (o.file !== o.to) spawnSync("mv", [file(o.file), file(o.to)]);
  } catch {
    // Deleting a note that does not exist: nothing to do.
  }
}
