import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { CortexError } from "../lib/core/errors.js";
import { cpuTicks } from "../lib/store/lock-wait.js";
import { withVaultLock } from "../lib/store/lock.js";
import { ROOT } from "./helpers/cli.js";
import { emptyDirs } from "./helpers/cases.js";

const newDir = emptyDirs();
const LIB = join(ROOT, "dist/lib/store/lock.js");

// Another process that takes the vault lock, then works (busy) or idles for `ms`, then lets go; resolves once it holds the lock.
function holder(vault: string, ms: number, busy: boolean): Promise<ChildProcess> {
  const hold = busy ? `const end = Date.now() + ${ms}; while (Date.now() < end) Math.sqrt(Math.random());` : `await new Promise((r) => setTimeout(r, ${ms}));`;
  const script = `const { withVaultLock } = await import(${JSON.stringify(LIB)});
    await withVaultLock(${JSON.stringify(vault)}, async () => { console.log("held"); ${hold} });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`holder exited ${code} before taking the lock`)));
  });
}

const locked = (pattern: RegExp) => (e: unknown) => e instanceof CortexError && e.code === "LOCKED" && pattern.test(e.message) && !/remove the file/.test(e.message);

test("should wait past its timeout for a live holder that keeps working, and then get the lock", async () => {
  const vault = newDir();
  const child = await holder(vault, 1_500, true);
  const started = Date.now();
  assert.equal(await withVaultLock(vault, () => "mine", { timeoutMs: 300 }), "mine");
  assert.ok(Date.now() - started >= 1_000, "it waited for the holder");
  child.kill();
});

test("should give up on a live holder that stays idle, without telling to remove its lock", async () => {
  const vault = newDir();
  const child = await holder(vault, 5_000, false);
  try {
    await assert.rejects(withVaultLock(vault, () => "mine", { timeoutMs: 300, stallMs: 500 }), locked(new RegExp(`by cortex process ${child.pid}, alive but idle for \\d+ s`)));
  } finally {
    child.kill();
  }
});

test("should stop waiting for a working holder at maxWaitMs", async () => {
  const vault = newDir();
  const child = await holder(vault, 4_000, true);
  try {
    await assert.rejects(withVaultLock(vault, () => "mine", { timeoutMs: 200, maxWaitMs: 700 }), locked(new RegExp(`by cortex process ${child.pid}, still working after \\d+ s`)));
  } finally {
    child.kill();
  }
});

test("should read a process's CPU time, and none for a process that is gone", () => {
  assert.ok((cpuTicks(process.pid) ?? 0) >= 0);
  assert.equal(cpuTicks(2 ** 22 + 1), null);
});
