import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { fileItem, importSource, parseJsonl, splitSections } from "./helpers/lib.js";
import { readSections } from "../lib/core/import/sources.js";
import { removeTemp, ROOT, tempVault } from "./helpers/cli.js";
import { IMPORT_CASES, IMPORT_RUNNER } from "./import-cases.js";
import { registerMutationCases } from "./helpers/mutation-cases.js";
import { hashTree, listAtoms } from "./helpers/tree.js";

const SOURCES = join(ROOT, "test/fixtures/import");
const TODAY = "2026-11-22";
const config = defaultConfig();

test("should split markdown per ## section, ignoring fenced headings, keeping the preamble as its own atom", () => {
  const items = splitSections(readFileSync(join(SOURCES, "decisions.md"), "utf8"), "decisions.md");
  assert.deepEqual(items.map((i) => [i.source, i.input.name]), [
    ["decisions.md:1", "Team decision log"],
    ["decisions.md:5", "Use pnpm, not npm"],
    ["decisions.md:13", "Database pool size"],
    ["decisions.md:17", "Leaked key"],
    ["decisions.md:21", "Database pool size again"],
    ["decisions.md:25", "Invalid tag section"],
  ]);
  assert.equal(items[0]!.input.body, "Decisions we made, newest last. This preamble is not imported.");
  assert.match(items[1]!.input.body, /```md\n## Not a section/);
  assert.deepEqual(splitSections("---\nname: x\n---\nJust text.\n", "a.md").map((i) => i.input.name), ["x"]);
  assert.deepEqual(splitSections("\n\n", "a.md"), []);
});

test("should name sections so they stay unique and meaningful, and list the sections it skipped", () => {
  const text = "# Acme\n\nThe web app and the API.\n\n## Build\n\npnpm build\n\n## Frontend conventions\n\nHooks only.\n\n# API\n\n## Build\n\nmake api\n\n## Empty\n\n## Frontend conventions\nAgain.\n";
  const { items, skipped } = readSections(text, "CLAUDE.md");
  assert.deepEqual(items.map((i) => [i.source, i.input.name]), [
    ["CLAUDE.md:1", "Acme"],
    ["CLAUDE.md:5", "Acme: Build"],
    ["CLAUDE.md:9", "Acme: Frontend conventions"],
    ["CLAUDE.md:15", "API: Build"],
    ["CLAUDE.md:21", "API: Frontend conventions"],
  ]);
  assert.deepEqual(skipped, [{ source: "CLAUDE.md:19", name: "API: Empty", reason: "section has no text" }]);
  assert.deepEqual(readSections("## Build\nx\n## Build\ny\n", "notes/CLAUDE.md").items.map((i) => i.input.name), ["CLAUDE: Build", "CLAUDE: Build (2)"]);
});

test("should read a whole note with its frontmatter name and tags", () => {
  const item = fileItem(readFileSync(join(SOURCES, "notes/jwt.md"), "utf8"), "notes/jwt.md");
  assert.equal(item.input.name, "JWT algorithm, RS256 only");
  assert.deepEqual(item.input.tags, ["Auth", "JWT Tokens"]);
  assert.equal(item.input.project, "backend");
  assert.ok(item.input.body.startsWith("# JWT algorithm"));
});

test("should read JSONL objects and report the lines that are not", () => {
  const { items, problems } = parseJsonl(readFileSync(join(SOURCES, "export.jsonl"), "utf8"), "export.jsonl");
  assert.deepEqual(items.map((i) => [i.source, i.input.name]), [
    ["export.jsonl:1", "Small focused PRs"],
    ["export.jsonl:2", "bcrypt.compare is async: always await it."],
    ["export.jsonl:5", "Injected"],
    ["export.jsonl:7", "Typed"],
  ]);
  assert.deepEqual(items[0]!.input.tags, ["process", "review"]);
  assert.deepEqual(problems.map((p) => p.source), ["export.jsonl:4", "export.jsonl:6"]);
});

test("should import sections through the write checks, counting duplicates and rejections", async () => {
  const vault = tempVault();
  try {
    const result = await importSource(vault, join(SOURCES, "decisions.md"), { config, today: TODAY, project: "ops" });
    assert.deepEqual(result.imported.map((i) => i.path), ["reference/team_decision_log.md", "reference/use_pnpm_not_npm.md", "reference/database_pool_size.md", "reference/invalid_tag_section.md"]);
    assert.deepEqual(result.duplicates.map((d) => [d.name, d.existingPath]), [["Database pool size again", "reference/database_pool_size.md"]]);
    assert.deepEqual(result.rejected.map((r) => [r.name, r.code, r.rule]), [["Leaked key", "SECURITY", "aws-access-key"]]);
    assert.equal(result.candidates, 6);
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[];
    assert.deepEqual(manifest.map((m) => m.path).sort(), listAtoms(vault));
    const events = readFileSync(join(vault, "index/events.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { op: string });
    assert.deepEqual(events.map((e) => e.op), ["import", "import", "import", "import"]);
    const again = await importSource(vault, join(SOURCES, "decisions.md"), { config, today: TODAY, project: "ops" });
    assert.equal(again.imported.length, 0);
    assert.equal(again.duplicates.length, 5);
  } finally {
    removeTemp(vault);
  }
});

test("should import a folder one note per file, skipping hidden folders, with sanitized tags", async () => {
  const vault = tempVault();
  try {
    const result = await importSource(vault, join(SOURCES, "notes"), { config, today: TODAY, project: "ops", type: "lesson" });
    assert.deepEqual(result.imported.map((i) => [i.path, i.source.replace(/^.*notes\//, "")]), [["atoms/jwt_algorithm_rs256_only.md", "jwt.md"], ["atoms/retry_budget.md", "sub/plain.md"]]);
    const jwt = readFileSync(join(vault, "atoms/jwt_algorithm_rs256_only.md"), "utf8");
    assert.match(jwt, /^project: backend$/m);
    assert.match(jwt, /^tags: \[auth, jwt-tokens\]$/m);
    assert.match(jwt, /^type: lesson$/m);
  } finally {
    removeTemp(vault);
  }
});

test("should check everything and write nothing on a dry run", async () => {
  const vault = tempVault();
  try {
    const before = hashTree(vault);
    const result = await importSource(vault, join(SOURCES, "export.jsonl"), { config, today: TODAY, project: "ops", dryRun: true });
    assert.deepEqual(result.imported.map((i) => i.path), ["reference/small_focused_prs.md", "reference/bcrypt_compare_is_async_always_await_it.md", "atoms/typed.md"]);
    assert.deepEqual(result.rejected.map((r) => r.rule), ["import-parse", "import-parse", "prompt-injection-ignore"]);
    assert.deepEqual(hashTree(vault), before);
  } finally {
    removeTemp(vault);
  }
});

registerMutationCases(IMPORT_CASES, IMPORT_RUNNER);
