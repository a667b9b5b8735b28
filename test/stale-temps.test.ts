import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runBuilt } from "./helpers/cli.js";
import { emptyVaults } from "./helpers/cases.js";

const newDir = emptyVaults();

// The pid of a process that has exited (its temp files are leftovers of a kill).
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

for (const [command, args] of [
  ["migrate", (vault: string) => ["migrate", "--vault", vault]],
  ["supersede", (vault: string) => ["supersede", "--vault", vault, "rules/note_1111.md"]],
] as const) {
  test(`should sweep the temp files of dead processes from a note folder ${command} writes into`, () => {
    const vault = newDir();
    mkdirSync(join(vault, "rules"));
    writeFileSync(join(vault, "rules/note_1111.md"), "---\nid: n1111\nname: Note 1111\ntype: rule\nproject: p\nstatus: active\ncreated: 2026-01-01\nupdated: 2026-01-01\n---\nBody.\n");
    const dead = `.note_1111.md.${deadPid()}.123.tmp`;
    const live = `.note_1111.md.${process.pid}.456.tmp`;
    writeFileSync(join(vault, "rules", dead), "half a note");
    writeFileSync(join(vault, "rules", live), "a live writer's note in progress");
    const run = runBuilt([...args(vault), "--today", "2026-11-22"]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readdirSync(join(vault, "rules")).sort(), [live, "note_1111.md"]);
  });
}
