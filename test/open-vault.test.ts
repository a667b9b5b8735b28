import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { CortexError, openVault } from "../lib/index.js";
import { exampleCopies, removeTemp, runBuilt, runInProcess, tempDir } from "./helpers/cli.js";

const TODAY = "2026-11-22";
const NOT_A_VAULT = "cortex: not a cortex vault (no cortex.toml here or above): use --vault DIR or run cortex init\n";
const temps: string[] = [];
after(() => temps.forEach(removeTemp));
const example = exampleCopies();
const NOTE = "---\nname: Quokka habits\ntype: reference\nproject: ops\nstatus: active\ncreated: 2026-11-22\nupdated: 2026-11-22\ntags: [marsupial]\n---\nThey smile.\n";

describe("finding the vault", () => {
  for (const [name, run] of [["in process", (args: string[], cwd: string) => runInProcess(args, { cwd })], ["built CLI", (args: string[], cwd: string) => Promise.resolve(runBuilt(args, { cwd }))]] as const) {
    test(`should refuse a folder that is no vault, write nothing, exit 2 (${name})`, async () => {
      const dir = tempDir();
      temps.push(dir);
      writeFileSync(join(dir, "diary.md"), "# Dear diary\n");
      for (const args of [["search", "diary"], ["mcp"], ["context", "diary"], ["index"]]) {
        const result = await run(args, dir);
        assert.deepEqual([result.code, result.stderr], [2, NOT_A_VAULT], args.join(" "));
      }
      assert.deepEqual(readdirSync(dir), ["diary.md"]);
    });
  }

  for (const [name, run] of [["in process", runInProcess], ["built CLI", (args: string[], options: { env?: Record<string, string> }) => Promise.resolve(runBuilt(args, options))]] as const) {
    test(`should refuse a named folder that is no vault, by --vault and CORTEX_VAULT, with a hint, creating nothing (${name})`, async () => {
      const dir = tempDir();
      temps.push(dir);
      writeFileSync(join(dir, "diary.md"), "# Dear diary\n");
      const hint = `run \`cortex init ${dir}\` to make it one\n`;
      const commands = [["list"], ["search", "diary"], ["index"], ["mcp"], ["migrate", "--dry-run"], ["write", "--name", "Oops", "--type", "rule", "--project", "p", "--body", "x"]];
      for (const args of commands) {
        const flag = await run([...args, "--vault", dir], {});
        assert.deepEqual([flag.code, flag.stderr], [2, `${NOT_A_VAULT.trimEnd()} (--vault ${dir})\n${hint}`], `${args[0]} --vault`);
        const env = await run(args, { env: { CORTEX_VAULT: dir } });
        assert.deepEqual([env.code, env.stderr], [2, `${NOT_A_VAULT.trimEnd()} (CORTEX_VAULT ${dir})\n${hint}`], `${args[0]} with CORTEX_VAULT`);
      }
      assert.deepEqual(readdirSync(dir), ["diary.md"]);
    });
  }

  test("should refuse a folder that is no vault in openVault, creating nothing", () => {
    const dir = tempDir();
    temps.push(dir);
    assert.throws(() => openVault({ vault: dir, today: TODAY }).list({}), (e: unknown) => e instanceof CortexError && e.code === "NOT_A_VAULT" && e.hint === `run \`cortex init ${dir}\` to make it one`);
    assert.throws(() => openVault({ env: { CORTEX_VAULT: dir }, today: TODAY }), (e: unknown) => e instanceof CortexError && e.code === "NOT_A_VAULT");
    assert.deepEqual(readdirSync(dir), []);
  });

  test("should take a --vault naming a subfolder of a vault as that vault, building no vault inside it", async () => {
    const vault = example();
    const result = await runInProcess(["search", "deploy", "freeze", "--vault", join(vault, "rules"), "--paths", "--today", TODAY, "--no-log"], { cwd: vault });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.split("\n")[0], "atoms/deploy_freeze_during_release.md");
    assert.equal(existsSync(join(vault, "rules/index")), false);
    assert.equal(openVault({ vault: join(vault, "rules"), today: TODAY }).vaultDir, vault);
  });

  test("should take a subfolder of a vault as that vault", async () => {
    const vault = example();
    const result = await runInProcess(["search", "deploy", "freeze", "--paths", "--today", TODAY, "--no-log"], { cwd: join(vault, "rules") });
    assert.equal(result.code, 0, result.stderr);
    // --paths prints paths usable from the current folder (issue 14): absolute for a note outside it.
    assert.equal(result.stdout.split("\n")[0], join(vault, "atoms/deploy_freeze_during_release.md"));
    assert.equal(existsSync(join(vault, "rules/index")), false);
  });

  test("should check every table of cortex.toml when the vault is opened, whatever the command", async () => {
    const vault = example();
    writeFileSync(join(vault, "cortex.toml"), '[write]\nrelated = "many"\n');
    const result = await runInProcess(["search", "deploy", "--vault", vault, "--today", TODAY]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^cortex: .*cortex\.toml: write\.related: expected a whole number from 0 to 20, got string "many"\n$/);
    assert.throws(() => openVault({ vault, today: TODAY }), (e: unknown) => e instanceof CortexError && e.code === "CONFIG");
  });
});

