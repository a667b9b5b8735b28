import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BODY_SCAN_LIMIT } from "../lib/core/atoms/scan-limit.js";
import { codePointLength } from "../lib/core/util/text.js";
import { BUILT_CLI, runBuilt } from "./helpers/cli.js";
import { emptyVaults } from "./helpers/cases.js";

const newDir = emptyVaults();
const TODAY = ["--today", "2026-11-22"];
const FRONT = "---\nid: big\nname: Big\ntype: concept\nproject: p\nstatus: active\ncreated: 2026-01-01\nupdated: 2026-01-01\ntags: []\nlinks: []\n---\n";

test("should leave a note over the body scan limit out of the duplicate check, with a too-large warning", () => {
  const vault = newDir();
  const text = "Rotate the signing keys every quarter and record who did it in the ops log.\n";
  writeFileSync(join(vault, "big.md"), FRONT + text.repeat(Math.ceil((BODY_SCAN_LIMIT + 1) / text.length)));
  const check = runBuilt(["check", "--vault", vault, ...TODAY]);
  // check's lines carry the severity word (issue 14).
  assert.match(check.stdout, /^big\.md:1 warning too-large is 2\.0 MiB, over the 2 MiB a note's body is scanned for near-duplicates and links; indexed and searchable, but left out of those scans$/m);
  const write = runBuilt(["write", "--vault", vault, "--name", "Big", "--type", "concept", "--project", "p", "--body", text.repeat(3), ...TODAY]);
  assert.equal(write.code, 0, write.stderr);
  assert.match(write.stdout, /^Wrote atoms\/big\.md/);
});

test("should count code points as [...text].length does, without the array", () => {
  for (const text of ["", "abc", "😀x😀", "\ud800 lone high", "lone low \udc00", "é\u0301", "\ud83d"]) assert.equal(codePointLength(text), [...text].length, JSON.stringify(text));
});

test("should refuse a 20 MB body on its length without gigabytes of memory", () => {
  const vault = newDir();
  writeFileSync(join(vault, "big.txt"), "a".repeat(20_000_000));
  const run = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, BUILT_CLI, "write", "--vault", vault, "--name", "X", "--type", "rule", "--project", "p", "--file", join(vault, "big.txt"), ...TODAY], { encoding: "utf8" });
  if (run.error) return; // no /usr/bin/time here: the test above covers the count
  const lines = run.stderr.trim().split("\n");
  const peakKb = lines.at(-1);
  assert.equal(lines[0], "cortex: --body is 20000000 chars, at most 50000 allowed (rule max-length)");
  assert.ok(Number(peakKb) < 400_000, `peak ${peakKb} KB`);
});
