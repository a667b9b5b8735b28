import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CLI_CASES, type CliCase } from "./cli-cases.js";
import { inBuiltSample } from "./helpers/cases.js";
import { BUILT_CLI, copyToTemp, removeTemp, ROOT, runBuilt, runInProcess, tempDir, type CliRun } from "./helpers/cli.js";

let vault = "";
let bad = "";
before(() => {
  vault = copyToTemp(`${ROOT}test/fixtures/ranking`);
  bad = tempDir();
  writeFileSync(join(bad, "cortex.toml"), '[layers]\nhot = "soon"\n');
});
after(() => {
  removeTemp(vault);
  removeTemp(bad);
});

function expand(c: CliCase): string[] {
  return c.args.map((a) => a.replace("$VAULT", vault).replace("$BAD", bad));
}

function check(c: CliCase, run: CliRun): void {
  const detail = `${c.name}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
  assert.equal(run.code, c.exitCode, detail);
  if (c.stdout) assert.match(run.stdout, c.stdout, detail);
  if (c.stderr) assert.match(run.stderr, c.stderr, detail);
}

describe("cli in-process", () => {
  for (const c of CLI_CASES) test(`should ${c.name}`, async () => check(c, await runInProcess(expand(c), { env: c.env })));
});

// A sample against the built bin here; test/stress/cli-built.test.ts runs the others.
describe("cli built (the package bin)", () => {
  for (const c of CLI_CASES.filter(inBuiltSample)) test(`should ${c.name}`, () => check(c, runBuilt(expand(c), { env: c.env })));
});

describe("cli side effects", () => {
  test("should exit quietly when the reader of its output goes away (EPIPE)", async () => {
    const child = spawn(process.execPath, [BUILT_CLI, "search", "--vault", vault, "--all-status", "--top", "0", "--content", "--today", "2026-11-22", "--no-log"], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const code = await new Promise((resolve) => child.on("close", resolve));
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stderr, /EPIPE|Unhandled/);
  });

  test("should build the index on the first search and say so on stderr", async () => {
    const fresh = copyToTemp(`${ROOT}test/fixtures/ranking`);
    try {
      const run = await runInProcess(["search", "deploy", "--vault", fresh, "--today", "2026-11-22", "--paths", "--top", "1"], { cwd: fresh });
      assert.deepEqual([run.code, run.stdout], [0, "decisions/deploy_freeze.md\n"]);
      assert.match(run.stderr, /no index yet: indexed/);
      assert.doesNotThrow(() => JSON.parse(readFileSync(join(fresh, "index/manifest.json"), "utf8")));
    } finally {
      removeTemp(fresh);
    }
  });

  test("should append one access-log line per search, none with --no-log", async () => {
    const log = join(vault, "index/access_log.jsonl");
    rmSync(log, { force: true });
    await runInProcess(["search", "deploy", "risk", "--vault", vault, "--today", "2026-11-22", "--top", "2", "--ranking", "seed"]);
    await runInProcess(["search", "deploy", "--vault", vault, "--today", "2026-11-22", "--no-log"]);
    const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(lines.length, 1);
    assert.deepEqual([lines[0]!.op, lines[0]!.query, lines[0]!.results], ["search", "deploy risk", ["decisions/deploy_freeze.md", "notes/risk_register.md"]]);
    assert.equal(typeof lines[0]!.duration_ms, "number");
  });

  test("should still answer when the access log cannot be written", async () => {
    const log = join(vault, "index/access_log.jsonl");
    rmSync(log, { force: true });
    mkdirSync(log);
    try {
      const run = await runInProcess(["search", "deploy", "--vault", vault, "--today", "2026-11-22", "--paths", "--top", "1"], { cwd: vault });
      assert.deepEqual([run.code, run.stdout], [0, "decisions/deploy_freeze.md\n"]);
    } finally {
      rmSync(log, { recursive: true });
    }
  });
});
