import assert from "node:assert/strict";
import { appendFileSync, cpSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { removeTemp, runBuilt, runInProcess, tempDir } from "./helpers/cli.js";
import { derivedSnapshot, exampleVault, freshFullIndex, indexRun, TODAY } from "./helpers/index-damage.js";
import { listAtoms } from "./helpers/tree.js";

const FROM = "rules/no_friday_deploys.md";
const TO = "rules/no_weekend_deploys.md";
const JOURNAL = "index/mv-journal.json";

function notes(vault: string): Record<string, string> {
  return Object.fromEntries(listAtoms(vault).map((rel) => [rel, readFileSync(join(vault, rel), "utf8")]));
}

// The notes after an uninterrupted move of a copy of `vault`.
async function movedTwin(vault: string): Promise<Record<string, string>> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true });
    const run = await runInProcess(["mv", FROM, TO, "--vault", twin, "--today", TODAY]);
    assert.equal(run.code, 0, run.stderr);
    return notes(twin);
  } finally {
    removeTemp(twin);
  }
}

function killedMove(vault: string, stage: string): void {
  const run = runBuilt(["mv", FROM, TO, "--vault", vault, "--today", TODAY], { env: { CORTEX_TEST_KILL_AT: stage } });
  assert.equal(run.code, -1, `killed at ${stage}: ${run.stderr}`);
  assert.ok(existsSync(join(vault, JOURNAL)), `the plan is kept when killed at ${stage}`);
}

test("should finish a move killed at any stage on the next cortex index, cortex check or cortex mv", async () => {
  for (const [stage, command] of [["mv:journal", "index"], ["mv:renamed", "check"], ["mv:rewrote", "mv"]] as const) {
    const vault = exampleVault();
    try {
      indexRun(vault, { full: true });
      const expected = await movedTwin(vault);
      assert.ok(Object.keys(expected).filter((p) => expected[p] !== readFileSync(join(vault, p === TO ? FROM : p), "utf8")).length >= 2, "the move rewrites links in other notes");
      killedMove(vault, stage);
      const args = command === "mv" ? ["mv", FROM, TO] : [command];
      const run = await runInProcess([...args, "--vault", vault, "--today", TODAY]);
      assert.match(run.stderr, new RegExp(`^cortex: finished the interrupted move ${FROM} → ${TO} \\(\\d+ files? rewritten\\)$`, "m"), `${stage}, ${command}`);
      assert.equal(run.code, command === "check" ? run.code : 0, run.stderr);
      assert.deepEqual(notes(vault), expected, `${stage}, ${command}: every link as an uninterrupted move leaves it`);
      assert.ok(!existsSync(join(vault, JOURNAL)), "the plan is removed once done");
      indexRun(vault);
      assert.deepEqual(derivedSnapshot(vault), freshFullIndex(vault), `${stage}, ${command}: the index`);
    } finally {
      removeTemp(vault);
    }
  }
});

test("should leave alone a note that changed after the move was planned, and say so", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = await movedTwin(vault);
    killedMove(vault, "mv:renamed");
    const edited = "reference/manual_deploy_runbook.md";
    appendFileSync(join(vault, edited), "\nEdited by hand.\n");
    const mine = readFileSync(join(vault, edited), "utf8");
    const run = await runInProcess(["index", "--vault", vault, "--today", TODAY]);
    assert.match(run.stderr, new RegExp(`^${edited}:1 mv-skipped the file changed since the move was planned; its references to ${FROM} were not rewritten$`, "m"));
    assert.equal(readFileSync(join(vault, edited), "utf8"), mine, "the user's edit kept, byte for byte");
    for (const [rel, text] of Object.entries(notes(vault))) if (rel !== edited) assert.equal(text, expected[rel], rel);
  } finally {
    removeTemp(vault);
  }
});

test("should not finish a move whose note changed before it was renamed, and say why", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    killedMove(vault, "mv:journal");
    appendFileSync(join(vault, FROM), "\nEdited by hand.\n");
    const before = notes(vault);
    const run = await runInProcess(["index", "--vault", vault, "--today", TODAY]);
    assert.match(run.stderr, new RegExp(`^cortex: the interrupted move ${FROM} → ${TO} cannot be finished: ${FROM} changed since the move was planned; links to ${FROM} may be broken \\(cortex check lists them\\)$`, "m"));
    assert.deepEqual(notes(vault), before, "nothing touched");
    assert.ok(!existsSync(join(vault, JOURNAL)), "reported once, not at every run");
    const again = await runInProcess(["index", "--vault", vault, "--today", TODAY]);
    assert.doesNotMatch(again.stderr, /interrupted move/);
  } finally {
    removeTemp(vault);
  }
});

test("should finish an interrupted move before another one, and name it when the other one is refused", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = await movedTwin(vault);
    killedMove(vault, "mv:renamed");
    const refused = await runInProcess(["mv", "no such atom", "atoms/x.md", "--vault", vault, "--today", TODAY]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, new RegExp(`finished the interrupted move ${FROM} → ${TO} first; then: `));
    assert.deepEqual(notes(vault), expected);
  } finally {
    removeTemp(vault);
  }
  const again = exampleVault();
  try {
    indexRun(again, { full: true });
    killedMove(again, "mv:renamed");
    const other = await runInProcess(["mv", "atoms/payments_api_v2.md", "atoms/payments_api.md", "--vault", again, "--today", TODAY]);
    assert.equal(other.code, 0, other.stderr);
    assert.match(other.stderr, /^cortex: finished the interrupted move rules\/no_friday_deploys\.md → rules\/no_weekend_deploys\.md/m);
    assert.match(other.stdout, /^Moved atoms\/payments_api_v2\.md → atoms\/payments_api\.md$/m);
    assert.ok(!existsSync(join(again, JOURNAL)));
  } finally {
    removeTemp(again);
  }
});
