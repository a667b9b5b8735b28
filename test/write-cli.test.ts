import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { removeTemp, runInProcess, tempVault } from "./helpers/cli.js";
import { WRITE_CASES, WRITE_RUNNER } from "./write-cli-cases.js";
import { registerMutationCases } from "./helpers/mutation-cases.js";

registerMutationCases(WRITE_CASES, WRITE_RUNNER);

test("should round-trip an awkward name through cortex index", async () => {
  const vault = tempVault();
  try {
    const name = 'Colons: "quotes" #hash, ünïcödé — 日本語';
    const wrote = await runInProcess(["write", "--vault", vault, "--name", `${name}\n`, "--type", "concept", "--project", "p", "--today", "2026-11-22", "--json"]);
    assert.equal(wrote.code, 0, wrote.stderr);
    const { path } = JSON.parse(wrote.stdout) as { path: string };
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string; name: string }[];
    assert.deepEqual(manifest.map((m) => [m.path, m.name]), [[path, name]]);
  } finally {
    removeTemp(vault);
  }
});

test("should commit the new file when asked, leaving other changes alone", async () => {
  const vault = tempVault();
  try {
    const { spawnSync } = await import("node:child_process");
    const git = (...args: string[]) => spawnSync("git", args, { cwd: vault, encoding: "utf8" });
    git("init", "-q");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "T");
    writeFileSync(join(vault, "unrelated.md"), "draft\n");
    const result = await runInProcess(["write", "--vault", vault, "--name", "Committed note", "--type", "rule", "--project", "p", "--today", "2026-11-22", "--commit"]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /Committed/);
    assert.equal(git("log", "--format=%s").stdout, "cortex write: Committed note\n");
    assert.equal(git("show", "--name-only", "--format=").stdout, "rules/committed_note.md\n");
    assert.match(git("status", "--porcelain").stdout, /\?\? unrelated\.md/);
  } finally {
    removeTemp(vault);
  }
});

test("should record the name as an alias so [[Name]] opens the note, warn of a link that opens nothing with the nearest note, and have check and link suggest it", async () => {
  const vault = tempVault();
  try {
    const T = ["--vault", vault, "--today", "2026-11-22"];
    const person = await runInProcess(["write", "--name", "Priya Raman", "-t", "person", "-p", "ops", "--body", "SRE lead.", ...T]);
    assert.equal(person.code, 0, person.stderr);
    assert.match(readFileSync(join(vault, "people/priya_raman.md"), "utf8"), /\naliases: \[Priya Raman\]\n---\n/);
    const rota = await runInProcess(["write", "--name", "Pager rota", "-t", "rule", "-p", "ops", "--body", "Ask [[Priya Raman]], else [[Priya Ramen]].", ...T]);
    assert.equal(rota.code, 0, rota.stderr);
    assert.equal(rota.stderr, "cortex: warning: rules/pager_rota.md: [[Priya Ramen]] opens no note; did you mean [[priya_raman]]?\n");
    const shown = await runInProcess(["show", "Pager rota", "--json", ...T]);
    assert.deepEqual(JSON.parse(shown.stdout).links, ["people/priya_raman.md"], "[[Priya Raman]] opens the note by its alias");
    const check = await runInProcess(["check", ...T]);
    assert.match(check.stdout + check.stderr, /rules\/pager_rota\.md:\d+ error broken-link \[\[Priya Ramen\]\] matches no note in the vault; did you mean \[\[priya_raman\]\]\?/);
    const report = await runInProcess(["link", "--report", ...T]);
    assert.match(report.stdout, /\n {2}rules\/pager_rota\.md:\d+ \[\[Priya Ramen\]\] \(did you mean \[\[priya_raman\]\]\?\)\n/);
    const single = await runInProcess(["write", "--name", "Postgres", "-t", "reference", "-p", "ops", "--body", "The database.", ...T]);
    assert.equal(single.code, 0, single.stderr);
    assert.doesNotMatch(readFileSync(join(vault, "reference/postgres.md"), "utf8"), /aliases/, "a name its file already answers to needs no alias");
  } finally {
    removeTemp(vault);
  }
});
