import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { hookOutput, hookSettings, parseHookInput, projectFromCwd } from "../lib/core/claude/hooks.js";
import { addHooks, addMcpServer, hookCommand, isCortexHookCommand, removeHooks, removeMcpServer, setMcpjsonApproval } from "../lib/core/claude/settings.js";
import { parseConfig } from "./helpers/lib.js";
import { installCommand, runCommand } from "../bin/commands/mcp-command.js";
import { removeTemp, runBuilt, runInProcess, tempDir, type CliRun } from "./helpers/cli.js";

const spec = { command: ["cortex"], vaultDir: "/home/me/My Vault", name: "cortex" };

describe("hook input and output", () => {
  test("should parse the hook's JSON and treat empty input as {}", () => {
    assert.deepEqual(parseHookInput('{"prompt":"hi","cwd":"/x"}'), { prompt: "hi", cwd: "/x" });
    assert.deepEqual(parseHookInput(" \n"), {});
    assert.throws(() => parseHookInput("[1]"), /not a JSON object/);
  });

  test("should print hookSpecificOutput, or nothing for no context", () => {
    assert.equal(hookOutput("UserPromptSubmit", "ctx"), '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ctx"}}\n');
    assert.equal(hookOutput("SessionStart", "  "), "");
  });

  test("should match the deepest folder of cwd that names a project", () => {
    assert.equal(projectFromCwd("/home/me/ops/code/Backend/src", ["ops", "backend"]), "backend");
    assert.equal(projectFromCwd("C:\\work\\ops", ["ops"]), "ops");
    assert.equal(projectFromCwd("/home/me/elsewhere", ["ops"]), null);
  });

  test("should read [hooks] budget and min_score, with defaults", () => {
    assert.deepEqual(hookSettings(parseConfig("", "c.toml", "/v")), { budget: 800, min_score: 8 });
    assert.deepEqual(hookSettings(parseConfig("[hooks]\nbudget = 400\nmin_score = 0\n", "c.toml", "/v")), { budget: 400, min_score: 0 });
    assert.throws(() => hookSettings(parseConfig("[hooks]\nbudget = 10\n", "c.toml", "/v")), /c\.toml: hooks\.budget: expected a whole number from 50 to 20000, got 10/);
  });
});

describe("settings merge", () => {
  const theirs = {
    model: "opus",
    hooks: {
      UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo hi" }] }],
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard.sh" }] }],
    },
  };

  test("should quote the vault path in the hook command and recognise it", () => {
    const command = hookCommand(spec, "prompt");
    assert.equal(command, "cortex hook prompt --vault '/home/me/My Vault'");
    assert.equal(isCortexHookCommand(command), true);
    assert.equal(isCortexHookCommand("npx -y cortex-vault hook session-start --vault /v"), true);
    assert.equal(isCortexHookCommand("my-hook prompt"), false);
  });

  test("should add both hooks, keep everything else, and be idempotent", () => {
    const once = addHooks(theirs, spec);
    assert.deepEqual(addHooks(once, spec), once);
    const hooks = once.hooks as Record<string, { hooks: { command: string }[] }[]>;
    assert.deepEqual(hooks.UserPromptSubmit!.map((e) => e.hooks[0]!.command), ["echo hi", "cortex hook prompt --vault '/home/me/My Vault'"]);
    assert.equal(hooks.SessionStart!.length, 1);
    assert.deepEqual(hooks.PreToolUse, theirs.hooks.PreToolUse);
    assert.equal(once.model, "opus");
    assert.deepEqual(theirs.hooks.UserPromptSubmit.length, 1, "input not mutated");
  });

  test("should update the vault of an existing cortex hook instead of adding a second one", () => {
    const moved = addHooks(addHooks(theirs, spec), { ...spec, vaultDir: "/elsewhere" });
    const prompt = (moved.hooks as Record<string, { hooks: { command: string }[] }[]>).UserPromptSubmit!;
    assert.deepEqual(prompt.map((e) => e.hooks[0]!.command), ["echo hi", "cortex hook prompt --vault /elsewhere"]);
  });

  test("should remove exactly the cortex hooks", () => {
    assert.deepEqual(removeHooks(addHooks(theirs, spec)), theirs);
    assert.deepEqual(removeHooks(addHooks({}, spec)), {});
    const shared = { hooks: { SessionStart: [{ hooks: [{ type: "command", command: "other" }, { type: "command", command: "cortex hook session-start --vault /v" }] }] } };
    assert.deepEqual(removeHooks(shared), { hooks: { SessionStart: [{ hooks: [{ type: "command", command: "other" }] }] } });
  });

  test("should add and remove the MCP server, refusing a name taken by another server", () => {
    const config = { mcpServers: { github: { command: "gh-mcp" } }, theme: "dark" };
    const added = addMcpServer(config, spec);
    assert.deepEqual((added.mcpServers as Record<string, unknown>).cortex, { type: "stdio", command: "cortex", args: ["mcp", "--vault", "/home/me/My Vault"] });
    assert.deepEqual(removeMcpServer(added, "cortex"), config);
    assert.deepEqual(addMcpServer({}, { ...spec, command: ["npx", "-y", "cortex-vault"] }).mcpServers, { cortex: { type: "stdio", command: "npx", args: ["-y", "cortex-vault", "mcp", "--vault", "/home/me/My Vault"] } });
    assert.throws(() => addMcpServer({ mcpServers: { cortex: { command: "something-else" } } }, spec), /already taken/);
    assert.deepEqual(removeMcpServer({ mcpServers: { cortex: { command: "something-else" } } }, "cortex"), { mcpServers: { cortex: { command: "something-else" } } });
  });

  test("should approve the .mcp.json server and take the approval back", () => {
    const approved = setMcpjsonApproval({ enabledMcpjsonServers: ["db"] }, "cortex", true);
    assert.deepEqual(approved.enabledMcpjsonServers, ["db", "cortex"]);
    assert.deepEqual(setMcpjsonApproval(approved, "cortex", true), approved);
    assert.deepEqual(setMcpjsonApproval(approved, "cortex", false), { enabledMcpjsonServers: ["db"] });
    assert.deepEqual(setMcpjsonApproval({ enabledMcpjsonServers: ["cortex"] }, "cortex", false), {});
  });
});

