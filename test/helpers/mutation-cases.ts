import assert from "node:assert/strict";
import { test } from "node:test";
import { inBuiltSample } from "./cases.js";
import { removeTemp, ROOT, runBuilt, runInProcess, type CliRun, type RunOptions } from "./cli.js";
import { hashTree } from "./tree.js";

/** One CLI case of a command that changes a folder; declared once, run in-process and built. */
export interface MutationCase {
  name: string;
  args: string[];
  exitCode: number;
  stdout?: RegExp;
  stderr?: RegExp;
  stdin?: string;
  /** Prepares the folder further before the run. */
  setup?: (dir: string) => void;
}

/** How the cases of one test file run: the folder they get, and the arguments and cwd they run with. */
export interface CaseRunner {
  /** A fresh folder (a temporary vault) for one run; removed afterwards. */
  prepare: () => string;
  /** The full arguments of a case in `dir`. Default: the case's own. */
  args?: (c: MutationCase, dir: string) => string[];
  /** The working folder of a run. Default: the repository root. */
  cwd?: (dir: string) => string;
  /** Runs before the snapshot, e.g. indexing the vault. */
  before?: (dir: string, run: Runner) => Promise<unknown> | unknown;
}

/** A CLI runner: in-process or built. */
export type Runner = (args: string[], options?: RunOptions) => Promise<CliRun> | CliRun;

/**
 * Registers each case in-process, and a sample of them (helpers/cases.ts's
 * inBuiltSample, the first included) against the built bin; the stress suite
 * (test/stress/cli-built.test.ts) runs the others built. A case that exits 2
 * must leave the folder byte-identical, and a `cortex:` error must be one line.
 */
export function registerMutationCases(cases: readonly MutationCase[], runner: CaseRunner): void {
  for (const c of cases) test(`${c.name} (in-process)`, () => checkCase(c, runner, runInProcess));
  registerBuiltMutationCases(cases.filter(inBuiltSample), runner);
}

/** Registers each case against the built bin only. */
export function registerBuiltMutationCases(cases: readonly MutationCase[], runner: CaseRunner): void {
  for (const c of cases) test(`${c.name} (built CLI)`, () => checkCase(c, runner, runBuilt));
}

async function checkCase(c: MutationCase, runner: CaseRunner, run: Runner): Promise<void> {
  const dir = runner.prepare();
  try {
    c.setup?.(dir);
    await runner.before?.(dir, run);
    const snapshot = hashTree(dir);
    const result = await run(runner.args?.(c, dir) ?? c.args, { stdin: c.stdin, cwd: runner.cwd?.(dir) ?? ROOT });
    assert.equal(result.code, c.exitCode, `${result.stdout}${result.stderr}`);
    if (c.stdout) assert.match(result.stdout, c.stdout);
    if (c.stderr) assert.match(result.stderr, c.stderr);
    if (c.exitCode !== 2) return;
    // One `cortex: …` line, then at most one hint line (the brief's error style; issue 26 added hint lines).
    if (result.stderr.startsWith("cortex: ")) assert.ok(result.stderr.split("\n").filter(Boolean).length <= 2 && !result.stderr.split("\n")[1]?.startsWith("cortex: "), "a one-line message and at most one hint line");
    assert.deepEqual(hashTree(dir), snapshot, "the folder must be byte-identical");
  } finally {
    removeTemp(dir);
  }
}
