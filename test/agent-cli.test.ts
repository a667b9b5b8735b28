import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { AGENT_CLI_CASES, type AgentCliCase } from "./agent-cli-cases.js";
import { copyAgentVault } from "./helpers/agent.js";
import { inBuiltSample } from "./helpers/cases.js";
import { removeTemp, runBuilt, runInProcess, type CliRun } from "./helpers/cli.js";

let vault = "";
before(() => (vault = copyAgentVault()));
after(() => removeTemp(vault));

const expand = (c: AgentCliCase) => c.args.map((a) => a.replace("$VAULT", vault));

function check(c: AgentCliCase, run: CliRun): void {
  const detail = `${c.name}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
  assert.equal(run.code, c.exitCode, detail);
  if (c.stdout) assert.match(run.stdout, c.stdout, detail);
  if (c.stderr) assert.match(run.stderr, c.stderr, detail);
}

describe("agent cli in-process", () => {
  for (const c of AGENT_CLI_CASES) test(`should ${c.name}`, async () => check(c, await runInProcess(expand(c), { env: c.env, stdin: c.stdin })));
});

// A sample against the built bin here; test/stress/cli-built.test.ts runs the others.
describe("agent cli built (the package bin)", () => {
  for (const c of AGENT_CLI_CASES.filter(inBuiltSample)) test(`should ${c.name}`, () => check(c, runBuilt(expand(c), { env: c.env, stdin: c.stdin })));
});
