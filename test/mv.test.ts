import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Vault } from "../lib/app/vault.js";
import fc from "fast-check";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { applyEdits } from "../lib/core/links/edits.js";
import { yamlScalarFor } from "../lib/core/links/frontmatter-links.js";
import { planMove } from "../lib/core/links/move.js";
import { moveAtom } from "../lib/app/links/move-vault.js";
import { loadVaultLinks } from "../lib/app/links/vault-links.js";
import { runInProcess } from "./helpers/cli.js";
import { fixtureCopies, runVaultCases, type VaultCliCase } from "./helpers/cases.js";

const copies = fixtureCopies();
const copy = (fixture = "test/fixtures/links") => copies(fixture);

const MANIFEST = ["notes/target.md", "a/dup.md", "b/c/dup.md", "src/me.md", "src/near.md"].map((path) => ({ path, aliases: path === "notes/target.md" ? ["The Target"] : [] }));

function moved(text: string, from: string, to: string, source = "src/me.md"): string {
  const plan = planMove([{ path: source, text }], MANIFEST, from, to);
  return plan.length === 0 ? text : applyEdits(text, plan[0]!.edits);
}

test("should keep bare names bare when the file only changes folder", () => {
  const text = "[[target]] [[target|alias]] [[target#H]] ![[target]] [[The Target]]\n";
  assert.equal(moved(text, "notes/target.md", "archive/target.md"), text);
});

test("should rename every form of link and keep alias, heading, embed, escaped pipe and .md", () => {
  const text = "[[target]] [[TARGET|alias]] [[target#H|x]] ![[target#^b]] | [[target\\|t]] | [[notes/target.md]] [[The Target]] `notes/target.md`\n";
  assert.equal(
    moved(text, "notes/target.md", "archive/goal.md"),
    "[[goal]] [[goal|alias]] [[goal#H|x]] ![[goal#^b]] | [[goal\\|t]] | [[archive/goal.md]] [[The Target]] `archive/goal.md`\n",
  );
});

test("should write the path when the new bare name would be ambiguous", () => {
  assert.equal(moved("[[target]]\n", "notes/target.md", "x/dup.md"), "[[x/dup]]\n");
});

test("should keep other notes' bare links on their note when the moved one would take the name", () => {
  assert.equal(moved("[[dup]] and [[target]]\n", "notes/target.md", "dup.md"), "[[a/dup]] and [[dup]]\n");
});

test("should keep relative links relative, from and in the moved note", () => {
  assert.equal(moved("[[./near]] [[../notes/target]]\n", "notes/target.md", "src/deep/target.md"), "[[./near]] [[./deep/target]]\n");
  assert.equal(moved("[[./near|n]] [[../notes/target]]\n", "src/me.md", "other/me.md", "src/me.md"), "[[../src/near|n]] [[../notes/target]]\n");
});

test("should rewrite frontmatter links in their own YAML style", () => {
  const text = "---\nlinks: [target, \"[[target|t]]\", 'notes/target']\nother: [[target]]\n---\nbody\n";
  assert.equal(moved(text, "notes/target.md", "x/goal, with comma.md"), "---\nlinks: [\"goal, with comma\", \"[[goal, with comma|t]]\", 'x/goal, with comma']\nother: [[target]]\n---\nbody\n");
  const block = "---\r\nlinks:\r\n  - target\r\n---\r\n";
  assert.equal(moved(block, "notes/target.md", "x/goal.md"), "---\r\nlinks:\r\n  - goal\r\n---\r\n");
});

test("should write YAML scalars that read back as the same string", () => {
  assert.equal(yamlScalarFor("plain", { style: "PLAIN", flow: true }), "plain");
  assert.equal(yamlScalarFor("a, b", { style: "PLAIN", flow: true }), '"a, b"');
  assert.equal(yamlScalarFor("it's", { style: "QUOTE_SINGLE", flow: false }), "'it''s'");
  assert.equal(yamlScalarFor("[[x]]", { style: "PLAIN", flow: false }), '"[[x]]"');
});