describe("fresh reads", () => {
  test("should find a note added by hand, follow a renamed one, forget a deleted one, and see an edit, without cortex index", async () => {
    const vault = example();
    const search = (...words: string[]) => runInProcess(["search", ...words, "--vault", vault, "--paths", "--today", TODAY, "--no-log"]);
    // --paths prints paths usable from the current folder (issue 14); the vault is outside it, so they are absolute.
    const quokka = `${join(vault, "reference/quokka.md")}\n`;
    assert.equal((await runInProcess(["index", "--vault", vault, "--today", TODAY, "--quiet"])).code, 0);
    writeFileSync(join(vault, "reference/quokka.md"), NOTE);
    assert.equal((await search("marsupial")).stdout, quokka, "a new note is found by its tag");
    writeFileSync(join(vault, "reference/quokka.md"), NOTE.replace("Quokka habits", "Wombat habits").replace("They smile.", "They dig and dig."));
    assert.equal((await search("wombat")).stdout, quokka, "an edited name is found");
    assert.equal((await search("quokka")).stdout, quokka, "the path still holds the old word");
    const json = await runInProcess(["search", "wombat", "--vault", vault, "--json", "--today", TODAY, "--no-log"]);
    assert.equal(JSON.parse(json.stdout)[0].name, "Wombat habits", "the new name is shown");
    renameSync(join(vault, "reference/quokka.md"), join(vault, "reference/wombat.md"));
    assert.equal((await search("wombat")).stdout, `${join(vault, "reference/wombat.md")}\n`, "a renamed note is found at its new path");
    rmSync(join(vault, "reference/wombat.md"));
    const gone = await search("wombat");
    assert.deepEqual([gone.code, gone.stdout], [1, ""], "a deleted note is gone");
  });

  test("should read the index as written with --no-refresh", async () => {
    const vault = example();
    assert.equal((await runInProcess(["index", "--vault", vault, "--today", TODAY, "--quiet"])).code, 0);
    writeFileSync(join(vault, "reference/quokka.md"), NOTE);
    const stale = await runInProcess(["search", "marsupial", "--vault", vault, "--today", TODAY, "--no-log", "--no-refresh"]);
    assert.equal(stale.code, 1);
    const stillStale = openVault({ vault, today: TODAY, refresh: false });
    assert.equal((await stillStale.search("marsupial", { log: false })).hits.length, 0);
    const fresh = openVault({ vault, today: TODAY });
    assert.deepEqual((await fresh.search("marsupial", { log: false })).hits.map((h) => h.record.path), ["reference/quokka.md"]);
  });
});

describe("the Vault handle", () => {
  test("should read an atom by path, id, name or link stem, and throw a CortexError for a bad ref", async () => {
    const vault = openVault({ vault: example(), today: TODAY });
    const paths = await Promise.all(["atoms/deploy_freeze_during_release.md", "20261118_deploy_freeze_during_release", "deploy freeze during release windows", "deploy_freeze_during_release", "[[deploy_freeze_during_release]]"].map(async (ref) => (await vault.get(ref)).path));
    assert.deepEqual(new Set(paths), new Set(["atoms/deploy_freeze_during_release.md"]));
    const atom = await vault.get("deploy_freeze_during_release");
    assert.deepEqual(atom.meta.tags, ["deploy", "risk", "release"]);
    assert.match(atom.body, /24 hours/);
    await assert.rejects(vault.get("no such atom"), (e: unknown) => e instanceof CortexError && e.code === "NOT_FOUND");
  });

  test("should list, count and brief from one handle", async () => {
    const vault = openVault({ vault: example(), today: TODAY });
    const ops = await vault.list({ project: "ops" });
    assert.ok(ops.length > 0 && ops.every((m) => m.project === "ops" && m.status === "active"));
    const status = await vault.status();
    assert.equal(status.today, TODAY);
    assert.ok(status.total > 0 && status.index.fresh === false && status.index.indexed_at === null, "the first read of an unindexed copy indexed it");
    const briefing = await vault.context("is a deploy allowed during the release", { budgetTokens: 400 });
    assert.match(briefing.text, /Deploy freeze/);
  });

  test("should write and supersede through one transaction each, indexing once", async () => {
    const dir = example();
    mkdirSync(join(dir, "rules"), { recursive: true });
    const vault = openVault({ vault: dir, today: TODAY });
    const written = await vault.write({ name: "Quokkas need shade", type: "rule", project: "ops", tags: ["marsupial"], body: "Keep shade at noon." });
    const found = openVault({ vault: dir, today: TODAY, refresh: false });
    assert.deepEqual((await found.search("marsupial", { log: false })).hits.map((h) => h.record.path), [written.path], "the index on disk has it");
    const result = await vault.supersede({ old: written.path });
    assert.deepEqual(result, { old: written.path, by: null });
    assert.equal((await openVault({ vault: dir, today: TODAY, refresh: false }).get(written.path)).meta.status, "archived", "retired: archived");
  });
});
