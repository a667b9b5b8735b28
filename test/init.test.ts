import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parseConfig } from "../lib/core/config/parse.js";
import { readWriteSettings } from "../lib/core/write/settings.js";
import { shouldCommit } from "../lib/core/git/settings.js";
import { initVault } from "./helpers/lib.js";
import { removeTemp, runInProcess, tempDir } from "./helpers/cli.js";
import { INIT_CASES, INIT_RUNNER } from "./init-cases.js";
import { registerMutationCases } from "./helpers/mutation-cases.js";

test("should create the folders, a parseable commented cortex.toml, MEMORY.md and .gitignore", () => {
  const dir = tempDir();
  try {
    const vault = join(dir, "new");
    const result = initVault(vault);
    assert.deepEqual(result.kept, []);
    for (const folder of ["atoms", "rules", "feedback", "insights", "incidents", "people", "reference", "user", "inbox", "_moc"]) {
      assert.ok(existsSync(join(vault, folder, ".gitkeep")), folder);
    }
    const toml = readFileSync(join(vault, "cortex.toml"), "utf8");
    assert.match(toml, /^# /);
    const config = parseConfig(toml, "cortex.toml", vault);
    assert.deepEqual(readWriteSettings(config), { duplicateThreshold: 0.6, related: 3, reviewDays: 30 });
    assert.equal(shouldCommit(config), false);
    assert.match(readFileSync(join(vault, "MEMORY.md"), "utf8"), /<!-- AUTO:vault_count -->\n.*\n<!-- \/AUTO:vault_count -->/);
    assert.match(readFileSync(join(vault, ".gitignore"), "utf8"), /^\/index\/$/m);
    assert.match(readFileSync(join(vault, ".gitignore"), "utf8"), /^\/layers\/$/m);
  } finally {
    removeTemp(dir);
  }
});

test("should adopt a folder of notes: add cortex.toml, keep MEMORY.md, append to .gitignore, make no folders", () => {
  // Was "refuse when MEMORY.md or .gitignore exists": issue 26 asks init to adopt an existing (Obsidian, git) folder.
  const vault = tempDir();
  try {
    writeFileSync(join(vault, ".gitignore"), "node_modules/\n.obsidian/workspace.json");
    writeFileSync(join(vault, "MEMORY.md"), "mine\n");
    writeFileSync(join(vault, "Priya.md"), "# Priya\n");
    const result = initVault(vault);
    assert.deepEqual([result.created, result.updated, result.kept, result.existing], [["cortex.toml"], [".gitignore"], ["MEMORY.md"], true]);
    assert.equal(readFileSync(join(vault, "MEMORY.md"), "utf8"), "mine\n");
    assert.match(readFileSync(join(vault, ".gitignore"), "utf8"), /^node_modules\/\n\.obsidian\/workspace\.json\n\n# .*\n\/index\/\n\/layers\/\n$/);
    assert.deepEqual(readdirSync(vault).sort(), [".gitignore", "MEMORY.md", "Priya.md", "cortex.toml"]);
    assert.throws(() => initVault(vault), { code: "EXISTS", message: /already has cortex\.toml, MEMORY\.md, \.gitignore; nothing changed/ });
    assert.deepEqual(initVault(vault, { force: true }).updated, [], "the lines are appended once");
  } finally {
    removeTemp(vault);
  }
});

test("should suggest migrate --dry-run in a folder of notes, and no git init inside a repository", async () => {
  const dir = tempDir();
  try {
    mkdirSync(join(dir, "repo/.git"), { recursive: true });
    mkdirSync(join(dir, "repo/notes/.obsidian"), { recursive: true });
    writeFileSync(join(dir, "repo/notes/Idea.md"), "an idea\n");
    const adopted = await runInProcess(["init", "notes"], { cwd: join(dir, "repo") });
    assert.equal(adopted.code, 0, adopted.stderr);
    assert.match(adopted.stdout, /\nNext: cd notes && cortex migrate --dry-run/);
    assert.doesNotMatch(adopted.stdout, /git init|created (rules|_moc)/);
    const wrote = await runInProcess(["write", "--name", "First rule", "--type", "rule", "--project", "default", "--body", "Document everything.", "--today", "2026-11-22"], { cwd: join(dir, "repo/notes") });
    assert.equal(wrote.code, 0, wrote.stderr);
    assert.ok(existsSync(join(dir, "repo/notes/rules/first_rule.md")), "the write made the folder it needed");
    const fresh = await runInProcess(["init", "fresh"], { cwd: join(dir, "repo") });
    assert.match(fresh.stdout, /\nNext: cd fresh && cortex write /);
    assert.ok(existsSync(join(dir, "repo/fresh/rules/.gitkeep")), "a new folder still gets the type folders");
  } finally {
    removeTemp(dir);
  }
});

registerMutationCases(INIT_CASES, INIT_RUNNER);

test("should give a vault that write, index and search work in", async () => {
  const dir = tempDir();
  try {
    assert.equal((await runInProcess(["init"], { cwd: dir })).code, 0);
    const wrote = await runInProcess(["write", "--name", "First rule", "--type", "rule", "--project", "default", "--body", "Document everything.", "--today", "2026-11-22"], { cwd: dir });
    assert.equal(wrote.code, 0, wrote.stderr);
    const found = await runInProcess(["search", "rule", "--paths", "--today", "2026-11-22"], { cwd: dir });
    assert.equal(found.stdout, "rules/first_rule.md\n");
  } finally {
    removeTemp(dir);
  }
});
