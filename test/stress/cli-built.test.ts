import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { AGENT_CLI_CASES } from "../agent-cli-cases.js";
import { CLI_CASES, type CliCase } from "../cli-cases.js";
import { UX_CASES, UX_FIXTURE } from "../cli-ux-cases.js";
import { copyAgentVault } from "../helpers/agent.js";
import { fixtureCopies, notInBuiltSample, runBuiltCases } from "../helpers/cases.js";
import { copyToTemp, removeTemp, ROOT, runBuilt, tempDir, type CliRun } from "../helpers/cli.js";

// The built-bin runs of the long CLI case lists that the default suite leaves out: it runs every case
// in-process and a sample (helpers/cases.ts's inBuiltSample) against the built bin; here are the others.

function check(c: CliCase, run: CliRun): void {
  const detail = `${c.name}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
  assert.equal(run.code, c.exitCode, detail);
  if (c.stdout) assert.match(run.stdout, c.stdout, detail);
  if (c.stderr) assert.match(run.stderr, c.stderr, detail);
}

describe("cli built (the package bin), the cases the default suite leaves out", () => {
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
  const expand = (c: CliCase) => c.args.map((a) => a.replace("$VAULT", vault).replace("$BAD", bad));
  for (const c of CLI_CASES.filter(notInBuiltSample)) test(`should ${c.name}`, () => check(c, runBuilt(expand(c), { env: c.env })));
});

describe("agent cli built (the package bin), the cases the default suite leaves out", () => {
  let vault = "";
  before(() => (vault = copyAgentVault()));
  after(() => removeTemp(vault));
  const expand = (c: CliCase) => c.args.map((a) => a.replace("$VAULT", vault));
  for (const c of AGENT_CLI_CASES.filter(notInBuiltSample)) test(`should ${c.name}`, () => check(c, runBuilt(expand(c), { env: c.env, stdin: c.stdin })));
});

describe("issue 14: the CLI a new user gets right, built CLI, the cases the default suite leaves out", () => {
  runBuiltCases(UX_CASES.filter(notInBuiltSample), UX_FIXTURE, fixtureCopies());
});
