import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { copyToTemp, removeTemp, ROOT, runInProcess } from "./helpers/cli.js";

// A real Obsidian vault: the docs of the obsidian-tasks plugin (MIT; see the fixture's README).
const vault = copyToTemp(join(ROOT, "test/fixtures/obsidian-tasks-docs/docs"));
after(() => removeTemp(vault));

const MISSING_IMAGES = [
  'Getting Started/On Completion.md:98 error missing-file links to "on-completion-after.png", which is not in the vault',
  'Getting Started/On Completion.md:98 error missing-file links to "on-completion-before.png", which is not in the vault',
];

test("should index the real vault without a crash", async () => {
  const run = await runInProcess(["index", "--vault", vault, "--today", "2026-08-21"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Indexed 118 atoms \(0 errors, 0 warnings\)/);
});

test("should check the real vault and find only the two images that were not copied", async () => {
  const run = await runInProcess(["check", "--vault", vault, "--today", "2026-08-21"]);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stdout, `${MISSING_IMAGES.join("\n")}\n`);
  assert.equal(run.stderr, "118 files checked: 2 errors, 0 warnings\n");
});

test("should report on the real vault's links: only the two images are broken, nothing is ambiguous", async () => {
  const run = await runInProcess(["link", "--vault", vault, "--report", "--json", "--today", "2026-08-21"]);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout) as { atoms: number; links: number; broken: { from: string; target: string; line: number }[]; ambiguous: unknown[] };
  assert.equal(report.atoms, 118);
  assert.deepEqual(report.broken, [
    { from: "Getting Started/On Completion.md", target: "on-completion-after.png", line: 98 },
    { from: "Getting Started/On Completion.md", target: "on-completion-before.png", line: 98 },
  ]);
  assert.deepEqual(report.ambiguous, []);
  assert.ok(report.links > 500, `only ${report.links} links resolved`);
});
