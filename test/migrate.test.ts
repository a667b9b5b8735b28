import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { splitFrontmatter } from "../lib/core/atoms/frontmatter.js";
import { parseAtom } from "../lib/core/atoms/parse.js";
import { loadConfig } from "../lib/store/config/load.js";
import { migrateVault, planFileMigration, unifiedDiff } from "./helpers/lib.js";
import { copyToTemp, removeTemp, ROOT, runBuilt, runInProcess, tempVault } from "./helpers/cli.js";
import { hashTree, listAtoms } from "./helpers/tree.js";

const MESSY = join(ROOT, "test/fixtures/messy");
const QUIRKS = join(ROOT, "test/fixtures/quirks");
const TODAY = "2026-11-22";
const SKIPPED = ["broken/bad_yaml.md", "broken/binary.md", "broken/latin1.md", "broken/not_mapping.md", "broken/unterminated.md"];
const FIELDS = ["id", "name", "type", "project", "status", "created", "updated", "tags", "links"];

// A copy of a fixture vault whose files all have the same mtime (2026-06-01, local noon), so inferred dates are fixed.
function messyCopy(source = MESSY): string {
  const vault = copyToTemp(source);
  const when = new Date(2026, 5, 1, 12);
  const touch = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) touch(abs);
      else utimesSync(abs, when, when);
    }
  };
  touch(vault);
  return vault;
}

function bytes(dir: string, path: string): Buffer {
  return readFileSync(join(dir, path));
}

/** The bytes after the frontmatter block (or all bytes after a BOM when there is none), as the original file had them. */
function bodyBytes(text: string): string {
  const clean = text.replace(/^\uFEFF/, "");
  const split = splitFrontmatter(clean);
  return split.state === "ok" ? split.body : clean;
}

test("should generate the whole block for a note without frontmatter, named from the file as the index names it", () => {
  const { config } = loadConfig({ vault: MESSY });
  const plan = planFileMigration("# Loose note\n\nMentions deploy risk, #idea.\n", { path: "inbox/no_frontmatter.md", mtimeMs: new Date(2026, 5, 1, 12).getTime() }, config, new Set());
  assert.equal(plan.after, "---\nid: 20260601_no_frontmatter\nname: No Frontmatter\ntype: concept\nproject: ops\nstatus: active\ncreated: 2026-06-01\nupdated: 2026-06-01\ntags: [idea, deploy, risk]\nlinks: []\n---\n# Loose note\n\nMentions deploy risk, #idea.\n");
  assert.deepEqual(plan.added, FIELDS);
});

test("should migrate a messy vault keeping every body byte and every existing field", async () => {
  const vault = messyCopy();
  try {
    const { config } = loadConfig({ vault });
    const before = hashTree(vault);
    const originals = new Map(listAtoms(vault).map((p) => [p, bytes(vault, p).toString("utf8")]));
    const result = await migrateVault(vault, { config, today: TODAY });
    assert.deepEqual(result.skipped.map((d) => d.file), SKIPPED);
    assert.equal(result.unchanged, 1);
    assert.equal(result.changed.length, originals.size - SKIPPED.length - 1);
    for (const path of SKIPPED) assert.equal(hashTree(vault)[path], before[path], `${path} untouched`);
    assert.equal(hashTree(vault)["rules/keep.md"], before["rules/keep.md"]);
    assert.equal(hashTree(vault)["MEMORY.md"], before["MEMORY.md"]);
    assert.equal(hashTree(vault)[".obsidian/workspace.md"], before[".obsidian/workspace.md"]);
    for (const { path } of result.changed) {
      const old = originals.get(path)!;
      const now = bytes(vault, path).toString("utf8");
      assert.equal(bodyBytes(now), bodyBytes(old), `${path}: body byte for byte`);
      assert.equal(now.startsWith("\uFEFF"), old.startsWith("\uFEFF"), `${path}: BOM kept`);
      if (old.includes("\r\n")) assert.doesNotMatch(now.replace(/\r\n/g, ""), /\n/, `${path}: CRLF kept`);
      const oldSplit = splitFrontmatter(old.replace(/^\uFEFF/, ""));
      if (oldSplit.state === "ok") {
        const oldFields = parse(oldSplit.yaml) ?? {};
        const newFields = parse(splitFrontmatter(now.replace(/^\uFEFF/, "")).yaml);
        for (const [key, value] of Object.entries(oldFields)) if (value !== null) assert.deepEqual(newFields[key], value, `${path}: ${key} kept`);
        for (const line of oldSplit.yaml.split(/\r?\n/)) if (line && !/^(tags|links):( ~)?$/.test(line)) assert.ok(now.includes(line), `${path}: line kept verbatim: ${line}`);
      }
      const { atom, diagnostics } = parseAtom(now, { path, mtimeMs: 0 }, config);
      assert.deepEqual(diagnostics, [], path);
      const fields = parse(splitFrontmatter(now.replace(/^\uFEFF/, "")).yaml);
      for (const field of FIELDS) assert.ok(fields[field] !== undefined && fields[field] !== null, `${path}: ${field}`);
      assert.ok(atom.id);
    }
    const ids = listAtoms(vault).filter((p) => !SKIPPED.includes(p)).map((p) => parseAtom(bytes(vault, p).toString("utf8"), { path: p, mtimeMs: 0 }).atom.id);
    assert.equal(new Set(ids).size, ids.length, "ids are unique");
    const afterFirst = hashTree(vault);
    const again = await migrateVault(vault, { config, today: TODAY });
    assert.deepEqual(again.changed, []);
    assert.deepEqual(hashTree(vault), afterFirst, "a second run changes nothing");
  } finally {
    removeTemp(vault);
  }
});

