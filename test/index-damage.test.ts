import assert from "node:assert/strict";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { readIndexes } from "../lib/store/read-indexes.js";
import { removeTemp, runInProcess } from "./helpers/cli.js";
import { DAMAGES, DERIVED_FILES, damage, derivedSnapshot, exampleVault, freshFullIndex, indexRun, searches, TODAY, type Damage } from "./helpers/index-damage.js";

// Each derived file with one kind of damage (rotating), and every kind on the manifest; the stress suite tries every pair.
const CASES: [string, Damage][] = [...DERIVED_FILES.map((rel, i): [string, Damage] => [rel, DAMAGES[i % DAMAGES.length]!]), ...DAMAGES.map((d): [string, Damage] => ["index/manifest.json", d])];

test("should find each damaged derived file on the next index run, say so in one line and rebuild what a full index gives", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = freshFullIndex(vault);
    const expectedHits = await searches(vault);
    for (const [i, [rel, how]] of CASES.entries()) {
      damage(vault, rel, how, i);
      const notices: string[] = [];
      indexRun(vault, { notices });
      // A cache that is gone is a first run's (a fresh clone has none): rebuilt without a word.
      const silent = rel === "index/cache.tsv" && how === "delete the file";
      assert.equal(notices.length, silent ? 0 : 1, `${rel}, ${how}: one notice (${notices.join(" | ")})`);
      if (!silent) assert.match(notices[0]!, new RegExp(`^${rel.replace(".", "\\.")} is (damaged|missing|empty)`), `${rel}, ${how}`);
      assert.deepEqual(derivedSnapshot(vault), expected, `${rel}, ${how}: the files of a full index`);
      assert.deepEqual(await searches(vault), expectedHits, `${rel}, ${how}: searches`);
      const again: string[] = [];
      assert.deepEqual(indexRun(vault, { notices: again }).written, [], `${rel}, ${how}: nothing left to do`);
      assert.deepEqual(again, []);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should rebuild rather than splice into a damaged file when a note changed too", () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    for (const [i, rel] of ["index/manifest.json", "index/search.tsv", "index/graph.json", "index/by_tag.json", "index/links.json"].entries()) {
      damage(vault, rel, "delete a line", i);
      appendFileSync(join(vault, "rules/no_friday_deploys.md"), `\nEdit ${i}.\n`);
      const notices: string[] = [];
      indexRun(vault, { notices });
      assert.equal(notices.length, 1, rel);
      assert.deepEqual(derivedSnapshot(vault), freshFullIndex(vault), rel);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should never crash a later write or index on a damaged links.json, graph.json or by_tag.json", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    for (const rel of ["index/links.json", "index/graph.json", "index/by_tag.json"]) {
      damage(vault, rel, "truncate", 0);
      const write = await runInProcess(["write", "--vault", vault, "--today", TODAY, "--type", "insight", "--project", "ops", "--name", `Fresh note on ${rel}`, "--description", "a new note", "--body", "Text."]);
      assert.equal(write.code, 0, `${rel}: ${write.stderr}`);
      assert.deepEqual(derivedSnapshot(vault), freshFullIndex(vault), rel);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should tell the CLI user on stderr and exit 0 when cortex index rebuilds a damaged manifest", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    writeFileSync(join(vault, "index/manifest.json"), readFileSync(join(vault, "index/manifest.json")).subarray(0, 100));
    const run = await runInProcess(["index", "--vault", vault, "--today", TODAY]);
    assert.equal(run.code, 0);
    assert.match(run.stderr, /^cortex: index\/manifest\.json is damaged \(100 bytes, \d+ written\): rebuilding the index$/m);
    assert.equal(readIndexes(vault).manifest.length, 18);
  } finally {
    removeTemp(vault);
  }
});

test("should refuse to read an index file that does not match its check, naming it", () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    damage(vault, "index/by_type.json", "random bytes", 3);
    assert.throws(() => readIndexes(vault), /index\/by_type\.json is damaged \(checksum\)\); run: cortex index --full$/);
  } finally {
    removeTemp(vault);
  }
});

test("should rebuild a search file that lost or gained a line before searching it, not give what is left", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expectedHits = await searches(vault);
    for (const [i, how] of (["delete a line", "duplicate a line", "truncate"] as const).entries()) {
      damage(vault, "index/search.tsv", how, i + 2);
      assert.deepEqual(await searches(vault), expectedHits, how);
      assert.deepEqual(derivedSnapshot(vault)["index/search.tsv"], freshFullIndex(vault)["index/search.tsv"], how);
    }
  } finally {
    removeTemp(vault);
  }
});
