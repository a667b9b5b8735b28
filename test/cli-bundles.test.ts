import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { COMMAND_MODULES } from "../bin/main.js";
import { BUILT_CLI, removeTemp, ROOT, tempDir } from "./helpers/cli.js";

// The installed `cortex` runs a one-command CommonJS bundle of dist/cli for most commands
// (start-up time), and the ES modules of dist/bin for the rest.
const UNBUNDLED = ["install-command"];

let dir = "";
let hook = "";
before(() => {
  dir = tempDir();
  // Prints, at exit, which files of dist/cli this process loaded through require.
  hook = join(dir, "loaded.cjs");
  writeFileSync(hook, `process.on("exit", () => process.stderr.write("LOADED " + JSON.stringify(Object.keys(require.cache).filter((f) => f.includes("/dist/cli/")).map((f) => f.split("/dist/cli/")[1]).sort()) + "\\n"));\n`);
});
after(() => removeTemp(dir));

function loaded(args: string[]): { status: number | null; files: string[]; stdout: string } {
  const run = spawnSync(process.execPath, ["-r", hook, BUILT_CLI, ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  const line = run.stderr.split("\n").find((l) => l.startsWith("LOADED "));
  assert.ok(line, run.stderr);
  return { status: run.status, files: JSON.parse(line.slice("LOADED ".length)) as string[], stdout: run.stdout };
}

test("should build one bundle per command module, except the one that needs ES modules", () => {
  const modules = [...new Set(Object.values(COMMAND_MODULES).map((c) => c.module))].sort();
  const bundles = readdirSync(join(ROOT, "dist/cli")).filter((f) => f.endsWith("-command.cjs")).map((f) => f.slice(0, -".cjs".length)).sort();
  assert.deepEqual(bundles, modules.filter((m) => !UNBUNDLED.includes(m)));
  assert.ok(existsSync(BUILT_CLI));
});

test("should run a bundled command from its bundle alone", () => {
  const run = loaded(["search", "deploy", "--vault", "examples/vault", "--today", "2026-11-22", "--no-log", "--paths", "--top", "1"]);
  assert.deepEqual([run.status, run.files], [0, ["cortex.cjs", "search-command.cjs"]]);
  assert.equal(run.stdout, "examples/vault/atoms/deploy_freeze_during_release.md\n", "a path usable from the current folder");
});

test("should run the MCP server from its bundle alone, with the SDK's CommonJS build", () => {
  const run = loaded(["mcp", "--vault", "examples/vault"]);
  assert.deepEqual([run.status, run.files, run.stdout], [0, ["cortex.cjs", "mcp-command.cjs"], ""]);
});

test("should run version, help and unknown commands through the ES modules", () => {
  assert.deepEqual(loaded(["--version"]), { status: 0, files: ["cortex.cjs"], stdout: `${JSON.parse(spawnSync(process.execPath, ["-p", "JSON.stringify(require('./package.json').version)"], { cwd: ROOT, encoding: "utf8" }).stdout)}\n` });
  const help = loaded(["--help"]);
  assert.deepEqual([help.status, help.files], [0, ["cortex.cjs"]]);
  assert.match(help.stdout, /^Usage: cortex /);
  assert.deepEqual(loaded(["no-such-command"]).status, 2);
});

test("should keep the compiled code in the user's cache folder, and run the same where it cannot", () => {
  const home = tempDir();
  try {
    const args = ["search", "deploy", "--vault", "examples/vault", "--today", "2026-11-22", "--no-log", "--paths", "--top", "1"];
    const run = (env: Record<string, string | undefined>) => {
      const child = spawnSync(process.execPath, [BUILT_CLI, ...args], { cwd: ROOT, encoding: "utf8", timeout: 20_000, env: { ...process.env, NO_COLOR: "1", NODE_DISABLE_COMPILE_CACHE: undefined, NODE_COMPILE_CACHE: undefined, ...env } });
      return { status: child.status, stdout: child.stdout, stderr: child.stderr };
    };
    const expected = { status: 0, stdout: "examples/vault/atoms/deploy_freeze_during_release.md\n", stderr: "" };
    const cache = join(home, "cache");
    assert.deepEqual(run({ XDG_CACHE_HOME: cache }), expected);
    const versions = readdirSync(join(cache, "cortex-vault"));
    assert.equal(versions.length, 1, "one folder per Node version");
    assert.ok(readdirSync(join(cache, "cortex-vault", versions[0]!)).length > 0, "the bundle's code is kept");
    assert.deepEqual(run({ XDG_CACHE_HOME: cache }), expected, "and read back");
    // Where no cache folder can be made: a file in the way, a folder under /proc (Node's recursive mkdir never returns there).
    writeFileSync(join(home, "file"), "");
    assert.deepEqual(run({ XDG_CACHE_HOME: join(home, "file") }), expected);
    assert.deepEqual(run({ XDG_CACHE_HOME: "/proc/no-such-dir/cache" }), expected);
    assert.deepEqual(run({ XDG_CACHE_HOME: join(home, "off"), NODE_DISABLE_COMPILE_CACHE: "1" }), expected);
    assert.equal(existsSync(join(home, "off")), false, "NODE_DISABLE_COMPILE_CACHE turns it off");
  } finally {
    removeTemp(home);
  }
});