describe("cortex install --claude / uninstall --claude", () => {
  let home = "";
  let project = "";
  let vault = "";
  before(() => {
    home = tempDir();
    project = tempDir();
    vault = tempDir();
    writeFileSync(join(vault, "cortex.toml"), "");
  });
  after(() => [home, project, vault].forEach(removeTemp));

  const run = (args: string[], built = false) => (built ? runBuilt(args, { cwd: project, env: { HOME: home } }) : runInProcess(args, { cwd: project, env: { HOME: home } }));
  const read = (file: string) => readFileSync(file, "utf8");

  test("should merge into the user's settings, keep a backup, and be idempotent", async () => {
    const settings = join(home, ".claude/settings.json");
    mkdirSync(join(home, ".claude"), { recursive: true });
    const original = '{\n    "model": "opus",\n    "hooks": {\n        "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "guard.sh" }] }]\n    }\n}\n';
    writeFileSync(settings, original);
    const first = await run(["install", "--claude", "--vault", vault]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, new RegExp(`^updated ${settings} \\(backup: ${settings}\\.cortex-backup\\)\\ncreated ${join(home, ".claude.json")}\\n`));
    assert.equal(read(`${settings}.cortex-backup`), original);
    const merged = JSON.parse(read(settings)) as Record<string, any>;
    assert.equal(merged.model, "opus");
    assert.equal(merged.hooks.PreToolUse[0].hooks[0].command, "guard.sh");
    assert.equal(merged.hooks.SessionStart[0].hooks[0].command, `cortex hook session-start --vault ${vault}`);
    assert.match(read(settings), /^\{\n {4}"model"/, "keeps the file's indentation");
    assert.deepEqual(JSON.parse(read(join(home, ".claude.json"))).mcpServers.cortex.args, ["mcp", "--vault", vault]);
    const before = read(settings);
    const second = run(["install", "--claude", "--vault", vault], true) as CliRun;
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /^unchanged .*settings\.json\nunchanged .*\.claude\.json\n/);
    assert.equal(read(settings), before);
    const removed = await run(["uninstall", "--claude"]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(JSON.parse(read(settings)), JSON.parse(original));
    assert.equal(existsSync(join(home, ".claude.json")), false, "the file install created, left empty, is removed");
    assert.equal(existsSync(`${settings}.cortex-backup`), false, "install's backup is removed");
    assert.match(removed.stdout, /^updated .*settings\.json\nremoved .*\.claude\.json\n$/);
  });

  test("should register in the project: hooks and approval in .claude/settings.json, the server in .mcp.json", async () => {
    const result = await run(["install", "--claude", "--project", "--vault", vault, "--command", "npx -y cortex-vault"]);
    assert.equal(result.code, 0, result.stderr);
    const settings = JSON.parse(read(join(project, ".claude/settings.json"))) as Record<string, any>;
    assert.deepEqual(settings.enabledMcpjsonServers, ["cortex"]);
    assert.equal(settings.hooks.UserPromptSubmit[0].hooks[0].command, `npx -y cortex-vault hook prompt --vault ${vault}`);
    assert.deepEqual(JSON.parse(read(join(project, ".mcp.json"))).mcpServers.cortex, { type: "stdio", command: "npx", args: ["-y", "cortex-vault", "mcp", "--vault", vault] });
    assert.equal(existsSync(join(project, ".mcp.json.cortex-backup")), false);
    assert.equal((await run(["uninstall", "--claude", "--project"])).code, 0);
    assert.equal(existsSync(join(project, ".claude")), false, "no empty {} file or folder left");
    assert.equal(existsSync(join(project, ".mcp.json")), false);
    assert.deepEqual(readdirSync(project), []);
  });

  test("should refuse a settings file that is not JSON and change nothing", async () => {
    const file = join(project, ".claude/settings.json");
    mkdirSync(join(project, ".claude"), { recursive: true });
    writeFileSync(file, "{ broken");
    const result = await run(["install", "--claude", "--project", "--vault", vault]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^cortex: .*settings\.json is not valid JSON .*nothing was changed\n$/);
    assert.equal(read(file), "{ broken");
    writeFileSync(file, "{}\n");
  });

  test("should refuse a server name taken by another server", async () => {
    writeFileSync(join(project, ".mcp.json"), '{"mcpServers":{"cortex":{"command":"other"}}}');
    const result = await run(["install", "--claude", "--project", "--vault", vault]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /mcpServers\.cortex is already taken/);
    const renamed = await run(["install", "--claude", "--project", "--vault", vault, "--name", "memory"]);
    assert.equal(renamed.code, 0, renamed.stderr);
    assert.deepEqual(Object.keys(JSON.parse(read(join(project, ".mcp.json"))).mcpServers), ["cortex", "memory"]);
  });

  test("should refuse to register a folder that is not a vault", async () => {
    const plain = tempDir();
    try {
      const result = await runInProcess(["install", "--claude", "--project", "--vault", plain], { cwd: project, env: { HOME: home } });
      assert.equal(result.code, 2);
      assert.match(result.stderr, /^cortex: not a cortex vault \(no cortex\.toml here or above\): use --vault DIR or run cortex init/);
      const found = await runInProcess(["install", "--claude", "--project", "--dry-run"], { cwd: plain, env: { HOME: home } });
      assert.equal(found.code, 2);
      assert.equal(found.stderr, "cortex: not a cortex vault (no cortex.toml here or above): use --vault DIR or run cortex init\n");
    } finally {
      removeTemp(plain);
    }
  });

  test("should show the changes with --dry-run and write nothing", async () => {
    const fresh = tempDir();
    try {
      const result = runInProcess(["install", "--claude", "--project", "--vault", vault, "--dry-run"], { cwd: fresh, env: { HOME: home } });
      const r = await result;
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^would create .*\.claude\/settings\.json:\n\{/);
      assert.equal(existsSync(join(fresh, ".claude")), false);
    } finally {
      removeTemp(fresh);
    }
  });
});

describe("SDK install command", () => {
  test("should have hooks run the installed cortex, or npx -y cortex-vault from npx's cache (never a bare npx cortex)", () => {
    assert.equal(runCommand("/home/me/.npm/_npx/ab12/node_modules/cortex-vault"), "npx -y cortex-vault");
    assert.equal(runCommand("/usr/local/lib/node_modules/cortex-vault"), "cortex");
    assert.equal(runCommand(null), "cortex");
  });

  test("should name the exact command for a global, npx, project or checkout install", () => {
    assert.equal(installCommand("/usr/local/lib/node_modules/cortex-vault"), "npm install -g @modelcontextprotocol/server@^2.4");
    assert.equal(installCommand("/home/me/.npm/_npx/ab12/node_modules/cortex-vault"), "npx -y -p cortex-vault -p @modelcontextprotocol/server@^2.4 cortex-vault mcp");
    assert.equal(installCommand("/home/me/app/node_modules/cortex-vault"), "npm install --prefix /home/me/app @modelcontextprotocol/server@^2.4");
    assert.equal(installCommand("/home/me/my repo"), "npm install --prefix '/home/me/my repo' @modelcontextprotocol/server@^2.4");
  });
});
