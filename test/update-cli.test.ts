import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { noteVersion } from "../lib/core/write/amend.js";
import { copyToTemp, removeTemp, ROOT, runInProcess } from "./helpers/cli.js";
import { UPDATE_CASES, UPDATE_RUNNER } from "./update-cli-cases.js";
import { registerMutationCases } from "./helpers/mutation-cases.js";

const EXAMPLE = join(ROOT, "examples/vault");
const TODAY = "2026-11-22";
const RULE = "rules/no_friday_deploys.md";

registerMutationCases(UPDATE_CASES, UPDATE_RUNNER);

test("should change the note in place: same file and id, updated bumped, the rest kept, logged as an update event", async () => {
  const vault = copyToTemp(EXAMPLE);
  try {
    const before = readFileSync(join(vault, RULE), "utf8");
    const run = await runInProcess(["update", RULE, "--find", "leave it queued", "--text", "keep it queued", "--if-version", noteVersion(before), "--vault", vault, "--today", TODAY]);
    assert.equal(run.code, 0, run.stderr);
    const after = readFileSync(join(vault, RULE), "utf8");
    assert.equal(after, before.replace("updated: 2026-10-02", `updated: ${TODAY}`).replace("leave it queued", "keep it queued"));
    const events = readFileSync(join(vault, "index/events.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual([events.at(-1)!.op, events.at(-1)!.path, events.at(-1)!.id, events.at(-1)!.kind], ["update", RULE, "20260905_no_friday_deploys", "replace"]);
  } finally {
    removeTemp(vault);
  }
});
