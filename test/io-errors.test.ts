import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { markVault, removeTemp, runBuilt, tempDir } from "./helpers/cli.js";
import { emptyVaults } from "./helpers/cases.js";
import { IS_ROOT, NO_PERMISSIONS, runBuiltUnprivileged } from "./helpers/unprivileged.js";

const newDir = emptyVaults();
const TODAY = ["--today", "2026-11-22"];
const NOTE = "---\nid: a1\nname: Note A\ntype: rule\nproject: p\nstatus: active\ncreated: 2026-01-01\nupdated: 2026-01-01\ntags: []\nlinks: []\n---\nBody of A.\n";

test("should name the folder it cannot write in, in one line, and leave the vault as it was", { skip: NO_PERMISSIONS ?? false }, () => {
  const vault = newDir();
  mkdirSync(join(vault, "rules"));
  chmodSync(join(vault, "rules"), 0o555);
  const run = runBuiltUnprivileged(["write", "--vault", vault, "--name", "Locked out", "--type", "rule", "--project", "p", "--body", "Text.", ...TODAY], vault);
  assert.equal(run.code, 2);
  assert.equal(run.stderr, `cortex: cannot write ${vault}/rules/locked_out.md: no permission to write in the folder ${vault}/rules (EACCES)\n`);
  assert.deepEqual(readdirSync(join(vault, "rules")), []);
});

for (const args of [["mv", "a.md", "b.md"], ["supersede", "a.md"], ["supersede", "a"]]) {
  test(`should say a note cannot be read, not that there is no such atom (${args.join(" ")})`, { skip: NO_PERMISSIONS ?? false }, () => {
    const vault = newDir();
    writeFileSync(join(vault, "a.md"), NOTE);
    chmodSync(join(vault, "a.md"), 0o000);
    const run = runBuiltUnprivileged([args[0]!, "--vault", vault, ...args.slice(1), ...TODAY], vault);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, "cortex: cannot read a.md (EACCES); cortex must read a note to change it\n");
  });
}

// A small RAM disk (root only: mount), removed after the test.
function ramDisk(): string | null {
  if (!IS_ROOT) return null;
  const dir = tempDir();
  if (spawnSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir]).status !== 0) return null;
  after(() => {
    spawnSync("umount", [dir]);
    removeTemp(dir);
  });
  return dir;
}

// Fills the disk of `dir` up to `pages` free 4 KiB pages; returns the filler file, to remove for room.
function fillDisk(dir: string, pages: number): string {
  const filler = join(dir, "filler");
  const fd = openSync(filler, "w");
  const page = Buffer.alloc(4096, 1);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, page);
  } catch {
    // full
  }
  ftruncateSync(fd, Math.max(0, written - pages * 4096));
  closeSync(fd);
  assert.equal(statfsSync(dir).bavail, pages);
  return filler;
}

test("should say a note was written but the index was not when the disk fills up in between", (t) => {
  const disk = ramDisk();
  if (disk === null) return t.skip("needs root to mount a small tmpfs");
  const vault = join(disk, "vault");
  mkdirSync(vault);
  markVault(vault);
  const write = (name: string, body: string) => runBuilt(["write", "--vault", vault, "--name", name, "--type", "rule", "--project", "p", "--body", body, ...TODAY]);
  assert.equal(write("First note", "The first one.").code, 0);
  // Room for the lock, the note and the database's shared-memory file (WAL mode: a reader needs it too), none for the index update.
  const filler = fillDisk(disk, 10);
  const run = write("Second note", "The second one, in other words entirely.");
  assert.equal(run.code, 1);
  assert.match(run.stdout, /^Wrote rules\/second_note\.md \(id 20261122_second_note\)\n/);
  assert.match(run.stderr, /^cortex: the atom was written, but the index was not updated \(cannot write .*: no space left on the disk \(ENOSPC\)\); do not write it again: run "cortex index" once the cause is fixed\n$/);
  // A retry once there is room is not refused as a near-duplicate of the atom the failed run wrote: it is that atom.
  rmSync(filler);
  const retry = write("Second note", "The second one, in other words entirely.");
  assert.equal(retry.code, 0, retry.stderr);
  assert.equal(retry.stdout, "Already written: rules/second_note.md (id 20261122_second_note), by an earlier run whose index update failed; the index is up to date now\n");
  assert.deepEqual(readdirSync(join(vault, "rules")).sort(), ["first_note.md", "second_note.md"]);
  const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[];
  assert.deepEqual(manifest.map((m) => m.path), ["rules/first_note.md", "rules/second_note.md"]);
  // Once indexed, the same input is a near-duplicate again, as for any recorded atom.
  assert.equal(write("Second note", "The second one, in other words entirely.").code, 2);
});
