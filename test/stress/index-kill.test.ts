// Kill loops of the index run (stress suite: seconds each, timing-dependent).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BUILT_CLI, removeTemp, tempVault } from "../helpers/cli.js";
import { DERIVED, fullRebuildOf, run, snapshot, TODAY } from "../helpers/index-files.js";

// Starts the built CLI's index run and kills it after `ms`.
async function killIndexRun(vault: string, flags: string[], ms: number): Promise<void> {
  const child = spawn(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", TODAY, ...flags], { stdio: "ignore" });
  const exited = new Promise((r) => child.on("exit", r));
  await new Promise((r) => setTimeout(r, ms));
  child.kill("SIGKILL");
  await exited;
}

// Every derived file is whole: the JSON files parse.
function assertReadable(vault: string, when: string): void {
  for (const rel of DERIVED) {
    const text = readFileSync(join(vault, rel), "utf8");
    assert.doesNotThrow(() => JSON.parse(text), `${rel} parses ${when}`);
  }
}

test("should leave a readable index when killed while indexing, and recover on the next run", async () => {
  const vault = tempVault();
  try {
    for (let i = 0; i < 3000; i++) writeFileSync(join(vault, `note_${i}.md`), `---\nname: Note ${i}\ntags: [t${i % 50}, deploy]\nupdated: 2026-11-${String((i % 28) + 1).padStart(2, "0")}\n---\nBody [[note_${(i + 1) % 3000}]] #x${i % 7}\n`);
    run(vault, { full: true });
    for (let round = 0; round < 4; round++) {
      for (let i = round; i < 3000; i += 3) appendFileSync(join(vault, `note_${i}.md`), `Edit ${round} #round${round}\n`);
      await killIndexRun(vault, ["-q"], 150 + round * 120);
      assertReadable(vault, `after kill ${round}`);
      run(vault);
      assert.deepEqual(snapshot(vault), fullRebuildOf(vault), `recovered after kill ${round}`);
    }
    assert.ok(!existsSync(join(vault, "index/.lock")));
  } finally {
    removeTemp(vault);
  }
});

test("should leave a readable index when a full run on several threads is killed, and no temporary file once the next run is done", async () => {
  const vault = tempVault();
  try {
    for (let i = 0; i < 2600; i++) writeFileSync(join(vault, `note_${i}.md`), `---\nname: Note ${i}\ntags: [t${i % 50}]\n---\nBody [[note_${(i + 1) % 2600}]]\n`);
    run(vault, { full: true });
    for (let round = 0; round < 4; round++) {
      await killIndexRun(vault, ["--full", "-q"], 120 + round * 110);
      assertReadable(vault, `after kill ${round}`);
    }
    run(vault);
    assert.deepEqual(snapshot(vault), fullRebuildOf(vault));
    assert.deepEqual([...readdirSync(join(vault, "index")), ...readdirSync(join(vault, "layers"))].filter((n) => n.endsWith(".tmp")), []);
  } finally {
    removeTemp(vault);
  }
});
