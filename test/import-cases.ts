import { tempVault } from "./helpers/cli.js";
import type { CaseRunner, MutationCase } from "./helpers/mutation-cases.js";

const TODAY = "2026-11-22";

// The CLI cases of `cortex import`: every one runs in-process in test/import.test.ts, a sample there
// against the built bin, and the others built in test/stress/cli-built.test.ts.

export const IMPORT_CASES: MutationCase[] = [
  { name: "should print the import summary", args: ["import", "test/fixtures/import/decisions.md", "--project", "ops"], exitCode: 0, stdout: /\nImported 4 of 6 \(1 duplicate, 1 rejected: 1 aws-access-key\)\n$/, stderr: /^test\/fixtures\/import\/decisions\.md:17 aws-access-key "Leaked key": rejected: body contains what looks like an AWS access key id; remove it or keep it out of memory\ntest\/fixtures\/import\/decisions\.md:21 duplicate / },
  { name: "should import one atom per file with --split file", args: ["import", "test/fixtures/import/notes/sub/plain.md", "--project", "ops", "--split", "file"], exitCode: 0, stdout: /^wrote reference\/retry_budget\.md  \(test\/fixtures\/import\/notes\/sub\/plain\.md\)\nImported 1 of 1\n$/ },
  { name: "should refuse items without a project", args: ["import", "test/fixtures/import/decisions.md"], exitCode: 2, stderr: /^cortex: project: 6 of 6 items name no project; give --project \(rule required\)\n$/ },
  { name: "should refuse a missing source", args: ["import", "no/such/file.md", "--project", "ops"], exitCode: 2, stderr: /^cortex: import source not found: no\/such\/file\.md \(ENOENT\)\n$/ },
  { name: "should refuse a bad --split", args: ["import", "test/fixtures/import/decisions.md", "--split", "h3"], exitCode: 2, stderr: /argument 'h3' is invalid/ },
  { name: "should exit 1 when nothing is imported", args: ["import", "test/fixtures/import/decisions.md", "--project", "ops", "--type", "memo"], exitCode: 1, stdout: /^Imported 0 of 6 \(6 rejected: 6 invalid-type\)\n$/ },
  { name: "should say what it skipped", args: ["import", "test/fixtures/import/sections.md", "--project", "ops", "--dry-run"], exitCode: 0, stdout: /\nWould import 2 of 2 \(1 skipped\)\n$/, stderr: /^test\/fixtures\/import\/sections\.md:9 skipped "Sections: Empty": section has no text\n$/ },
];

export const IMPORT_RUNNER: CaseRunner = { prepare: () => tempVault(), args: (c, vault) => [...c.args, "--vault", vault, "--today", TODAY] };
