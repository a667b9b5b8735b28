import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { removeTemp, runInProcess } from "./helpers/cli.js";
import { DERIVED_FILES, damage, derivedSnapshot, exampleVault, freshFullIndex, indexRun, searches, TODAY } from "./helpers/index-damage.js";

// The exports are written from the database and never read back: one that is deleted is written again by the
// next run; the database itself, damaged, is rebuilt (see test/index-db.test.ts for every kind of damage).

test("should write each deleted export again on the next index run, without a word, as a full index gives it", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = freshFullIndex(vault);
    const expectedHits = await searches(vault);
    for (const rel of DERIVED_FILES) {
      rmSync(join(vault, rel));
      const notices: string[] = [];
      indexRun(vault, { notices });
      assert.deepEqual(notices, [], rel);
      assert.deepEqual(derivedSnapshot(vault), expected, `${rel}: the files of a full index`);
      assert.deepEqual(await searches(vault), expectedHits, `${rel}: searches`);
      assert.deepEqual(indexRun(vault).written, [], `${rel}: nothing left to do`);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should never read a damaged export back: searches, writes and the next exports are the database's", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    for (const [i, rel] of ["index/manifest.json", "index/links.json", "index/graph.json", "index/by_tag.json"].entries()) {
      const expectedHits = await searches(vault);
      damage(vault, rel, "truncate", i);
      assert.deepEqual(await searches(vault), expectedHits, `${rel}: searches`);
      const write = await runInProcess(["write", "--vault", vault, "--today", TODAY, "--type", "insight", "--project", "ops", "--name", `Fresh note on ${rel}`, "--description", "a new note", "--body", "Text."]);
      assert.equal(write.code, 0, `${rel}: ${write.stderr}`);
      assert.deepEqual(derivedSnapshot(vault), freshFullIndex(vault), rel);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should tell the CLI user on stderr and exit 0 when cortex index rebuilds a damaged database", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = freshFullIndex(vault);
    writeFileSync(join(vault, "index/cortex.db"), readFileSync(join(vault, "index/cortex.db")).subarray(0, 100));
    const run = await runInProcess(["index", "--vault", vault, "--today", TODAY]);
    assert.equal(run.code, 0);
    assert.match(run.stderr, /^cortex: index\/cortex\.db: .*; rebuilding it$/m);
    assert.deepEqual(derivedSnapshot(vault), expected);
    assert.equal((JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as unknown[]).length, 18);
  } finally {
    removeTemp(vault);
  }
});

test("should say once, when index/ holds an earlier version's files, that it is rebuilt, and remove them", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = freshFullIndex(vault);
    rmSync(join(vault, "index/cortex.db"));
    for (const name of ["cache.tsv", "search.tsv", "search.db", "pending.json", "link-keys.tsv", "aliases.tsv", "folders.tsv", "quiet-since", "check-cache.tsv"]) writeFileSync(join(vault, "index", name), "left by an earlier version\n");
    const notices: string[] = [];
    indexRun(vault, { notices });
    assert.deepEqual(notices, ["index/ was written by an earlier version of cortex; rebuilding it"]);
    assert.deepEqual(derivedSnapshot(vault), expected);
    for (const name of ["cache.tsv", "search.tsv", "search.db", "pending.json", "link-keys.tsv", "aliases.tsv", "folders.tsv", "quiet-since", "check-cache.tsv"]) assert.throws(() => readFileSync(join(vault, "index", name)), name);
  } finally {
    removeTemp(vault);
  }
});
