import { join } from "node:path";
import { copyToTemp, ROOT } from "./helpers/cli.js";
import type { CaseRunner, MutationCase } from "./helpers/mutation-cases.js";

const EXAMPLE = join(ROOT, "examples/vault");
const TODAY = "2026-11-22";
const RULE = "rules/no_friday_deploys.md";

// The CLI cases of `cortex update`: every one runs in-process in test/update-cli.test.ts, a sample there
// against the built bin, and the others built in test/stress/cli-built.test.ts.

export const UPDATE_CASES: MutationCase[] = [
  { name: "should append to a note by name", args: ["update", "No deploys on Fridays after 15:00", "--text", "Holidays count as Fridays."], exitCode: 0, stdout: /^Updated rules\/no_friday_deploys\.md \(appended\); version [0-9a-f]{16}\n$/ },
  { name: "should append text read from stdin", args: ["update", RULE, "--text", "-"], stdin: "From stdin.\n", exitCode: 0, stdout: /^Updated rules\/no_friday_deploys\.md \(appended\)/ },
  { name: "should refuse a heading the note does not have, naming its headings", args: ["update", RULE, "--section", "Nope", "--text", "x"], exitCode: 2, stderr: /^cortex: section: no heading "Nope" in the note \(headings: .*\) \(rule section-not-found\)\n$/ },
  { name: "should refuse a secret in the text", args: ["update", RULE, "--text", "password=hunter22"], exitCode: 2, stderr: /\(rule password-assignment\)\n$/ },
  { name: "should refuse a stale version with CONFLICT", args: ["update", RULE, "--text", "x", "--if-version", "0000000000000000"], exitCode: 2, stderr: /^cortex: rules\/no_friday_deploys\.md changed since it was read \(version [0-9a-f]{16}, not 0000000000000000\); nothing was written\n$/ },
  { name: "should refuse --section with --find", args: ["update", RULE, "--section", "A", "--find", "b", "--text", "x"], exitCode: 2, stderr: /^cortex: give --section or --find, not both\n$/ },
  { name: "should refuse an unknown note", args: ["update", "no such note", "--text", "x"], exitCode: 2, stderr: /^cortex: no atom with path, id or name "no such note"\n$/ },
];

export const UPDATE_RUNNER: CaseRunner = {
  prepare: () => copyToTemp(EXAMPLE),
  before: (vault, run) => run(["index", "--vault", vault, "--today", TODAY, "--quiet"]),
  args: (c, vault) => [...c.args, "--vault", vault, "--today", TODAY],
};
