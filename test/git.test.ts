import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { commitFiles } from "./helpers/lib.js";
import { copyToTemp, removeTemp, ROOT, runInProcess, tempVault } from "./helpers/cli.js";

const TODAY = "2026-11-22";

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd, encoding: "utf8" });
  assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

/** A copy of the example vault as a git repository with one commit, `[git] commit = true`, and unrelated changes (one staged, one not). */
function repoVault(): string {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  appendFileSync(join(vault, "cortex.toml"), "\n[git]\ncommit = true\n");
  writeFileSync(join(vault, ".gitignore"), "/index/\n/layers/\n");
  git(vault, "init", "-q");
  git(vault, "config", "user.email", "test@example.com");
  git(vault, "config", "user.name", "Test");
  git(vault, "add", "-A");
  git(vault, "commit", "-qm", "initial");
  appendFileSync(join(vault, "MEMORY.md"), "\nstaged but not ours\n");
  git(vault, "add", "MEMORY.md");
  appendFileSync(join(vault, "_moc/ops.md"), "\nunstaged edit\n");
  return vault;
}

function lastCommit(vault: string): { subject: string; files: string[] } {
  const subject = git(vault, "log", "-1", "--format=%s").trim();
  const files = git(vault, "show", "--name-only", "--format=", "HEAD").trim().split("\n").filter(Boolean);
  return { subject, files };
}

function assertUnrelatedLeftAlone(vault: string): void {
  const status = git(vault, "status", "--porcelain");
  assert.match(status, /^M  MEMORY\.md$/m, "the staged change stays staged");
  assert.match(status, /^ M _moc\/ops\.md$/m, "the unstaged change stays unstaged");
}

test("should commit exactly what each mutating command changed, naming the command and atoms", async () => {
  const vault = repoVault();
  try {
    const steps: [string[], string, string[]][] = [
      [["write", "--name", "Canary every deploy", "--type", "rule", "--project", "ops", "--body", "Run the canary first."], "cortex write: Canary every deploy", ["rules/canary_every_deploy.md"]],
      [["supersede", "atoms/test_rollback_scripts.md", "--by", "rules/canary_every_deploy.md"], "cortex supersede: Rehearse the rollback before a migration ships by Canary every deploy", ["atoms/test_rollback_scripts.md", "rules/canary_every_deploy.md"]],
      [["migrate"], "cortex migrate: standardize frontmatter of 1 file", ["inbox/quick idea.md"]],
      [["import", "test/fixtures/import/notes/sub/plain.md", "--project", "ops"], "cortex import: 1 atom from test/fixtures/import/notes/sub/plain.md", ["reference/retry_budget.md"]],
      [["write", "--name", "Canary every deploy", "--type", "rule", "--project", "ops", "--body", "Run the canary first, always.", "--force"], "cortex write: Canary every deploy", ["rules/canary_every_deploy_2.md"]],
      [["consolidate", "--apply"], "cortex consolidate: merge 1 near-duplicate atom", ["rules/canary_every_deploy.md", "rules/canary_every_deploy_2.md"]],
    ];
    for (const [args, subject, files] of steps) {
      const result = await runInProcess([...args, "--vault", vault, "--today", TODAY], { cwd: ROOT });
      assert.equal(result.code, 0, `${args[0]}: ${result.stderr}`);
      assert.doesNotMatch(result.stderr, /not committed/);
      assert.deepEqual(lastCommit(vault), { subject, files: [...files].sort() }, args[0]);
      assertUnrelatedLeftAlone(vault);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should not commit with --no-commit, and explain when the vault is no repository", async () => {
  const vault = repoVault();
  const plain = tempVault();
  try {
    const head = git(vault, "rev-parse", "HEAD");
    const r = await runInProcess(["write", "--vault", vault, "--name", "Uncommitted", "--type", "rule", "--project", "ops", "--no-commit", "--today", TODAY]);
    assert.equal(r.code, 0);
    assert.equal(git(vault, "rev-parse", "HEAD"), head);
    const p = await runInProcess(["write", "--vault", plain, "--name", "Loose", "--type", "rule", "--project", "p", "--commit", "--today", TODAY]);
    assert.equal(p.code, 0);
    assert.equal(p.stderr, "cortex: not committed: not a git repository\n");
  } finally {
    removeTemp(vault);
    removeTemp(plain);
  }
});

test("should treat file names with pattern characters literally", () => {
  const vault = tempVault();
  try {
    git(vault, "init", "-q");
    git(vault, "config", "user.email", "t@example.com");
    git(vault, "config", "user.name", "T");
    writeFileSync(join(vault, "a*.md"), "star\n");
    writeFileSync(join(vault, "ab.md"), "other\n");
    assert.deepEqual(commitFiles(vault, ["a*.md"], "one file"), { committed: true });
    assert.deepEqual(lastCommit(vault).files, ["a*.md"]);
    assert.match(git(vault, "status", "--porcelain"), /^\?\? ab\.md$/m);
  } finally {
    removeTemp(vault);
  }
});
