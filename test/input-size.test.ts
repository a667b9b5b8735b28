import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BODY_SCAN_LIMIT } from "../lib/atoms/scan-limit.js";
import { BUILT_CLI, runBuilt } from "./helpers/cli.js";
import { emptyDirs } from "./helpers/cases.js";

const newDir = emptyDirs();
const TODAY = ["--today", "2026-11-22"];
const FRONT = "---\nid: big\nname: Big\ntype: concept\nproject: p\nstatus: active\ncreated: 2026-01-01\nupdated: 2026-01-01\ntags: []\nlinks: []\n---\n";

test("should check a note with 150,000 broken links without running out of stack", () => {
  const vault = newDir();
  writeFileSync(join(vault, "big.md"), FRONT + Array.from({ length: 150_000 }, (_, i) => `[[x${i}]]`).join(" ") + "\n");
  // Its 150,000 lines are more than runBuilt's output buffer.
  const run = spawnSync(process.execPath, [BUILT_CLI, "check", "--vault", vault, ...TODAY], { encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(run.status, 1, run.stderr);
  assert.equal(run.stderr, "1 files checked: 150000 errors, 0 warnings\n");
  assert.equal(run.stdout.split("\n").filter((l) => l.includes(" broken-link ")).length, 150_000);
});

test("should leave a note over the body scan limit out of the duplicate check, with a too-large warning", () => {
  const vault = newDir();
  const text = "Rotate the signing keys every quarter and record who did it in the ops log.\n";
  writeFileSync(join(vault, "big.md"), FRONT + text.repeat(Math.ceil((BODY_SCAN_LIMIT + 1) / text.length)));
  const check = runBuilt(["check", "--vault", vault, ...TODAY]);
  assert.match(check.stdout, /^big\.md:1 too-large is 2\.0 MiB, over the 2 MiB a note's body is scanned for near-duplicates and links; indexed and searchable, but left out of those scans$/m);
  const write = runBuilt(["write", "--vault", vault, "--name", "Big", "--type", "concept", "--project", "p", "--body", text.repeat(3), ...TODAY]);
  assert.equal(write.code, 0, write.stderr);
  assert.match(write.stdout, /^Wrote atoms\/big\.md/);
});
