import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { MAX_QUERY_UNITS } from "../lib/core/fts/query.js";
import { QUERY_EXAMPLES } from "./helpers/query-examples.js";
import { READ_TEXT_CHARS } from "../lib/adapters/agent/read-cap.js";
import { readResource } from "../lib/adapters/agent/resources.js";
import { runTool } from "../lib/adapters/agent/run.js";
import { TOOLS } from "../lib/adapters/agent/tools/registry.js";
import type { ToolEnv } from "../lib/adapters/agent/types.js";
import { atomsNamed } from "../lib/app/handle/search.js";
import { LiveVault } from "../lib/app/live-vault.js";
import { watchMarkerPath } from "../lib/store/watch-marker.js";
import { copyAgentVault } from "./helpers/agent.js";
import { removeTemp } from "./helpers/cli.js";

const TODAY = "2026-11-22";
let vault = "";
let env: ToolEnv;
before(() => {
  vault = copyAgentVault();
  env = { vaultDir: vault, env: { HOME: join(vault, "no-home") }, today: () => TODAY };
});
after(() => removeTemp(vault));

const call = (name: string, args: unknown, e: ToolEnv = env) => runTool(TOOLS.find((t) => t.name === name)!, args, e);
const errorOf = (outcome: { structured: Record<string, unknown> }) => outcome.structured.error as { code: string; argument?: string; message: string; details?: Record<string, unknown> };
const atomFiles = () => readdirSync(vault, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md")).sort();

describe("recall limits", () => {
  test("should say how many matched when none fits the budget", async () => {
    const outcome = await call("recall", { query: "deploy", budget_tokens: 50 });
    assert.equal(outcome.isError, false);
    // Five live atoms say deploy, deploys or deploying (matched by stem, in the body too).
    assert.deepEqual([outcome.structured.matched, (outcome.structured.hits as unknown[]).length], [5, 0]);
    assert.equal(outcome.text, "5 memories match deploy, but none fits the budget of 50 tokens: raise budget_tokens, or read the best match with read.");
  });

  test("should search the first 32 distinct words of a longer query and say so, and refuse it only when strict", async () => {
    const words = `deploy ${Array.from({ length: MAX_QUERY_UNITS }, (_, i) => `word${i}`).join(" ")}`;
    const outcome = await call("recall", { query: words });
    assert.equal(outcome.isError, false);
    // "deploy" is among the first 32, so the deploy notes are found; one word was left out.
    assert.equal(outcome.structured.matched, 5);
    assert.match(outcome.text, /\(searched the first 32 distinct words of the query; 1 more left out\)$/);
    const strict = await call("recall", { query: words, strict: true });
    assert.deepEqual([errorOf(strict).code, errorOf(strict).argument], ["CORTEX_E202", "query"]);
    assert.match(errorOf(strict).message, new RegExp(`the query has ${MAX_QUERY_UNITS + 1} distinct words; at most ${MAX_QUERY_UNITS} are searched`));
    const repeated = await call("recall", { query: Array.from({ length: 200 }, () => "deploy").join(" ") });
    assert.equal(repeated.isError, false, "repeated words count once");
    assert.doesNotMatch(repeated.text, /searched the first/);
  });

  for (const [query, words] of QUERY_EXAMPLES) {
    test(`should answer ${JSON.stringify(query)} as its words, and refuse it only when strict`, async () => {
      const outcome = await call("recall", { query });
      assert.equal(outcome.isError, false, outcome.text);
      const plain = await call("recall", { query: words });
      assert.deepEqual(outcome.structured.hits, plain.structured.hits);
      const strict = await call("recall", { query, strict: true });
      assert.deepEqual([errorOf(strict).code, errorOf(strict).argument], ["CORTEX_E202", "query"]);
    });
  }
});

describe("status and read bounds", () => {
  test("should cap review_overdue at 50 and give the total", async () => {
    const dir = join(vault, "review-pile");
    mkdirSync(dir);
    for (let i = 0; i < 60; i++) writeFileSync(join(dir, `r${i}.md`), `---\nname: Review item ${i}\ntype: insight\nproject: ops\nstatus: review\ncreated: 2026-10-01\nupdated: 2026-10-01\n---\n\nPending ${i}.\n`);
    try {
      const outcome = await call("status", {});
      assert.equal((outcome.structured.review_overdue as unknown[]).length, 50);
      assert.equal(outcome.structured.review_overdue_total, 61);
      assert.match(outcome.text, /Review: 61 atoms waiting for more than 7 days/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  test("should cut a huge atom with a note, and give its text once", async () => {
    const file = join(vault, "reference/huge_dump.md");
    writeFileSync(file, `---\nname: Huge dump\ntype: reference\nproject: ops\n---\n\n${"0123456789\n".repeat(30_000)}`);
    const outcome = await call("read", { ref: "reference/huge_dump.md" });
    assert.equal(outcome.isError, false, outcome.text);
    const size = readFileSync(file, "utf8").length;
    assert.deepEqual([outcome.structured.truncated, outcome.structured.chars, outcome.structured.text], [true, size, undefined]);
    assert.ok(outcome.text.length < READ_TEXT_CHARS + 1_000, `${outcome.text.length}`);
    assert.match(outcome.text, new RegExp(`\\[cortex: truncated: reference/huge_dump\\.md is ${size.toLocaleString("en-US")} characters; this reply holds the first 100,000\\.`));
    const resource = await readResource(vault, TODAY, "cortex://atom/reference/huge_dump.md");
    assert.ok(resource!.text.length < READ_TEXT_CHARS + 1_000 && resource!.text.endsWith("Open the file in the vault to read the rest.]"));
  });
});

describe("save rules", () => {
  const save = (args: Record<string, unknown>) => call("save", { body: "A body long enough to be about something specific here.", type: "rule", project: "ops", ...args });

  test("should refuse the name of an existing atom with E401 naming its path", async () => {
    const before = atomFiles();
    const outcome = await save({ name: "release calendar", body: "Completely different words about quarterly planning cadence." });
    assert.deepEqual([errorOf(outcome).code, errorOf(outcome).argument, errorOf(outcome).details?.existing_path], ["CORTEX_E401", "name", "reference/Release calendar.md"]);
    assert.match(outcome.text, /^CORTEX_E401 name: an atom named "Release calendar" already exists at reference\/Release calendar\.md; nothing was written\n/);
    assert.deepEqual(atomFiles(), before);
  });

  test("should refuse an existing name in a live vault its watcher keeps current, finding the name through search.db", async () => {
    const live = LiveVault.start(vault, { today: () => TODAY, debounceMs: 50 });
    try {
      const marker = () => (existsSync(watchMarkerPath(vault)) ? JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")) : null);
      for (const end = Date.now() + 5_000; !(marker()?.synced && !marker().pending); ) {
        assert.ok(Date.now() < end, "the watcher's first sync");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const kept = live.open(TODAY);
      assert.equal(kept.refresh, false, "the vault kept open");
      assert.ok(atomsNamed(kept, "RELEASE  calendar")?.some((d) => d.path === "reference/Release calendar.md"), "found by the name's words");
      assert.equal(atomsNamed(kept, "Calendrier de publication é"), null, "not plain ASCII: every name is read instead");
      const before = atomFiles();
      const outcome = await save({ name: "RELEASE  Calendar", body: "Completely different words about quarterly planning cadence." });
      assert.deepEqual([errorOf(outcome).code, errorOf(outcome).details?.existing_path], ["CORTEX_E401", "reference/Release calendar.md"]);
      assert.match(outcome.text, /an atom named "Release calendar" already exists/);
      assert.deepEqual(atomFiles(), before);
    } finally {
      live.close();
    }
  });

  test("should let a new atom take the name of the atom it supersedes, or of a superseded one", async () => {
    const replaced = await save({ name: "No deploys on Fridays", body: "Deploys stop at 12:00 on Fridays now, not 15:00, since the on-call rota changed.", supersedes: "rules/no_friday_deploys.md" });
    assert.equal(replaced.isError, false, replaced.text);
    assert.equal(replaced.structured.superseded, "rules/no_friday_deploys.md");
    const again = await save({ name: "No deploys on Fridays", body: "A third wording of the Friday rule with other words entirely, about tooling." });
    assert.deepEqual([errorOf(again).code, errorOf(again).details?.existing_path], ["CORTEX_E401", replaced.structured.path], "the live one still holds the name");
  });

  const invisible: [string, Record<string, unknown>, string, RegExp][] = [
    ["a bidi override in the name", { name: "Safe \u202Egnp.exe" }, "name", /invisible character U\+202E/],
    ["a zero-width space in the name", { name: "Zero\u200Bwidth" }, "name", /invisible character U\+200B/],
    ["a bidi isolate in the description", { name: "Desc bidi", description: "a \u2067b" }, "description", /U\+2067/],
    ["an ANSI escape in the body", { name: "Ansi body", body: "Red \u001b[31mtext\u001b[0m here and more words." }, "body", /escape character/],
    ["a bidi override in the body", { name: "Bidi body", body: "access = \u202Euser\u202C admin and more words." }, "body", /U\+202E/],
    ["an ANSI escape in the name", { name: "Ansi \u001b[31mname" }, "name", /control character/],
    ["a project that climbs out", { name: "Climb", project: "../../etc" }, "project", /must be a plain name/],
  ];
  for (const [what, args, field, message] of invisible) {
    test(`should refuse ${what} with E210 naming ${field}`, async () => {
      const before = atomFiles();
      const outcome = await save(args);
      assert.deepEqual([errorOf(outcome).code, errorOf(outcome).argument], ["CORTEX_E210", field], outcome.text);
      assert.match(errorOf(outcome).message, message);
      assert.ok(!/[\u202A-\u202E\u2066-\u2069\u200B\u001b]/.test(outcome.text), "the refused character is not echoed");
      assert.deepEqual(atomFiles(), before);
    });
  }

  test("should keep a zero-width joiner in a body (emoji sequences need it)", async () => {
    const outcome = await save({ name: "Family emoji note", body: "The team channel icon is \u{1F468}\u200D\u{1F469}\u200D\u{1F467} and nothing else matters here." });
    assert.equal(outcome.isError, false, outcome.text);
  });

  test("should apply the project-name rule without a [projects] list", async () => {
    writeFileSync(join(vault, "cortex.toml"), "");
    try {
      for (const project of ["../../etc", "a/b", ".hidden", "back\\slash"]) {
        const outcome = await save({ name: `Project ${project}`, project });
        assert.deepEqual([errorOf(outcome).code, errorOf(outcome).argument], ["CORTEX_E210", "project"], project);
      }
      assert.ok(!existsSync(join(vault, "..", "etc")));
    } finally {
      writeFileSync(join(vault, "cortex.toml"), '[projects]\nnames = ["ops", "backend"]\n\n[transcripts]\ndir = ".transcripts"\n');
    }
  });

  test("should not write when the call was cancelled", async () => {
    const before = atomFiles();
    const controller = new AbortController();
    controller.abort();
    const outcome = await call("save", { name: "Cancelled fact", body: "Nothing of this should reach the disk at all.", type: "rule", project: "ops" }, { ...env, signal: controller.signal, checkpoint: async () => controller.signal.throwIfAborted() });
    assert.equal(errorOf(outcome).code, "CORTEX_E300");
    assert.deepEqual(atomFiles(), before);
  });
});

describe("transcripts", () => {
  test("should answer a transcripts folder that cannot be read with E103 naming it", async () => {
    const blocked = join(vault, "not-a-folder");
    writeFileSync(blocked, "x");
    writeFileSync(join(vault, "cortex.toml"), `[transcripts]\ndir = "not-a-folder"\n`);
    try {
      const outcome = await call("transcript_search", { query: "pool" });
      assert.equal(errorOf(outcome).code, "CORTEX_E103");
      assert.equal(errorOf(outcome).details?.path, blocked);
      assert.match(outcome.text, new RegExp(`^CORTEX_E103 the transcripts folder ${blocked.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is not a folder\n`));
    } finally {
      writeFileSync(join(vault, "cortex.toml"), '[projects]\nnames = ["ops", "backend"]\n\n[transcripts]\ndir = ".transcripts"\n');
    }
  });
});
