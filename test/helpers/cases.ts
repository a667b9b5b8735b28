import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { CliCase } from "../cli-cases.js";
import { copyToTemp, markVault, removeTemp, ROOT, runBuilt, runInProcess, tempDir, type CliRun } from "./cli.js";

/** A CLI case on a fresh copy of a fixture vault: for commands that write to the vault. */
export interface VaultCliCase {
  name: string;
  /** Repository-relative folder to copy, or a function that makes the vault. Default: the case list's fixture. */
  fixture?: string | (() => string);
  /** The arguments, given the vault's path. */
  args: (dir: string) => string[];
  exitCode: number;
  /** Exact text, or a pattern. */
  stdout?: string | RegExp;
  stderr?: string | RegExp;
  env?: Record<string, string>;
  /** The working folder, given the vault's path. Default: the repository root. */
  cwd?: (dir: string) => string;
  stdin?: string;
  /** Further checks on the vault after the run (both runs). */
  after?: (dir: string, run: CliRun) => void;
}

/** Copies of fixtures for one test file, removed when the file's tests are done. */
export function fixtureCopies(): (fixture: string) => string {
  const temps: string[] = [];
  after(() => temps.forEach(removeTemp));
  return (fixture) => {
    const dir = copyToTemp(join(ROOT, fixture));
    temps.push(dir);
    return dir;
  };
}

/** Asserts a run's exit code and output. */
export function expectRun(run: CliRun, c: Pick<VaultCliCase, "exitCode" | "stdout" | "stderr">): void {
  assert.equal(run.code, c.exitCode, run.stderr);
  for (const [stream, want] of [["stdout", c.stdout], ["stderr", c.stderr]] as const) {
    if (want === undefined) continue;
    if (typeof want === "string") assert.equal(run[stream], want);
    else assert.match(run[stream], want);
  }
}

/**
 * The folders the cases of `cli-cases.ts` name, made before the tests of the
 * calling file (or block) and removed after them: `$VAULT`, a copy of the
 * ranking fixture; `$BAD`, a vault whose cortex.toml is invalid. Returns the
 * vault's path (once made) and a case's arguments with both put in.
 */
export function cliCaseFolders(): { vault: () => string; expand: (c: CliCase) => string[] } {
  let vault = "";
  let bad = "";
  before(() => {
    vault = copyToTemp(join(ROOT, "test/fixtures/ranking"));
    bad = tempDir();
    writeFileSync(join(bad, "cortex.toml"), '[layers]\nhot = "soon"\n');
  });
  after(() => {
    removeTemp(vault);
    removeTemp(bad);
  });
  return { vault: () => vault, expand: (c) => c.args.map((a) => a.replace("$VAULT", vault).replace("$BAD", bad)) };
}

/** Asserts a run of a case of `cli-cases.ts`: its exit code and output, the case's name and the output in the message. */
export function checkCliCase(c: CliCase, run: CliRun): void {
  const detail = `${c.name}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
  assert.equal(run.code, c.exitCode, detail);
  if (c.stdout) assert.match(run.stdout, c.stdout, detail);
  if (c.stderr) assert.match(run.stderr, c.stderr, detail);
}

let builtRemainder = false;

/**
 * Makes every later runVaultCases register only the built runs the default suite leaves out
 * (test/stress/vault-cases-built.test.ts, through stress/vault-cases-remainder.ts, before the test files).
 */
export function useBuiltRemainder(): void {
  builtRemainder = true;
}

/**
 * Registers each case through `main()` in-process, and a sample of them (inBuiltSample below) against the
 * built CLI, each on its own copy; the stress suite runs the others built.
 */
export function runVaultCases(cases: readonly VaultCliCase[], defaultFixture: string, copy: (fixture: string) => string, afterRun?: (dir: string) => void): void {
  if (builtRemainder) return runBuiltCases(cases.filter(notInBuiltSample), defaultFixture, copy);
  runInProcessCases(cases, defaultFixture, copy, afterRun);
  runBuiltCases(cases.filter(inBuiltSample), defaultFixture, copy);
}

/**
 * The built-bin cases of a long case list that the default suite runs: every
 * fourth, the first included. Every case still runs in-process there, and the
 * others against the built bin in test/stress/cli-built.test.ts (the vault case
 * lists of runVaultCases: test/stress/vault-cases-built.test.ts).
 */
export const inBuiltSample = (_case: unknown, i: number): boolean => i % 4 === 0;
export const notInBuiltSample = (c: unknown, i: number): boolean => !inBuiltSample(c, i);

function vaultFor(c: VaultCliCase, defaultFixture: string, copy: (fixture: string) => string): string {
  const fixture = c.fixture ?? defaultFixture;
  return typeof fixture === "string" ? copy(fixture) : fixture();
}

const runOptions = (c: VaultCliCase, dir: string) => ({ env: c.env, cwd: c.cwd?.(dir), stdin: c.stdin });

/** Registers each case through `main()` in-process, each on its own copy. */
export function runInProcessCases(cases: readonly VaultCliCase[], defaultFixture: string, copy: (fixture: string) => string, afterRun?: (dir: string) => void): void {
  for (const c of cases) {
    test(`${c.name} (in process)`, async () => {
      const dir = vaultFor(c, defaultFixture, copy);
      const run = await runInProcess(c.args(dir), runOptions(c, dir));
      expectRun(run, c);
      c.after?.(dir, run);
      afterRun?.(dir);
    });
  }
}

/** Registers each case against the built CLI, each on its own copy. */
export function runBuiltCases(cases: readonly VaultCliCase[], defaultFixture: string, copy: (fixture: string) => string): void {
  for (const c of cases) {
    test(`${c.name} (built CLI)`, () => {
      const dir = vaultFor(c, defaultFixture, copy);
      const run = runBuilt(c.args(dir), runOptions(c, dir));
      expectRun(run, c);
      c.after?.(dir, run);
    });
  }
}

/** Fresh empty vaults (a folder with a cortex.toml) for one test file, removed when the file's tests are done. */
export function emptyVaults(): () => string {
  const dirs = emptyDirs();
  return () => markVault(dirs());
}

/** Fresh empty folders for one test file, removed when the file's tests are done. */
export function emptyDirs(): () => string {
  const temps: string[] = [];
  after(() => temps.forEach(removeTemp));
  return () => {
    const dir = tempDir();
    temps.push(dir);
    return dir;
  };
}
