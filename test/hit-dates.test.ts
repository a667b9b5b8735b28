import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { datesText, hitDates } from "../lib/core/search/hit-dates.js";
import { runTool } from "../lib/adapters/agent/run.js";
import { TOOLS } from "../lib/adapters/agent/tools/registry.js";
import { copyToTemp, removeTemp, ROOT, runBuilt, runInProcess } from "./helpers/cli.js";

const TODAY = "2026-11-22";

describe("hit dates", () => {
  test("should give created only when the frontmatter dates it on another day than updated", () => {
    assert.deepEqual(hitDates("2026-11-20", "---\nname: X\ncreated: 2026-03-02\nupdated: 2026-11-20\n---\nText"), { updated: "2026-11-20", created: "2026-03-02" });
    assert.deepEqual(hitDates("2026-11-20", "---\nname: X\ncreated: 2026-11-20\n---\nText"), { updated: "2026-11-20" });
    // `date` stands for created, as the parser reads it.
    assert.deepEqual(hitDates("2026-11-20", "---\ndate: 2025-01-05T10:00:00Z\n---\nText"), { updated: "2026-11-20", created: "2025-01-05" });
    assert.deepEqual(hitDates("2026-11-20", "No frontmatter"), { updated: "2026-11-20" });
    assert.deepEqual(hitDates("2026-11-20", null), { updated: "2026-11-20" });
  });

  test("should print updated, then created when given", () => {
    assert.equal(datesText({ updated: "2026-11-20" }), "updated 2026-11-20");
    assert.equal(datesText({ updated: "2026-11-20", created: "2026-03-02" }), "updated 2026-11-20, created 2026-03-02");
  });
});

describe("dates in search answers", () => {
  let vault = "";
  before(() => {
    vault = copyToTemp(`${ROOT}test/fixtures/ranking`);
    writeFileSync(join(vault, "notes", "kickoff.md"), "---\nname: Project kickoff\ntype: insight\nproject: ops\ncreated: 2026-03-02\nupdated: 2026-11-19\n---\n\nThe kickoff meeting moved to Tuesdays.\n");
  });
  after(() => removeTemp(vault));
  const args = (...more: string[]) => ["search", "kickoff", "--vault", vault, "--today", TODAY, "--no-log", ...more];

  for (const [how, run] of [["in-process", runInProcess], ["built", async (a: string[]) => runBuilt(a)]] as const) {
    test(`should show updated and created in --brief and --json (${how})`, async () => {
      const brief = await run(args("--brief"));
      assert.match(brief.stdout, /^\[warm\] Project kickoff \(score: [\d.]+\)\n {2}notes\/kickoff\.md {2}updated 2026-11-19, created 2026-03-02\n {2}The kickoff meeting moved to Tuesdays\.\n$/);
      const json = JSON.parse((await run(args("--json"))).stdout) as Record<string, unknown>[];
      assert.deepEqual([json[0]!.updated, json[0]!.created], ["2026-11-19", "2026-03-02"]);
      // A note created the day it was last updated has no created field.
      const same = JSON.parse((await run(["search", "rollout", "--vault", vault, "--today", TODAY, "--no-log", "--json", "--top", "1"])).stdout) as Record<string, unknown>[];
      assert.deepEqual([same[0]!.path, "created" in same[0]!], ["notes/rollout.md", false]);
    });
  }

  test("should show the dates in MCP recall's text and structured hits", async () => {
    const recall = TOOLS.find((t) => t.name === "recall")!;
    const outcome = await runTool(recall, { query: "kickoff" }, { vaultDir: vault, env: { HOME: join(vault, "no-home") }, today: () => TODAY });
    const hit = (outcome.structured.hits as Record<string, unknown>[])[0]!;
    assert.deepEqual([hit.path, hit.updated, hit.created], ["notes/kickoff.md", "2026-11-19", "2026-03-02"]);
    assert.match(outcome.text, /- \*\*Project kickoff\*\* \(score [\d.]+, warm, insight, ops, updated 2026-11-19, created 2026-03-02\) `notes\/kickoff\.md`/);
  });
});
