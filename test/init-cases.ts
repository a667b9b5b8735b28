import { rmSync } from "node:fs";
import { join } from "node:path";
import { initVault } from "./helpers/lib.js";
import { tempDir } from "./helpers/cli.js";
import type { CaseRunner, MutationCase } from "./helpers/mutation-cases.js";

// The CLI cases of `cortex init`: every one runs in-process in test/init.test.ts, a sample there
// against the built bin, and the others built in test/stress/cli-built.test.ts.

export const INIT_CASES: MutationCase[] = [
  { name: "should initialize a new folder", args: ["init", "vault"], exitCode: 0, stdout: /^Initialized vault .*\/vault\n  created _moc\/\n[^]*  created cortex\.toml\n[^]*Next: cd vault && git init/ },
  { name: "should refuse a folder that has a vault", args: ["init", "vault"], exitCode: 2, setup: (d) => initVault(join(d, "vault")), stderr: /^cortex: .*\/vault already has cortex\.toml, MEMORY\.md, \.gitignore; nothing changed \(use --force to add only what is missing\)\n$/ },
  { name: "should add what is missing with --force", args: ["init", "vault", "--force"], exitCode: 0, setup: (d) => { initVault(join(d, "vault")); rmSync(join(d, "vault/MEMORY.md")); }, stdout: /  created MEMORY\.md\n/ },
  { name: "should say there is nothing to add", args: ["init", "--force"], exitCode: 0, setup: (d) => initVault(d), stdout: /Nothing to add: the vault has everything\.\n\nNext: git init/ },
];

export const INIT_RUNNER: CaseRunner = { prepare: () => tempDir(), cwd: (dir) => dir };
