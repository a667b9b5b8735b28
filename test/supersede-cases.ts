import { join } from "node:path";
import { copyToTemp, ROOT } from "./helpers/cli.js";
import type { CaseRunner, MutationCase } from "./helpers/mutation-cases.js";

const EXAMPLE = join(ROOT, "examples/vault");
const TODAY = "2026-11-22";

// The CLI cases of `cortex supersede`: every one runs in-process in test/supersede.test.ts, a sample there
// against the built bin, and the others built in test/stress/cli-built.test.ts.

export const SUPERSEDE_CASES: MutationCase[] = [
  { name: "should supersede by path and id", args: ["supersede", "atoms/test_rollback_scripts.md", "--by", "20260905_no_friday_deploys"], exitCode: 0, stdout: /^Superseded atoms\/test_rollback_scripts\.md by rules\/no_friday_deploys\.md\n$/ },
  { name: "should retire an atom without --by", args: ["supersede", "Quick Idea"], exitCode: 0, stdout: /^Retired inbox\/quick idea\.md \(archived, no replacement; still on disk\)\n$/ },
  { name: "should refuse an unknown atom", args: ["supersede", "no such atom"], exitCode: 2, stderr: /^cortex: no atom with path, id or name "no such atom"\n$/ },
  { name: "should refuse an already superseded atom", args: ["supersede", "atoms/deploy_freeze_release_day"], exitCode: 2, stderr: /^cortex: old: .* is already superseded .*\(rule already-superseded\)\n$/ },
  { name: "should refuse a secret in the reason", args: ["supersede", "atoms/payments_api_v2.md", "--reason", "password=hunter22"], exitCode: 2, stderr: /\(rule password-assignment\)\n$/ },
];

export const SUPERSEDE_RUNNER: CaseRunner = {
  prepare: () => copyToTemp(EXAMPLE),
  before: (vault, run) => run(["index", "--vault", vault, "--today", TODAY, "--quiet"]),
  args: (c, vault) => [...c.args, "--vault", vault, "--today", TODAY],
};
