import { spawnSync } from "node:child_process";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { checkVault } from "../lib/app/check/check-vault.js";
import { checkAtomText, duplicateIdDiagnostics } from "../lib/core/check/rules.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { parseConfig } from "../lib/core/config/parse.js";
import { emptyDirs, fixtureCopies, runVaultCases, type VaultCliCase } from "./helpers/cases.js";
import { copyToTemp, removeTemp, ROOT, runInProcess } from "./helpers/cli.js";

const copy = fixtureCopies();
const newDir = emptyDirs();

const ATOM = "---\nid: 20260101_a\nname: A\ntype: rule\nproject: alpha\nstatus: active\ncreated: 2026-01-01\nupdated: 2026-01-01\ntags: [x]\n---\nBody\n";

test("should hold notes with an id or type to the required fields, and leave plain notes alone", () => {
  const settings = { required: ["id", "name", "type", "updated"] };
  const config = defaultConfig();
  assert.deepEqual(checkAtomText("a.md", ATOM, config, settings).diagnostics, []);
  const missing = checkAtomText("b.md", "---\ntype: rule\nname: \"\"\n---\n", config, settings).diagnostics;
  assert.deepEqual(missing.map((d) => [d.line, d.rule, d.message, d.severity]), [[1, "missing-field", "frontmatter lacks required fields: id, name, updated", "error"]]);
  assert.deepEqual(checkAtomText("c.md", "---\npublish: true\n---\n", config, settings).diagnostics, []);
  assert.deepEqual(checkAtomText("d.md", "no frontmatter", config, settings).diagnostics, []);
});

test("should report projects outside [projects] names and tags with capitals or spaces", () => {
  const config = parseConfig('[projects]\nnames = ["alpha"]\n', "cortex.toml", "/v");
  const text = "---\nproject: omega\ntags: [Deploy, \"two words\", ok]\n---\n";
  const found = checkAtomText("a.md", text, config, { required: [] }).diagnostics;
  assert.deepEqual(found.map((d) => [d.line, d.rule, d.severity]), [[2, "invalid-project", "error"], [3, "tag-format", "warning"], [3, "tag-format", "warning"]]);
});

test("should report a duplicate id on every file that has it", () => {
  const found = duplicateIdDiagnostics([{ path: "a.md", id: "x", idLine: 2 }, { path: "b.md", id: "x", idLine: 3 }, { path: "c.md", id: "y", idLine: 2 }]);
  assert.deepEqual(found.map((d) => `${d.file}:${d.line} ${d.rule} ${d.message}`), [
    'a.md:2 duplicate-id id "x" is also the id of b.md',
    'b.md:3 duplicate-id id "x" is also the id of a.md',
  ]);
});

