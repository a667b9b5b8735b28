import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { CLI_CASES } from "./cli-cases.js";
import { checkCliCase, cliCaseFolders, inBuiltSample } from "./helpers/cases.js";
import { BUILT_CLI, copyToTemp, removeTemp, ROOT, runBuilt, runInProcess } from "./helpers/cli.js";

const folders = cliCaseFolders();
const expand = folders.expand;

describe("cli in-process", () => {
  for (const c of CLI_CASES) test(`should ${c.name}`, async () => checkCliCase(c, await runInProcess(expand(c), { env: c.env })));
});

// A sample against the built bin here; test/stress/cli-built.test.ts runs the others.
describe("cli built (the package bin)", () => {
  for (const c of CLI_CASES.filter(inBuiltSample)) test(`should ${c.name}`, () => checkCliCase(c, runBuilt(expand(c), { env: c.env })));
});

describe("cli side effects", () => {
  test("should exit quietly when the reader of its output goes away (EPIPE)", async () => {
    const child = spawn(process.execPath, [BUILT_CLI, "search", "--vault", folders.vault(), "--all-status", "--top", "0", "--content", "--today", "2026-11-22", "--no-log"], { stdio: ["ignore", "pipe", "pipe"] });
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
    const log = join(folders.vault(), "index/access_log.jsonl");
    rmSync(log, { force: true });
    await runInProcess(["search", "deploy", "risk", "--vault", folders.vault(), "--today", "2026-11-22", "--top", "2", "--ranking", "seed"]);
    await runInProcess(["search", "deploy", "--vault", folders.vault(), "--today", "2026-11-22", "--no-log"]);
    const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(lines.length, 1);
    assert.deepEqual([lines[0]!.op, lines[0]!.query, lines[0]!.results], ["search", "deploy risk", ["decisions/deploy_freeze.md", "notes/risk_register.md"]]);
    assert.equal(typeof lines[0]!.duration_ms, "number");
  });

  test("should still answer when the access log cannot be written", async () => {
    const log = join(folders.vault(), "index/access_log.jsonl");
    rmSync(log, { force: true });
    mkdirSync(log);
    try {
      const run = await runInProcess(["search", "deploy", "--vault", folders.vault(), "--today", "2026-11-22", "--paths", "--top", "1"], { cwd: folders.vault() });
      assert.deepEqual([run.code, run.stdout], [0, "decisions/deploy_freeze.md\n"]);
    } finally {
      rmSync(log, { recursive: true });
    }
  });
});
