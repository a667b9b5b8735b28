// Concurrent writers and killed writes (stress suite: seconds each, timing-dependent).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { BUILT_CLI, removeTemp, runBuilt, tempVault } from "../helpers/cli.js";
import { listAtoms } from "../helpers/tree.js";
import { assertAtomsParse, writer } from "../helpers/write-processes.js";

test("should write exactly 400 atoms from 8 processes writing 50 each with the same names", async () => {
  const vault = tempVault();
  try {
    const outcomes = (await Promise.all(Array.from({ length: 8 }, (_, w) => writer(vault, w, 50, true, false)))).flat().map((l) => JSON.parse(l) as { ok?: string; error?: string });
    assert.deepEqual(outcomes.filter((o) => o.error), []);
    const written = outcomes.map((o) => o.ok!);
    assert.equal(new Set(written).size, 400);
    const atoms = listAtoms(vault);
    assert.equal(atoms.length, 400);
    assert.deepEqual([...written].sort(), atoms);
    assertAtomsParse(vault, atoms);
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string; id: string }[];
    assert.deepEqual(manifest.map((m) => m.path).sort(), atoms);
    assert.equal(new Set(manifest.map((m) => m.id)).size, 400, "ids are unique");
    const events = readFileSync(join(vault, "index/events.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as { op: string; path: string });
    assert.equal(events.length, 400);
    assert.deepEqual(events.map((e) => e.path).sort(), atoms);
    assert.ok(events.every((e) => e.op === "write"));
  } finally {
    removeTemp(vault);
  }
});

test("should never leave a partial atom or a corrupt index when write is killed", async () => {
  const vault = tempVault();
  const body = `${"A line of body text that makes the file a few kilobytes long.\n".repeat(200)}END-OF-BODY\n`;
  try {
    for (let round = 0; round < 24; round++) {
      const child = spawn(process.execPath, [BUILT_CLI, "write", "--vault", vault, "--name", "Killed write", "--type", "rule", "--project", "p", "--today", "2026-11-22", "--force", "--body", "-"], { stdio: ["pipe", "ignore", "ignore"] });
      child.stdin.end(body);
      const exited = new Promise((resolve) => child.on("exit", resolve));
      await sleep(30 + ((round * 37) % 300));
      child.kill("SIGKILL");
      await exited;
      const atoms = listAtoms(vault);
      for (const path of atoms) {
        assert.ok(statSync(join(vault, path)).size > 0, `${path} is empty`);
        assert.ok(readFileSync(join(vault, path), "utf8").endsWith("END-OF-BODY\n"), `${path} is partial`);
      }
      assertAtomsParse(vault, atoms);
      for (const name of ["manifest.json", "by_project.json", "by_type.json", "by_tag.json", "graph.json", "meta.json"]) {
        const file = join(vault, "index", name);
        if (existsSync(file)) JSON.parse(readFileSync(file, "utf8"));
      }
    }
    const last = runBuilt(["write", "--vault", vault, "--name", "Killed write", "--type", "rule", "--project", "p", "--today", "2026-11-22", "--force", "--body", "-"], { stdin: body });
    assert.equal(last.code, 0, last.stderr);
    const atoms = listAtoms(vault);
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[];
    assert.deepEqual(manifest.map((m) => m.path).sort(), atoms);
    assert.deepEqual(readdirSync(join(vault, "rules")).filter((n) => n.endsWith(".tmp")), [], "stale temporary files are cleaned up");
    assert.equal(existsSync(join(vault, "index/.lock")), false);
  } finally {
    removeTemp(vault);
  }
});