test("should count errors and warnings of a whole vault, sorted by path and line", () => {
  const dir = newDir();
  mkdirSync(join(dir, "rules"));
  const toml = '[projects]\nnames = ["alpha"]\n[check]\nrequired = ["id", "name"]\n';
  writeFileSync(join(dir, "cortex.toml"), toml);
  writeFileSync(join(dir, "rules/a.md"), ATOM);
  writeFileSync(join(dir, "rules/b.md"), ATOM.replace("project: alpha", "project: beta").replace("Body", "See [[nowhere]] and [[a]]."));
  writeFileSync(join(dir, "rules/c.md"), "---\ntype: rule\nupdated: someday\n");
  writeFileSync(join(dir, "rules/d.md"), "---\nid: d\nname: D\ntype: rulez\nupdated: someday\n---\n");
  const report = checkVault(dir, { config: parseConfig(toml, join(dir, "cortex.toml"), dir), today: "2026-01-05" });
  assert.deepEqual(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`), [
    "rules/a.md:2 duplicate-id",
    "rules/b.md:2 duplicate-id",
    "rules/b.md:5 invalid-project",
    "rules/b.md:11 broken-link",
    "rules/c.md:1 frontmatter-unterminated",
    "rules/d.md:4 invalid-type",
    "rules/d.md:5 bad-date",
  ]);
  assert.equal(report.errors, 7, "the indexer's schema warnings are errors for the linter");
  assert.equal(report.files, 4);
});

test("should report the AUTO markers of MOCs that refresh-moc would leave alone, and only those", () => {
  const dir = newDir();
  mkdirSync(join(dir, "_moc/old"), { recursive: true });
  mkdirSync(join(dir, "notes"));
  // Line 2 opens a section that never closes; the recent section is whole.
  writeFileSync(join(dir, "_moc/ops.md"), "# Ops\n<!-- AUTO:hot -->\n- x\n<!-- AUTO:recent -->\n<!-- /AUTO:recent -->\n");
  writeFileSync(join(dir, "_moc/fine.md"), "# Fine\n<!-- AUTO:hot -->\n<!-- /AUTO:hot -->\n`<!-- AUTO:example -->` in code is no marker\n");
  // Not MOCs refresh-moc fills: a nested folder of _moc, and a plain note.
  writeFileSync(join(dir, "_moc/old/x.md"), "<!-- AUTO:hot -->\n");
  writeFileSync(join(dir, "notes/n.md"), "<!-- /AUTO:hot -->\n");
  writeFileSync(join(dir, "MEMORY.md"), "<!-- AUTO:a -->\n<!-- AUTO:b -->\n<!-- /AUTO:a -->\n<!-- /AUTO:b -->\n<!-- /AUTO:c -->\n");
  const report = checkVault(dir, { config: defaultConfig(), today: "2026-01-05" });
  assert.deepEqual(report.diagnostics.filter((d) => d.rule.startsWith("moc-")).map((d) => `${d.file}:${d.line} ${d.rule} ${d.severity}`), [
    "MEMORY.md:1 moc-nested error",
    "MEMORY.md:2 moc-nested error",
    "MEMORY.md:5 moc-missing-open error",
    "_moc/ops.md:2 moc-unclosed error",
  ]);
});

const CASES: VaultCliCase[] = [
  {
    name: "should list each problem as path:line severity rule message and exit 1 on errors",
    
    args: (dir) => ["check", "--vault", dir],
    exitCode: 1,
    stdout: [
      "MEMORY.md:3 error broken-link [[memory_ghost]] matches no note in the vault",
      "hub.md:17 warning ambiguous-link [[dup]] matches 2 notes (a/dup.md, b/c/dup.md); Obsidian opens the shortest path, a/dup.md; write more of the path to choose",
      "hub.md:17 error broken-link [[ghost]] matches no note in the vault",
      'hub.md:23 error missing-file links to "absent.png", which is not in the vault',
      "",
    ].join("\n"),
    stderr: "11 files checked: 3 errors, 1 warning\n",
  },
  {
    name: "should print only errors with --quiet",
    
    args: (dir) => ["check", "--vault", dir, "--quiet"],
    exitCode: 1,
    stdout: /^(?![\s\S]*ambiguous)[\s\S]*absent\.png/,
    stderr: "",
  },
  {
    name: "should exit 0 on a vault without errors",
    fixture: "examples/vault",
    args: (dir) => ["check", "--vault", dir],
    exitCode: 0,
    stdout: "",
    stderr: /^19 files checked: 0 errors, 0 warnings\n$/,
  },
  {
    name: "should print the report as JSON",
    
    args: (dir) => ["check", "--vault", dir, "--json"],
    exitCode: 1,
    stdout: /"errors": 3,\n  "warnings": 1,\n  "files": 11\n/,
  },
  {
    name: "should exit 2 for a vault that does not exist",
    
    args: (dir) => ["check", "--vault", join(dir, "nope")],
    exitCode: 2,
    stderr: /^cortex: vault folder not found/,
  },
];


runVaultCases(CASES, "test/fixtures/links", copy);

test("should check again only the notes changed since the last run (the database's checks table), with the same report", async () => {
  const vault = copyToTemp(`${ROOT}examples/vault`);
  try {
    const args = ["check", "--vault", vault, "--today", "2026-11-22", "--json"];
    const first = await runInProcess(args);
    assert.ok(sqlValue(vault, "SELECT count(*) AS v FROM checks") > 0, "the results are kept");
    assert.deepEqual(await runInProcess(args), first, "a run from the kept results reports the same");
    writeFileSync(`${vault}/atoms/canary_analysis.md`, readFileSync(`${vault}/atoms/canary_analysis.md`, "utf8").replace("tags:", "tags: [Bad Tag]\nold_tags:"));
    const changed = JSON.parse((await runInProcess(args)).stdout) as { diagnostics: { file: string; rule: string }[] };
    assert.ok(changed.diagnostics.some((d) => d.file === "atoms/canary_analysis.md" && d.rule === "tag-format"), "the changed note is checked again");
  } finally {
    removeTemp(vault);
  }
});

test("should take an unchanged note's kept result, not check it again, and check a changed one", () => {
  const vault = copyToTemp(`${ROOT}examples/vault`);
  try {
    const config = parseConfig("", join(vault, "cortex.toml"), vault);
    checkVault(vault, { config, today: "2026-11-22" });
    // A kept result marked by hand: a run that reports it read the result instead of checking the note.
    const marker = { file: "rules/no_friday_deploys.md", line: 1, rule: "kept-result", message: "from the checks table", severity: "warning" };
    sql(vault, `UPDATE checks SET result = json_set(result, '$.diagnostics', json('${JSON.stringify([marker])}')) WHERE path = 'rules/no_friday_deploys.md'`);
    assert.ok(checkVault(vault, { config, today: "2026-11-22" }).diagnostics.some((d) => d.rule === "kept-result"), "the kept result is used");
    writeFileSync(`${vault}/rules/no_friday_deploys.md`, `${readFileSync(`${vault}/rules/no_friday_deploys.md`, "utf8")}\nOne more line.\n`);
    assert.ok(!checkVault(vault, { config, today: "2026-11-22" }).diagnostics.some((d) => d.rule === "kept-result"), "a changed note is checked again");
  } finally {
    removeTemp(vault);
  }
});

// One value of a query on the vault's database (in another process, as a user's tool would read it).
function sqlValue(vault: string, query: string): number {
  const child = spawnSync(process.execPath, ["--no-warnings", "-e", `const {DatabaseSync}=require("node:sqlite");const d=new DatabaseSync(${JSON.stringify(`${vault}/index/cortex.db`)});process.stdout.write(String(d.prepare(${JSON.stringify(query)}).get().v))`], { encoding: "utf8" });
  return Number(child.stdout);
}

function sql(vault: string, statement: string): void {
  const child = spawnSync(process.execPath, ["--no-warnings", "-e", `const {DatabaseSync}=require("node:sqlite");const d=new DatabaseSync(${JSON.stringify(`${vault}/index/cortex.db`)});d.exec(${JSON.stringify(statement)});d.close()`]);
  assert.equal(child.status, 0, String(child.stderr));
}
