import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runBuilt } from "./helpers/cli.js";
import { emptyVaults } from "./helpers/cases.js";

const newDir = emptyVaults();
const PARTIAL = '{"ts":"2026-11-21T10:00:00.000Z","op":"wri';

// The log's lines: the partial one a killed writer left, then every later line whole.
function lines(file: string): string[] {
  return readFileSync(file, "utf8").split("\n");
}

test("should start a new line in events.jsonl when a killed writer left a partial one", () => {
  const vault = newDir();
  mkdirSync(join(vault, "index"));
  writeFileSync(join(vault, "index/events.jsonl"), PARTIAL);
  const run = runBuilt(["write", "--vault", vault, "--name", "After the crash", "--type", "rule", "--project", "ops", "--today", "2026-11-22", "--body", "Kept."]);
  assert.equal(run.code, 0, run.stderr);
  const [first, second, end] = lines(join(vault, "index/events.jsonl"));
  assert.equal(first, PARTIAL);
  assert.deepEqual([JSON.parse(second!).op, JSON.parse(second!).path, end], ["write", "rules/after_the_crash.md", ""]);
});

test("should start a new line in access_log.jsonl when a killed search left a partial one", () => {
  const vault = newDir();
  writeFileSync(join(vault, "n.md"), "# Note\n\nsome words to find\n");
  assert.equal(runBuilt(["index", "--vault", vault, "--today", "2026-11-22"]).code, 0);
  writeFileSync(join(vault, "index/access_log.jsonl"), PARTIAL);
  assert.equal(runBuilt(["search", "--vault", vault, "--today", "2026-11-22", "words"]).code, 0);
  const [first, second, end] = lines(join(vault, "index/access_log.jsonl"));
  assert.equal(first, PARTIAL);
  assert.deepEqual([JSON.parse(second!).op, JSON.parse(second!).results, end], ["search", ["n.md"], ""]);
});
