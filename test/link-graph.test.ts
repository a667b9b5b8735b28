import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { mentionNames, suggestionEdits, codeRefEdits } from "../lib/core/links/autolink.js";
import { applyEdits } from "../lib/core/links/edits.js";
import { linkVault } from "../lib/app/links/link-vault.js";
import { buildLinkResolver } from "../lib/core/links/resolver.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { emptyVaults, fixtureCopies, runVaultCases, type VaultCliCase } from "./helpers/cases.js";

const copy = fixtureCopies();
const newDir = emptyVaults();

const NOTES: Record<string, string> = {
  "rules/deploy_freeze.md": "---\nname: Deploy freeze\naliases: [release freeze]\n---\nNo deploys.\n",
  "rules/canary.md": "---\nname: Canary analysis\n---\nCompare before promoting.\n",
  "notes/log.md": [
    "---",
    "name: Ops log",
    "---",
    "Today the deploy freeze held; see `rules/canary.md` and `missing/x.md`.",
    "A second deploy freeze mention is left alone. Canary analysis helped.",
    "```",
    "`rules/canary.md` in a code block stays",
    "Deploy freeze in code stays",
    "```",
    "A closing line.",
    "# Deploy freeze in a heading is not prose",
    "",
  ].join("\n"),
};

function vault(): string {
  const dir = newDir();
  for (const [path, text] of Object.entries(NOTES)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const MANIFEST = [
  { path: "rules/deploy_freeze.md", name: "Deploy freeze", aliases: ["release freeze"] },
  { path: "rules/canary.md", name: "Canary analysis", aliases: [] },
  { path: "notes/log.md", name: "Ops log", aliases: [] },
  { path: "a/Shared.md", name: "Shared name", aliases: [] },
  { path: "b/other.md", name: "Shared name", aliases: [] },
];

test("should only suggest names longer than 5 characters that one atom has", () => {
  assert.deepEqual(mentionNames(MANIFEST).map((n) => n.name), ["Deploy freeze", "release freeze", "Canary analysis", "Ops log"]);
});

test("should turn backtick paths to existing atoms into wikilinks, outside code blocks only", () => {
  const resolver = buildLinkResolver(MANIFEST);
  const text = NOTES["notes/log.md"]!;
  const edits = codeRefEdits(text, "notes/log.md", resolver, new Set(MANIFEST.map((m) => m.path)));
  assert.deepEqual(edits.map((e) => [e.line, e.before, e.text]), [[4, "`rules/canary.md`", "[[rules/canary]]"]]);
});

test("should suggest the first prose mention of each unlinked atom, whole words only", () => {
  const resolver = buildLinkResolver(MANIFEST);
  const text = NOTES["notes/log.md"]!;
  const edits = suggestionEdits(text, "notes/log.md", mentionNames(MANIFEST), new Set(), resolver);
  assert.deepEqual(edits.map((e) => [e.line, e.before, e.text]), [
    [4, "deploy freeze", "[[deploy_freeze|deploy freeze]]"],
    [5, "Canary analysis", "[[canary|Canary analysis]]"],
  ]);
  assert.deepEqual(suggestionEdits("deploy freezer and predeploy freeze", "x.md", mentionNames(MANIFEST), new Set(), resolver), []);
  assert.deepEqual(suggestionEdits(text, "notes/log.md", mentionNames(MANIFEST), new Set(["rules/deploy_freeze.md", "rules/canary.md"]), resolver), []);
  assert.equal(suggestionEdits(text, "notes/log.md", mentionNames(MANIFEST), new Set(), resolver, 1).length, 1);
});

test("should apply edits and keep every other byte", () => {
  assert.equal(applyEdits("a `x.md` b", [{ start: 2, end: 8, text: "[[x]]", line: 1 }]), "a [[x]] b");
  assert.throws(() => applyEdits("abc", [{ start: 0, end: 2, text: "", line: 1 }, { start: 1, end: 3, text: "", line: 1 }]), /overlapping/);
});

test("should write code-reference links, list suggestions, and change nothing on a second run", async () => {
  const dir = vault();
  const config = defaultConfig();
  const first = await linkVault(dir, { config, today: "2026-01-10" });
  assert.deepEqual(first.written, ["notes/log.md"]);
  assert.deepEqual(first.suggested.map((f) => [f.path, f.edits.map((e) => e.before)]), [["notes/log.md", ["deploy freeze"]]]);
  const after1 = readFileSync(join(dir, "notes/log.md"), "utf8");
  assert.equal(after1, NOTES["notes/log.md"]!.replace("see `rules/canary.md`", "see [[rules/canary]]"));
  const second = await linkVault(dir, { config, today: "2026-01-10" });
  assert.deepEqual(second.written, []);
  const third = await linkVault(dir, { config, today: "2026-01-10", applySuggestions: true });
  assert.deepEqual(third.written, ["notes/log.md"]);
  assert.match(readFileSync(join(dir, "notes/log.md"), "utf8"), /^Today the \[\[deploy_freeze\|deploy freeze\]\] held; see \[\[rules\/canary\]\]/m);
});


const CASES: VaultCliCase[] = [
  {
    name: "should print the cross-reference report and exit 1 when links are broken",
    fixture: "test/fixtures/links",
    args: (dir) => ["link", "--vault", dir, "--report"],
    exitCode: 1,
    stdout: /^Atoms: 10; with links out: 2; linked to: 6; links: 7\nOrphans \(no links in or out\): 3\n  README.md\n  b\/c\/dup.md\n  orphan.md\nHubs[\s\S]*Broken links: 2\n  hub.md:17 \[\[ghost\]\]\n  hub.md:23 \[\[absent.png\]\]\nAmbiguous links: 1\n  hub.md:17 \[\[dup\]\] → a\/dup.md \(also b\/c\/dup.md\)\n$/,
  },
  {
    name: "should give scripts the report as JSON with a broken array",
    fixture: "test/fixtures/links",
    args: (dir) => ["link", "--vault", dir, "--report", "--json"],
    exitCode: 1,
    stdout: /"broken": \[\n    \{\n      "from": "hub.md",\n      "target": "ghost",\n      "line": 17\n    \}/,
  },
  {
    name: "should show the changes with --dry-run",
    fixture: vault,
    args: (dir) => ["link", "--vault", dir, "--dry-run"],
    exitCode: 0,
    stdout: "notes/log.md:4 `rules/canary.md` → [[rules/canary]]\nnotes/log.md:4 deploy freeze → [[deploy_freeze|deploy freeze]] (suggestion)\nWould link 1 reference in 1 file; 1 suggestion (--apply-suggestions writes them)\n",
  },
  {
    name: "should draw the graph as Mermaid with hubs emphasised and orphans listed",
    fixture: "test/fixtures/links",
    args: (dir) => ["graph", "--vault", dir],
    exitCode: 0,
    stdout: /^flowchart LR\n  n1\["Dup"\]\n[\s\S]*  n3 --> n1\n[\s\S]*  subgraph orphans \[Orphans: no links in or out\]\n    n0\["README"\]\n    n2\["Dup"\]\n    n6\["Orphan"\]\n  end\n  classDef hub stroke-width:4px,font-weight:bold\n  class n3,n8 hub\n$/,
  },
  {
    name: "should draw the graph as DOT",
    fixture: "test/fixtures/links",
    args: (dir) => ["graph", "--vault", dir, "--format", "dot"],
    exitCode: 0,
    stdout: /^digraph cortex \{\n[\s\S]*  "hub.md" \[label="Hub", penwidth=3, style=filled, fillcolor="#ffe8a8"\];\n[\s\S]*  "sub\/rel.md" -> "hub.md";\n[\s\S]*\}\n$/,
  },
  {
    name: "should give the graph of one project as JSON",
    fixture: "examples/vault",
    args: (dir) => ["graph", "--vault", dir, "--project", "backend", "--format", "json"],
    exitCode: 0,
    stdout: /"edges": \[\n    \[\n      "_moc\/backend.md",\n      "atoms\/payments_api_v2.md"\n    \],/,
  },
  {
    name: "should exit 1 for a project with no atoms",
    fixture: "examples/vault",
    args: (dir) => ["graph", "--vault", dir, "--project", "nope"],
    exitCode: 1,
    stderr: 'No atoms in project "nope"\n',
  },
  {
    name: "should exit 2 for an unknown format",
    fixture: "examples/vault",
    args: (dir) => ["graph", "--vault", dir, "--format", "png"],
    exitCode: 2,
    stderr: /^cortex: option '--format <format>' argument 'png' is invalid/,
  },
];

runVaultCases(CASES, "test/fixtures/links", copy);
