import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { copyToTemp, removeTemp, ROOT } from "./helpers/cli.js";

const readme = readFileSync(join(ROOT, "README.md"), "utf8");

test("should show install, the main job on examples/vault, and the tests at the top of the README", () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  assert.deepEqual(firstBlock.trim().split("\n"), ["npm install", 'npx cortex search "deploy risk" --vault examples/vault --brief', "npm test"]);
});

test("should run the README's core example as written", () => {
  const code = /```js\n(import \{ parseAtom \} from "cortex-vault\/core";[\s\S]*?)```/.exec(readme)![1]!;
  const script = join(ROOT, `readme-core-${process.pid}.mjs`);
  try {
    writeFileSync(script, code);
    const run = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, "Deploy freeze [ 'deploy' ] []\n");
  } finally {
    rmSync(script, { force: true });
  }
});

test("should run the README's library example as written (on a copy of the example vault)", () => {
  const code = /## Library\n\n```js\n([\s\S]*?)```/.exec(readme)![1]!;
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  const script = join(ROOT, `readme-example-${process.pid}.mjs`);
  try {
    writeFileSync(script, code.replaceAll('"examples/vault"', JSON.stringify(vault)));
    const run = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^15\.99\d* hot atoms\/deploy_freeze_during_release\.md\n/);
    assert.match(run.stdout, /\n\[ 'deploy', .*\] .+\n\d+ \d+\nNOT_FOUND\n$/);
  } finally {
    rmSync(script, { force: true });
    removeTemp(vault);
  }
});
