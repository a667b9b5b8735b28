import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { CortexError, defaultConfig, indexVault, withVaultLock } from "./helpers/lib.js";
import { withIndexLock } from "../lib/store/lock.js";
import { BUILT_CLI, removeTemp, tempDir, tempVault } from "./helpers/cli.js";

const TODAY = "2026-11-22";

// A lock file owned by a live process of this host (a sleeping child), as another cortex would leave it.
function holdLock(vault: string): { release: () => Promise<void> } {
  const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  mkdirSync(join(vault, "index"), { recursive: true });
  writeFileSync(join(vault, "index/.lock"), JSON.stringify({ pid: sleeper.pid, host: hostname(), ts: Date.now() }));
  return {
    release: () =>
      new Promise((resolve) => {
        sleeper.on("exit", () => resolve());
        sleeper.kill("SIGKILL");
      }),
  };
}

test("should not run an index write while another process holds the vault lock", async () => {
  const vault = tempVault();
  const holder = holdLock(vault);
  try {
    let ran = false;
    assert.throws(() => withIndexLock(vault, () => (ran = true), { timeoutMs: 200 }), (e: unknown) => e instanceof CortexError && e.code === "LOCKED");
    assert.equal(ran, false);
  } finally {
    await holder.release();
    removeTemp(vault);
  }
});

test("should take the lock once its owner is gone, and release it", async () => {
  const vault = tempVault();
  const holder = holdLock(vault);
  try {
    await holder.release();
    assert.equal(withIndexLock(vault, () => JSON.parse(readFileSync(join(vault, "index/.lock"), "utf8")).pid, { timeoutMs: 2_000 }), process.pid);
    assert.equal(existsSync(join(vault, "index/.lock")), false);
  } finally {
    removeTemp(vault);
  }
});

test("should not lend a held lock to code that was not given it (no process-wide re-entry)", async () => {
  const vault = tempVault();
  try {
    let ran = false;
    await withVaultLock(vault, () => assert.throws(() => withIndexLock(vault, () => (ran = true), { timeoutMs: 100 }), (e: unknown) => e instanceof CortexError && e.code === "LOCKED"));
    assert.equal(ran, false);
    const other = tempDir();
    try {
      await withVaultLock(vault, (lock) => assert.throws(() => withIndexLock(other, () => (ran = true), { held: lock }), (e: unknown) => e instanceof CortexError && e.code === "BAD_ARGUMENT"));
      assert.equal(ran, false);
    } finally {
      removeTemp(other);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should run an index write at once inside a lock this process holds and passes (a write that indexes)", async () => {
  const vault = tempVault();
  try {
    writeFileSync(join(vault, "a.md"), "---\nname: A\n---\nBody\n");
    const atoms = await withVaultLock(vault, (lock) => withIndexLock(vault, () => indexVault(vault, { config: defaultConfig(), today: TODAY, lock }).atoms, { timeoutMs: 100, held: lock }));
    assert.equal(atoms, 1);
    assert.equal(existsSync(join(vault, "index/.lock")), false);
  } finally {
    removeTemp(vault);
  }
});

test("should run without the lock where it cannot be created (a vault this process cannot write)", () => {
  const vault = tempVault();
  try {
    // `index` is a file: no lock can be made in it, and nothing else can write there either.
    writeFileSync(join(vault, "index"), "not a folder\n");
    assert.equal(withIndexLock(vault, () => "ran"), "ran");
  } finally {
    removeTemp(vault);
  }
});

test("should make cortex index wait for the lock and then index", async () => {
  const vault = tempVault();
  const holder = holdLock(vault);
  try {
    writeFileSync(join(vault, "a.md"), "---\nname: A\n---\nBody\n");
    const child = spawn(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", TODAY, "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // While the lock is held, the child cannot have written anything.
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(existsSync(join(vault, "index/meta.json")), false);
    await holder.release();
    assert.equal(await exited, 0);
    assert.equal(JSON.parse(stdout).atoms, 1);
    assert.equal(existsSync(join(vault, "index/meta.json")), true);
    assert.equal(existsSync(join(vault, "index/.lock")), false);
  } finally {
    removeTemp(vault);
  }
});
