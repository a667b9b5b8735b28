import assert from "node:assert/strict";
import { existsSync, linkSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runInProcess } from "./helpers/cli.js";
import { emptyDirs, emptyVaults, runVaultCases, type VaultCliCase } from "./helpers/cases.js";
import { hashTree } from "./helpers/tree.js";

const newDir = emptyVaults();
const newFolder = emptyDirs();

const note = (name: string, body: string) => `---\nid: ${name.toLowerCase()}-${body.length}\nname: ${name}\ntype: concept\n---\n${body}\n`;

// Two different notes whose names differ only in case (possible on a case-sensitive disk).
function caseTwins(): string {
  const dir = newDir();
  mkdirSync(join(dir, "w"));
  writeFileSync(join(dir, "w/Foo.md"), note("Foo", "Upper case note."));
  writeFileSync(join(dir, "w/foo.md"), note("foo", "lower case note, a different one."));
  return dir;
}

const TWIN_CASES: VaultCliCase[] = [
  {
    name: "should refuse a case-only rename onto a different existing note",
    fixture: caseTwins,
    args: (dir) => ["mv", "--vault", dir, "w/Foo.md", "w/foo.md", "--today", "2026-01-05"],
    exitCode: 2,
    stderr: 'cortex: cannot move to "w/foo.md": w/foo.md already exists\n',
  },
  {
    name: "should say the same with --dry-run for a case-only rename onto a different note",
    fixture: caseTwins,
    args: (dir) => ["mv", "--vault", dir, "w/Foo.md", "w/foo.md", "--today", "2026-01-05", "--dry-run"],
    exitCode: 2,
    stderr: 'cortex: cannot move to "w/foo.md": w/foo.md already exists\n',
  },
];

runVaultCases(TWIN_CASES, "", () => "", (dir) => {
  const tree = hashTree(dir);
  assert.ok(tree["w/Foo.md"] && tree["w/foo.md"] && tree["w/Foo.md"] !== tree["w/foo.md"], "both notes are still there, each with its own bytes");
});

test("should allow a case-only rename when both names are the same file (as on a case-insensitive disk)", async () => {
  // A hard link stands for a case-insensitive disk here: two names, one file (same device and inode).
  const dir = newDir();
  mkdirSync(join(dir, "w"));
  writeFileSync(join(dir, "w/Foo.md"), note("Foo", "Only one note."));
  linkSync(join(dir, "w/Foo.md"), join(dir, "w/foo.md"));
  const run = await runInProcess(["mv", "--vault", dir, "w/Foo.md", "w/foo.md", "--today", "2026-01-05"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Moved w\/Foo\.md → w\/foo\.md\n/);
});

test("should still refuse a different name that is a hard link of the moved note", async () => {
  const dir = newDir();
  writeFileSync(join(dir, "a.md"), note("A", "Body."));
  linkSync(join(dir, "a.md"), join(dir, "b.md"));
  const run = await runInProcess(["mv", "--vault", dir, "a.md", "b.md", "--today", "2026-01-05"]);
  assert.equal(run.code, 2);
  assert.equal(run.stderr, 'cortex: cannot move to "b.md": b.md already exists\n');
});

// A vault with a note and, beside it, folders that are symbolic links: one to a folder outside the vault, one dangling.
function linkedFolders(): string {
  const dir = newDir();
  const outside = newFolder();
  writeFileSync(join(dir, "a.md"), note("A", "The note to move."));
  mkdirSync(join(dir, "real"));
  symlinkSync(outside, join(dir, "out"));
  symlinkSync(join(outside, "gone"), join(dir, "dangling"));
  symlinkSync(outside, join(dir, "real/deeper"));
  return dir;
}

const SYMLINK_CASES: VaultCliCase[] = [
  {
    name: "should refuse to move a note into a folder that is a symbolic link",
    fixture: linkedFolders,
    args: (dir) => ["mv", "--vault", dir, "a.md", "out/", "--today", "2026-01-05"],
    exitCode: 2,
    stderr: /^cortex: to: "out" goes through the symbolic link "out"; cortex only writes to real folders inside the vault \(rule dir-symlink\)\n$/,
  },
  {
    name: "should refuse a path whose folder goes through a symbolic link deeper down",
    fixture: linkedFolders,
    args: (dir) => ["mv", "--vault", dir, "a.md", "real/deeper/new/a.md", "--today", "2026-01-05", "--dry-run"],
    exitCode: 2,
    stderr: /\(rule dir-symlink\)\n$/,
  },
  {
    name: "should refuse a dangling folder link in one line",
    fixture: linkedFolders,
    args: (dir) => ["mv", "--vault", dir, "a.md", "dangling/", "--today", "2026-01-05"],
    exitCode: 2,
    stderr: /^cortex: to: "dangling" goes through the symbolic link "dangling"; .*\(rule dir-symlink\)\n$/,
  },
];

runVaultCases(SYMLINK_CASES, "", () => "", (dir) => {
  assert.ok(existsSync(join(dir, "a.md")), "the note stayed where it was");
  assert.deepEqual(readdirSync(join(dir, "out")), [], "nothing arrived outside the vault");
});
