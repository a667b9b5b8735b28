import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { noteVersion } from "../lib/core/write/amend.js";
import { copyToTemp, removeTemp, ROOT, runInProcess } from "./helpers/cli.js";
import { registerMutationCases, type MutationCase } from "./helpers/mutation-cases.js";

const EXAMPLE = join(ROOT, "examples/vault");
const TODAY = "2026-11-22";
const RULE = "rules/no_friday_deploys.md";

const CASES: MutationCase[] = [
  { name: "should append to a note by name", args: ["update", "No deploys on Fridays after 15:00", "--text", "Holidays count as Fridays."], exitCode: 0, stdout: /^Updated rules\/no_friday_deploys\.md \(appended\); version [0-9a-f]{16}\n$/ },
  { name: "should append text read from stdin", args: ["update", RULE, "--text", "-"], stdin: "From stdin.\n", exitCode: 0, stdout: /^Updated rules\/no_friday_deploys\.md \(appended\)/ },
  { name: "should refuse a heading the note does not have, naming its headings", args: ["update", RULE, "--section", "Nope", "--text", "x"], exitCode: 2, stderr: /^cortex: section: no heading "Nope" in the note \(headings: .*\) \(rule section-not-found\)\n$/ },
  { name: "should refuse a secret in the text", args: ["update", RULE, "--text", "password=hunter22"], exitCode: 2, stderr: /\(rule password-assignment\)\n$/ },
  { name: "should refuse a stale version with CONFLICT", args: ["update", RULE, "--text", "x", "--if-version", "0000000000000000"], exitCode: 2, stderr: /^cortex: rules\/no_friday_deploys\.md changed since it was read \(version [0-9a-f]{16}, not 0000000000000000\); nothing was written\n$/ },
  { name: "should refuse --section with --find", args: ["update", RULE, "--section", "A", "--find", "b", "--text", "x"], exitCode: 2, stderr: /^cortex: give --section or --find, not both\n$/ },
  { name: "should refuse an unknown note", args: ["update", "no such note", "--text", "x"], exitCode: 2, stderr: /^cortex: no atom with path, id or name "no such note"\n$/ },
];

registerMutationCases(CASES, {
  prepare: () => copyToTemp(EXAMPLE),
  before: (vault, run) => run(["index", "--vault", vault, "--today", TODAY, "--quiet"]),
  args: (c, vault) => [...c.args, "--vault", vault, "--today", TODAY],
});

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
