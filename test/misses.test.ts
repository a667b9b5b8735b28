import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { exampleCopies, removeTemp, runBuilt, runInProcess, tempVault } from "./helpers/cli.js";
import { closestAtoms } from "../lib/core/indexes/atom-ref.js";

const T = ["--today", "2026-11-22", "--no-log"];
const example = exampleCopies();
const temps: string[] = [];
after(() => temps.forEach(removeTemp));

test("should say a -p project no atom has, naming the projects and the nearest, in list and search", async () => {
  const vault = example();
  for (const args of [["list", "-p", "opps", "--vault", vault, "--today", "2026-11-22"], ["search", "deploy", "-p", "opps", "--vault", vault, ...T]]) {
    for (const run of [await runInProcess(args), runBuilt(args)]) {
      assert.deepEqual([run.code, run.stdout, run.stderr], [1, "", "no project opps (projects: ops, backend, personal, research); did you mean ops?\n"], args[0]);
    }
  }
  const other = await runInProcess(["list", "-p", "ops", "-t", "loss", "--vault", vault, "--today", "2026-11-22"]);
  assert.equal(other.stderr, "No atoms match the filters\n", "a project that exists: the other filters are why");
});

test("should name the closest notes when a REF matches none", async () => {
  const vault = example();
  const shown = await runInProcess(["show", "priya", "--vault", vault, "--today", "2026-11-22"]);
  assert.deepEqual([shown.code, shown.stderr], [2, 'cortex: no atom with path, id or name "priya"\nclosest: people/priya_raman.md (Priya Raman)\n']);
  const typo = await runInProcess(["show", "canary analysys", "--vault", vault, "--today", "2026-11-22"]);
  assert.match(typo.stderr, /\nclosest: atoms\/canary_analysis\.md \(Canary analysis\)\n$/);
  assert.deepEqual(closestAtoms([{ path: "b.md", name: "Zed" }], "quux"), []);
});

test("should say a write starts a new project when cortex.toml lists none", async () => {
  const vault = tempVault();
  temps.push(vault);
  const write = (name: string, project: string) => runInProcess(["write", "--name", name, "-t", "rule", "-p", project, "--body", `${name} body text.`, "--vault", vault, "--today", "2026-11-22"]);
  assert.equal((await write("First rule here", "ops")).stderr, "", "a vault's first project is no surprise");
  assert.equal((await write("Second rule there", "ops")).stderr, "");
  assert.equal((await write("Third rule elsewhere", "opps")).stderr, 'cortex: note: started a new project "opps" (no other atom has it)\n');
  writeFileSync(join(vault, "cortex.toml"), '[projects]\nnames = ["ops", "opps", "web"]\n');
  assert.equal((await write("Fourth rule on the web", "web")).stderr, "", "a project cortex.toml lists is no surprise");
});

test("should read a write's notes from the index as written, and see notes added by hand before it says a project is new or a link opens nothing", async () => {
  const vault = tempVault();
  temps.push(vault);
  const write = (name: string, project: string, body: string) => runInProcess(["write", "--name", name, "-t", "rule", "-p", project, "--body", body, "--vault", vault, "--today", "2026-11-22"]);
  assert.equal((await write("First rule here", "ops", "Ops body text.")).stderr, "");
  // Added by hand after the last index run, so the index the write reads does not list them yet.
  mkdirSync(join(vault, "web"), { recursive: true });
  writeFileSync(join(vault, "web/cdn_cache.md"), "---\nname: CDN cache\ntype: rule\nproject: web\n---\nPurge on deploy.\n");
  writeFileSync(join(vault, "web/edge_rules.md"), "---\nname: Edge rules\naliases: [Edge rules]\ntype: rule\nproject: web\n---\nKeep them short.\n");
  const both = await write("Web rule", "web", "See [[cdn_cache]] and [[Edge rules]].");
  assert.equal(both.code, 0, both.stderr);
  assert.equal(both.stderr, "", "the hand-made notes hold project web and answer both links");
  const missing = await write("Another ops rule", "ops", "See [[cdn_cahce]].");
  assert.equal(missing.stderr, "cortex: warning: rules/another_ops_rule.md: [[cdn_cahce]] opens no note; did you mean [[cdn_cache]]?\n", "a link that opens nothing is still said, once");
});

test("should suggest the nearest words of the index's own vocabulary when a search finds nothing", async () => {
  const vault = tempVault();
  temps.push(vault);
  const W = ["--vault", vault, "--today", "2026-11-22"];
  for (const [name, body] of [["Postgres upgrade", "We moved postgres to version 16."], ["Progress report", "Slow progress on the migration."], ["Database choice", "Postgres again, for the postgres extensions."]]) {
    assert.equal((await runInProcess(["write", "--name", name!, "-t", "decision", "-p", "ops", "--body", body!, ...W])).code, 0);
  }
  for (const run of [await runInProcess(["search", "postgress", ...W, "--no-log"]), runBuilt(["search", "postgress", ...W, "--no-log"])]) {
    assert.deepEqual([run.code, run.stdout, run.stderr], [1, "", "No results for: postgress\ndid you mean postgres?\n"]);
  }
  const two = await runInProcess(["search", "postgress", "extensons", ...W, "--no-log"]);
  assert.equal(two.stderr, "No results for: postgress extensons\ndid you mean postgres extensions?\n");
  assert.equal((await runInProcess(["search", "zzzqqq", ...W, "--no-log"])).stderr, "No results for: zzzqqq\n", "nothing near: no suggestion");
  assert.equal((await runInProcess(["search", "postgress", "--ranking", "seed", ...W, "--no-log"])).stderr, "No results for: postgress\n");
});
