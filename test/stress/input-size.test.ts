import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BUILT_CLI } from "../helpers/cli.js";
import { emptyVaults } from "../helpers/cases.js";

// Inputs large enough to take seconds; the default suite's own are in test/input-size.test.ts.

const newDir = emptyVaults();
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
