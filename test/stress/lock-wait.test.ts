import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BUILT_CLI, removeTemp, ROOT, tempVault } from "../helpers/cli.js";

const LIB = join(ROOT, "dist/lib/store/lock.js");

test("should let mv wait past its 15 s for a writer that works for 20 s, then move", async () => {
  const vault = tempVault();
  try {
    writeFileSync(join(vault, "a.md"), "---\nid: a\nname: A\n---\nThe note.\n");
    const script = `const { withVaultLock } = await import(${JSON.stringify(LIB)});
      await withVaultLock(${JSON.stringify(vault)}, async () => { console.log("held"); const end = Date.now() + 20000; while (Date.now() < end) Math.sqrt(Math.random()); });`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    // The holder says "held" once it has the lock; if it dies first, the test fails here instead of hanging.
    await new Promise((resolve, reject) => {
      child.stdout.once("data", resolve);
      child.once("exit", (code) => reject(new Error(`the lock holder exited ${code} before taking the lock`)));
    });
    const started = Date.now();
    const run = spawnSync(process.execPath, [BUILT_CLI, "mv", "--vault", vault, "a.md", "b.md", "--today", "2026-11-22"], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.ok(Date.now() - started > 15_000, "it waited beyond its 15 s");
    assert.ok(existsSync(join(vault, "b.md")));
  } finally {
    removeTemp(vault);
  }
});