test("should infer type, status, project and tags from the path and the config", async () => {
  const vault = messyCopy();
  try {
    const { config } = loadConfig({ vault });
    await migrateVault(vault, { config, today: TODAY });
    const front = (path: string) => parse(splitFrontmatter(bytes(vault, path).toString("utf8").replace(/^\uFEFF/, "")).yaml);
    assert.equal(front("decisions/no_type.md").type, "decision");
    assert.equal(front("people/someone.md").type, "person");
    assert.equal(front("people/someone.md").name, "Someone");
    assert.equal(front("archive/old.md").status, "archived");
    assert.equal(front("notes/null_fields.md").status, "review");
    assert.equal(front("notes/commented.md").name, "Commented: a title, not a name");
    assert.equal(front("notes/commented.md").created, "2026-05-04");
    assert.equal(front("notes/commented.md").project, "research");
    assert.deepEqual(front("inbox/crlf no frontmatter.md").tags, ["risk"]);
    assert.equal(front("dup_stem.md").id, "20260601_dup_stem");
    assert.equal(front("sub/dup_stem.md").id, "20260601_dup_stem_2");
    const events = readFileSync(join(vault, "index/events.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.ok(events.every((e) => e.op === "migrate"));
    assert.equal(events.length, 18);
  } finally {
    removeTemp(vault);
  }
});

test("should be idempotent on the quirks vault too", async () => {
  const vault = messyCopy(QUIRKS);
  try {
    const { config } = loadConfig({ vault });
    const first = await migrateVault(vault, { config, today: TODAY });
    assert.ok(first.changed.length > 0);
    const snapshot = hashTree(vault);
    assert.deepEqual((await migrateVault(vault, { config, today: TODAY })).changed, []);
    assert.deepEqual(hashTree(vault), snapshot);
  } finally {
    removeTemp(vault);
  }
});

test("should print diffs and write nothing on --dry-run (in-process and built)", async () => {
  for (const run of [runInProcess, runBuilt]) {
    const vault = messyCopy();
    try {
      const before = hashTree(vault);
      const result = await run(["migrate", "--dry-run", "--vault", vault, "--today", TODAY]);
      assert.equal(result.code, 1, "skipped files are problems");
      assert.deepEqual(hashTree(vault), before);
      assert.match(result.stdout, /^--- a\/archive\/old\.md\n\+\+\+ b\/archive\/old\.md\n@@ -1 \+1,12 @@\n\+---\n\+id: 20260601_old\n/);
      assert.match(result.stderr, /^broken\/bad_yaml\.md:2 error migrate-skipped /m);
      assert.match(result.stderr, /Would migrate 18 files \(1 already complete, 5 skipped\)\n$/);
    } finally {
      removeTemp(vault);
    }
  }
});

test("should migrate from the CLI and report the counts", async () => {
  const vault = messyCopy();
  try {
    const result = await runInProcess(["migrate", "--vault", vault, "--today", TODAY]);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, "Migrated 18 files (1 already complete, 5 skipped)\n");
    const again = await runInProcess(["migrate", "--vault", vault, "--today", TODAY, "--json"]);
    const json = JSON.parse(again.stdout) as { changed: unknown[]; unchanged: number };
    assert.deepEqual(json.changed, []);
    assert.equal(json.unchanged, 19);
    assert.ok(statSync(join(vault, "index/manifest.json")).isFile());
  } finally {
    removeTemp(vault);
  }
});

test("should produce unified diffs", () => {
  assert.equal(unifiedDiff("a\nb\nc\n", "a\nx\nc\n", "f.md"), "--- a/f.md\n+++ b/f.md\n@@ -1,3 +1,3 @@\n a\n-b\n+x\n c\n");
  assert.equal(unifiedDiff("x", "y", "f.md"), "--- a/f.md\n+++ b/f.md\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n");
  assert.equal(unifiedDiff("", "a\n", "f.md"), "--- a/f.md\n+++ b/f.md\n@@ -0,0 +1 @@\n+a\n");
  assert.equal(unifiedDiff("same", "same", "f.md"), "");
});

test("should name notes as the index does, take a folder and --project/--type defaults, and print a patch -p1 applies with spaces in names", async () => {
  for (const run of [runInProcess, runBuilt]) {
    const vault = tempVault();
    try {
      mkdirSync(join(vault, "notes"));
      mkdirSync(join(vault, "other"));
      writeFileSync(join(vault, "notes/use-kafka.md"), "Kafka it is.\n");
      writeFileSync(join(vault, "notes/quick idea.md"), "# Quick idea\n\nidea\n");
      writeFileSync(join(vault, "other/left.md"), "left alone\n");
      // A folder without cortex.toml is a vault only when named (--vault): vault discovery looks for cortex.toml.
      const dry = await run(["migrate", "notes", "-p", "research", "-t", "decision", "--dry-run", "--today", TODAY, "--vault", vault], { cwd: vault });
      assert.equal(dry.code, 0, dry.stderr);
      assert.match(dry.stdout, /^--- a\/notes\/quick idea\.md\t\n\+\+\+ b\/notes\/quick idea\.md\t\n/);
      assert.doesNotMatch(dry.stdout, /other\/left/);
      const patch = spawnSync("patch", ["-p1"], { cwd: vault, input: dry.stdout, encoding: "utf8" });
      assert.equal(patch.status, 0, patch.stderr + patch.stdout);
      const front = (path: string) => parse(splitFrontmatter(readFileSync(join(vault, path), "utf8")).yaml) as Record<string, unknown>;
      assert.deepEqual([front("notes/use-kafka.md").name, front("notes/use-kafka.md").project, front("notes/use-kafka.md").type], ["Use Kafka", "research", "decision"]);
      assert.equal(front("notes/quick idea.md").name, "Quick Idea");
      assert.equal(readFileSync(join(vault, "other/left.md"), "utf8"), "left alone\n");
      await run(["index", "--today", TODAY, "--quiet", "--vault", vault], { cwd: vault });
      const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string; name: string }[];
      assert.equal(manifest.find((m) => m.path === "other/left.md")!.name, "Left", "the index names a note without a name from its file");
    } finally {
      removeTemp(vault);
    }
  }
});

test("should refuse a folder outside the vault and an unknown --type", async () => {
  const vault = tempVault();
  try {
    assert.match((await runInProcess(["migrate", "/", "--vault", vault, "--today", TODAY])).stderr, /^cortex: folder: \/ is not a folder of the vault/);
    assert.match((await runInProcess(["migrate", "--vault", vault, "-t", "memo", "--today", TODAY])).stderr, /^cortex: --type: "memo" is not one of rule,/);
  } finally {
    removeTemp(vault);
  }
});
