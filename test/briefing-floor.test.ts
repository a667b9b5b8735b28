import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { briefingFloor, RELATIVE_FLOOR, sizeFactor } from "../lib/core/context/floor.js";
import { briefingQuery } from "../lib/core/context/keywords.js";
import { promptBriefing, sessionBriefing, SESSION_INSTRUCTIONS } from "../lib/adapters/claude/briefings.js";
import { openVault } from "../lib/app/vault.js";
import { removeTemp, runInProcess, tempTree } from "./helpers/cli.js";

test("should floor at 0.4 × the best score, or the absolute floor scaled to the vault's size", () => {
  assert.equal(briefingFloor(10), 4);
  assert.equal(briefingFloor(10, { minScore: 8 }), 8);
  assert.ok(briefingFloor(6.28, { minScore: 8, atoms: 2 }) < 6.28, "a 2-note vault's obvious match clears the hook's default floor");
  assert.equal(sizeFactor(1000), 1);
  assert.equal(sizeFactor(100_000), 1);
  fc.assert(fc.property(fc.double({ min: 0, max: 1e4, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 1, max: 1e6 }), (best, minScore, atoms) => {
    const floor = briefingFloor(best, { minScore, atoms });
    assert.ok(floor >= RELATIVE_FLOOR * best && floor <= Math.max(RELATIVE_FLOOR * best, minScore));
  }));
  fc.assert(fc.property(fc.integer({ min: 1, max: 5000 }), (n) => sizeFactor(n) <= sizeFactor(n + 1)));
});

test("should read a request as the search's parser does, a stray quote and all", () => {
  assert.deepEqual(briefingQuery("users keep getting logged out after the last deploy").keywords, ["users", "keep", "getting", "logged", "out", "after", "last", "deploy"]);
  // Was: the parser refused a stray quote and the briefing searched its words; the parser now reads it as words.
  const stray = briefingQuery('why do "users get logged out');
  assert.equal(stray.query, 'why do "users get logged out');
  assert.ok(["users", "logged", "out"].every((w) => stray.keywords.includes(w)), stray.keywords.join(" "));
  assert.equal(briefingQuery(Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ")).keywords.length, 32);
});

test("should brief a 2-note vault's obvious match in the prompt hook, and nothing for a prompt that matches nothing", () => {
  const vault = tempTree({
    "cortex.toml": "",
    "rules/kafka_retention.md": "---\nname: Kafka retention is 30 days\ntype: rule\nproject: data\nupdated: 2026-11-01\n---\n\nTopics keep 30 days of messages.\n",
    "rules/lunch.md": "---\nname: Lunch at noon\ntype: rule\nproject: team\nupdated: 2026-11-01\n---\n\nThe team eats at noon.\n",
  });
  try {
    const snap = openVault({ vault, today: "2026-11-22" });
    assert.match(promptBriefing(snap, "how long is kafka retention?", 800, 8), /## Kafka retention is 30 days/);
    assert.equal(promptBriefing(snap, "quantum chromodynamics", 800, 8), "");
    assert.equal(promptBriefing(snap, "how long is kafka retention?", 800, 1000), "", "a best match under the scaled min_score: nothing");
  } finally {
    removeTemp(vault);
  }
});

test("should end a CLI briefing's cut list with cortex search, not recall", async () => {
  const files: Record<string, string> = { "cortex.toml": "" };
  for (let i = 0; i < 30; i++) files[`atoms/deploy_${i}.md`] = `---\nname: Deploy note ${i}\ntype: insight\nproject: ops\nupdated: 2026-11-01\n---\n\nDeploy detail ${i}: ${"words about the deploy ".repeat(20)}\n`;
  const vault = tempTree(files);
  try {
    const run = await runInProcess(["context", "deploy", "--budget", "200", "--vault", vault, "--today", "2026-11-22"]);
    assert.match(run.stdout, /\(use `cortex search` to see them\)\n$/);
  } finally {
    removeTemp(vault);
  }
});

test("should put the instructions first and cut the hot list at whole lines, saying how many more", () => {
  const files: Record<string, string> = { "cortex.toml": "" };
  for (let i = 0; i < 24; i++) files[`atoms/hot_${i}.md`] = `---\nname: Hot ${i}\ntype: insight\nproject: ops\nupdated: 2026-11-22\ndescription: ${"a longer description of what changed ".repeat(2)}\n---\n\nx\n`;
  const vault = tempTree(files);
  try {
    const snap = openVault({ vault, today: "2026-11-22" });
    for (const budget of [60, 150, 400, 5000]) {
      const text = sessionBriefing(snap, "ops", budget);
      assert.ok(text.startsWith(SESSION_INSTRUCTIONS.slice(0, 50)), `${budget}: ${text}`);
      assert.ok(text.length <= budget * 4, `${budget}: ${text.length}`);
      if (budget < 150) continue; // the instructions and the status line alone fill it
      const items = text.split("\n").filter((l) => l.startsWith("- "));
      for (const line of items) assert.match(line, /\(atoms\/hot_\d+\.md\)$/);
      const more = /\n\((\d+) more: recall to see them\)$/.exec(text);
      assert.ok(text.startsWith(SESSION_INSTRUCTIONS));
      assert.equal(items.length + Number(more?.[1] ?? 0), 24, `${budget}: every hot note shown or counted`);
    }
  } finally {
    removeTemp(vault);
  }
});
