import { after, before, describe, test } from "node:test";
import { AGENT_CLI_CASES } from "../agent-cli-cases.js";
import { CLI_CASES, type CliCase } from "../cli-cases.js";
import { UX_CASES, UX_FIXTURE } from "../cli-ux-cases.js";
import { copyAgentVault } from "../helpers/agent.js";
import { checkCliCase, cliCaseFolders, fixtureCopies, notInBuiltSample, runBuiltCases } from "../helpers/cases.js";
import { removeTemp, runBuilt } from "../helpers/cli.js";
import { registerBuiltMutationCases } from "../helpers/mutation-cases.js";
import { IMPORT_CASES, IMPORT_RUNNER } from "../import-cases.js";
import { INIT_CASES, INIT_RUNNER } from "../init-cases.js";
import { SUPERSEDE_CASES, SUPERSEDE_RUNNER } from "../supersede-cases.js";
import { UPDATE_CASES, UPDATE_RUNNER } from "../update-cli-cases.js";
import { WRITE_CASES, WRITE_RUNNER } from "../write-cli-cases.js";

// The built-bin runs of the long CLI case lists that the default suite leaves out: it runs every case
// in-process and a sample (helpers/cases.ts's inBuiltSample) against the built bin; here are the others.

describe("cli built (the package bin), the cases the default suite leaves out", () => {
  const { expand } = cliCaseFolders();
  for (const c of CLI_CASES.filter(notInBuiltSample)) test(`should ${c.name}`, () => checkCliCase(c, runBuilt(expand(c), { env: c.env })));
});

describe("agent cli built (the package bin), the cases the default suite leaves out", () => {
  let vault = "";
  before(() => (vault = copyAgentVault()));
  after(() => removeTemp(vault));
  const expand = (c: CliCase) => c.args.map((a) => a.replace("$VAULT", vault));
  for (const c of AGENT_CLI_CASES.filter(notInBuiltSample)) test(`should ${c.name}`, () => checkCliCase(c, runBuilt(expand(c), { env: c.env, stdin: c.stdin })));
});

describe("issue 14: the CLI a new user gets right, built CLI, the cases the default suite leaves out", () => {
  runBuiltCases(UX_CASES.filter(notInBuiltSample), UX_FIXTURE, fixtureCopies());
});

// The mutation cases (helpers/mutation-cases.ts) of each command: in-process and a sample built in the default suite.
describe("cortex import, init, supersede, update and write built, the cases the default suite leaves out", () => {
  for (const [cases, runner] of [[IMPORT_CASES, IMPORT_RUNNER], [INIT_CASES, INIT_RUNNER], [SUPERSEDE_CASES, SUPERSEDE_RUNNER], [UPDATE_CASES, UPDATE_RUNNER], [WRITE_CASES, WRITE_RUNNER]] as const) {
    registerBuiltMutationCases(cases.filter(notInBuiltSample), runner);
  }
});