// What each link opens, with `rename` applied: the same before and after a move.
function linkState(dir: string, rename: (p: string) => string = (p) => p) {
  const { resolved } = loadVaultLinks(new Vault({ vaultDir: dir, config: defaultConfig() }, { today: "2026-01-05" }));
  const edges = Object.entries(resolved.edges).map(([from, to]) => [rename(from), to.map(rename).sort()] as const).sort();
  const broken = resolved.broken.map((b) => `${rename(b.from)} ${b.target}`).sort();
  return { edges, broken };
}

test("should never break or redirect a link, whichever atom moves where", async () => {
  const atoms = ["hub.md", "notes/Target Note.md", "notes/plain.md", "a/dup.md", "renamed.md", "sub/rel.md", "sub/sibling.md", "orphan.md"];
  const places = ["", "sub/", "notes/", "new/deep/", "b/c/"];
  const names = ["dup", "moved", "Target Note", "sibling", "hub", "x y"];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...atoms), fc.constantFrom(...places), fc.constantFrom(...names), async (from, place, name) => {
      const to = `${place}${name}.md`;
      const dir = copy();
      if (existsSync(join(dir, to))) return;
      const before = linkState(dir, (p) => (p === from ? to : p));
      await moveAtom(dir, from, to, { config: defaultConfig(), today: "2026-01-05" });
      assert.deepEqual(linkState(dir), before, `${from} -> ${to}`);
    }),
    { numRuns: 40 },
  );
});

test("should keep the moved file's mtime and rewrite only the referencing files", async () => {
  const dir = copy();
  utimesSync(join(dir, "orphan.md"), new Date(2001, 0, 1), new Date(2001, 0, 1));
  const result = await moveAtom(dir, "orphan.md", "attic/", { config: defaultConfig(), today: "2026-01-05" });
  assert.deepEqual([result.to, result.changes, result.written], ["attic/orphan.md", [], []]);
  assert.equal(statSync(join(dir, "attic/orphan.md")).mtime.getFullYear(), 2001);
});

test("should commit the move and the rewritten files with --commit", async () => {
  const dir = copy();
  const git = (...args: string[]) => spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: dir, encoding: "utf8" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "start");
  const env = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };
  const run = await runInProcess(["mv", "--vault", dir, "renamed.md", "kept/renamed_again", "--commit"], { env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(git("show", "--name-status", "--format=%s", "HEAD").stdout, "cortex mv: renamed.md -> kept/renamed_again.md\n\nR100\trenamed.md\tkept/renamed_again.md\nM\tsub/rel.md\n");
  assert.match(readFileSync(join(dir, "sub/rel.md"), "utf8"), /links: \["\[\[hub\]\]", renamed_again\]/);
});


const CASES: VaultCliCase[] = [
  {
    name: "should show each change with --dry-run and move nothing",
    args: (dir) => ["mv", "--vault", dir, "hub", "deep/hub2", "--dry-run"],
    exitCode: 0,
    stdout: 'Would move hub.md → deep/hub2.md\n  MEMORY.md:3 [[hub]] → [[hub2]]\n  sub/rel.md:2 "[[hub]]" → "[[hub2]]"\n  sub/rel.md:7 [[../hub|the hub]] → [[../deep/hub2|the hub]]\n3 references in 2 files to rewrite\n',
  },
  {
    name: "should exit 2 when the atom does not exist",
    args: (dir) => ["mv", "--vault", dir, "nothing-here", "x.md"],
    exitCode: 2,
    stderr: 'cortex: no atom with path, id or name "nothing-here"\n',
  },
  {
    name: "should exit 2 when the destination is taken",
    args: (dir) => ["mv", "--vault", dir, "hub.md", "orphan.md"],
    exitCode: 2,
    stderr: 'cortex: cannot move to "orphan.md": orphan.md already exists\n',
  },
  {
    name: "should exit 2 for a destination outside the vault",
    args: (dir) => ["mv", "--vault", dir, "hub.md", "../escape.md"],
    exitCode: 2,
    stderr: 'cortex: cannot move to "../escape.md": it is outside the vault\n',
  },
];


runVaultCases(CASES, "test/fixtures/links", copy, (dir) => assert.ok(existsSync(join(dir, "hub.md"))));
