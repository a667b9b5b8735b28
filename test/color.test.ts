import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { copyToTemp, removeTemp, ROOT, runBuilt, runInProcess } from "./helpers/cli.js";

const vault = copyToTemp(`${ROOT}examples/vault`);
after(() => removeTemp(vault));
const SEARCH = ["search", "deploy", "--top", "3", "--vault", vault, "--today", "2026-11-22", "--no-log"];
const ESCAPE = /\x1b\[/;
const TERMINAL = 200;

describe("--color, --no-color, NO_COLOR and FORCE_COLOR (issue 26, item 9)", () => {
  const cases: { name: string; args?: string[]; env?: Record<string, string | undefined>; terminal?: boolean; color: boolean }[] = [
    { name: "colour a terminal", terminal: true, env: { NO_COLOR: undefined }, color: true },
    { name: "not colour a pipe", env: { NO_COLOR: undefined }, color: false },
    { name: "colour a pipe with --color before the command", args: ["--color"], color: true },
    { name: "colour a pipe with --color after the command", args: ["--color"], color: true },
    { name: "not colour a terminal with --no-color", args: ["--no-color"], terminal: true, env: { NO_COLOR: undefined }, color: false },
    { name: "not colour a terminal with NO_COLOR", terminal: true, env: { NO_COLOR: "1" }, color: false },
    { name: "colour a terminal when NO_COLOR is empty (unset, as no-color.org says)", terminal: true, env: { NO_COLOR: "" }, color: true },
    { name: "colour a pipe with FORCE_COLOR", env: { NO_COLOR: undefined, FORCE_COLOR: "1" }, color: true },
    { name: "let FORCE_COLOR win over NO_COLOR", env: { NO_COLOR: "1", FORCE_COLOR: "1" }, color: true },
    { name: "not colour a terminal with FORCE_COLOR=0", terminal: true, env: { NO_COLOR: undefined, FORCE_COLOR: "0" }, color: false },
    { name: "let --no-color win over FORCE_COLOR", args: ["--no-color"], env: { FORCE_COLOR: "1" }, color: false },
    { name: "let --color win over NO_COLOR", args: ["--color"], env: { NO_COLOR: "1" }, color: true },
  ];
  for (const c of cases) {
    test(`should ${c.name}`, async () => {
      const flags = c.args ?? [];
      const argv = c.name.includes("before the command") ? [...flags, ...SEARCH] : [...SEARCH, ...flags];
      const run = await runInProcess(argv, { env: c.env, columns: c.terminal ? TERMINAL : undefined });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(ESCAPE.test(run.stdout), c.color, run.stdout);
    });
  }

  test("should honour the flags and FORCE_COLOR in the built CLI, whose stdout is a pipe", () => {
    assert.match(runBuilt([...SEARCH, "--color"]).stdout, ESCAPE);
    assert.match(runBuilt(["--color", ...SEARCH]).stdout, ESCAPE);
    assert.match(runBuilt(SEARCH, { env: { FORCE_COLOR: "1" } }).stdout, ESCAPE);
    assert.doesNotMatch(runBuilt(SEARCH, { env: { FORCE_COLOR: "1" } }).stderr, ESCAPE);
    const plain = runBuilt([...SEARCH, "--no-color"], { env: { FORCE_COLOR: "1" } });
    assert.equal(plain.code, 0, plain.stderr);
    assert.doesNotMatch(plain.stdout, ESCAPE);
  });

  test("should name --color and --no-color in cortex --help", async () => {
    const run = await runInProcess(["--help"]);
    assert.match(run.stdout, /--color +colour the output even in a pipe \(--no-color: never\)\n/);
  });
});
