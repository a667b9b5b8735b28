import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { activationFromEvents } from "../lib/core/activation/activation.js";
import { DEFAULT_WEIGHTS, parseConfig, scoreAtom, tokenizeQuery, type ScorableAtom } from "./helpers/lib.js";
import { usageBonusFor } from "../lib/core/scoring/score.js";
import { copyToTemp, removeTemp, ROOT, runInProcess } from "./helpers/cli.js";

const TODAY = "2026-11-22";
const event = (ts: string, results: string[], op = "recall", query = "risk") => ({ ts, op, query, results });

describe("activation from access events", () => {
  test("should add 1 per event today and halve every 7 days", () => {
    const a = activationFromEvents([event("2026-11-22T08:00:00Z", ["a.md"]), event("2026-11-15T08:00:00Z", ["a.md", "b.md"])], TODAY);
    assert.equal(a.get("a.md"), 1.5);
    assert.equal(a.get("b.md"), 0.5);
  });

  test("should ignore other operations, empty queries, old events and results past the tenth", () => {
    const results = Array.from({ length: 12 }, (_, i) => `n${i}.md`);
    const a = activationFromEvents([
      event("2026-11-22T08:00:00Z", ["x.md"], "write"),
      event("2026-11-22T08:00:00Z", ["y.md"], "search", "  "),
      event("2026-07-01T08:00:00Z", ["z.md"]),
      event("not a date", ["w.md"]),
      event("2026-11-22T08:00:00Z", results, "search"),
    ], TODAY);
    assert.deepEqual([...a.keys()], results.slice(0, 10));
  });

  test("should keep the usage bonus below its weight and at 0 for a zero score", () => {
    fc.assert(fc.property(fc.double({ min: 0.001, max: 1e4, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), (weight, activation) => {
      const bonus = usageBonusFor(10, weight, activation);
      assert.ok(bonus >= 0 && bonus < weight);
    }));
    assert.equal(usageBonusFor(0, 5, 10), 0);
    assert.equal(usageBonusFor(10, 4, 1), 2);
  });
});

describe("usage weight in scoring", () => {
  const atom: ScorableAtom = { path: "a.md", name: "Risk memo", project: "ops", status: "superseded", updated: "2026-10-01", tags: [], description: "" };
  const activation = new Map([["a.md", 3]]);

  test("should leave scores and breakdowns exactly as the seed's table when usage is 0 (the default)", () => {
    const plain = scoreAtom(atom, tokenizeQuery("risk"), { today: TODAY });
    const withLog = scoreAtom(atom, tokenizeQuery("risk"), { today: TODAY, activation });
    assert.deepEqual(withLog, plain);
    assert.equal("usageBonus" in plain, false);
    assert.equal(DEFAULT_WEIGHTS.usage, 0);
  });

  test("should add weight × a/(a+1) before the status multiplier when usage is set", () => {
    const b = scoreAtom(atom, tokenizeQuery("risk"), { today: TODAY, activation, weights: { ...DEFAULT_WEIGHTS, usage: 4 } });
    assert.deepEqual([b.usageBonus, b.score], [3, (10 + 3) * 0.5]);
  });

  test("should read [scoring] usage from cortex.toml and reject a negative one", () => {
    assert.equal(parseConfig("[scoring]\nusage = 2.5\n", "cortex.toml", "/v").scoring.usage, 2.5);
    assert.throws(() => parseConfig("[scoring]\nusage = -1\n", "cortex.toml", "/v"), /scoring\.usage: expected a non-negative number/);
  });
});

describe("usage-aware ranking end to end", () => {
  let vault = "";
  before(() => {
    vault = copyToTemp(`${ROOT}test/fixtures/ranking`);
    mkdirSync(join(vault, "index"), { recursive: true });
    const log = [1, 2, 3].map((d) => JSON.stringify({ ts: `2026-11-2${d - 1}T09:00:00Z`, op: "recall", query: "risk note", results: ["notes/tie_b.md"], duration_ms: 1 }));
    writeFileSync(join(vault, "index/access_log.jsonl"), `${log.join("\n")}\n`);
  });
  after(() => removeTemp(vault));

  const order = async () => (await runInProcess(["search", "risk", "--vault", vault, "--today", TODAY, "--paths", "--top", "0", "--no-log"], { cwd: vault })).stdout.split("\n").filter(Boolean);

  test("should change the rank only when [scoring] usage is enabled", async () => {
    const before = await order();
    assert.ok(before.indexOf("notes/tie_a.md") < before.indexOf("notes/tie_b.md"));
    writeFileSync(join(vault, "cortex.toml"), "[scoring]\nusage = 3\n");
    const after = await order();
    assert.ok(after.indexOf("notes/tie_b.md") < after.indexOf("notes/tie_a.md"));
    assert.ok(after.indexOf("notes/tie_b.md") < after.indexOf("notes/tie_newer.md"));
    assert.deepEqual([...after].sort(), [...before].sort());
    writeFileSync(join(vault, "cortex.toml"), "[scoring]\nusage = 0\n");
    assert.deepEqual(await order(), before);
  });

  test("should show the usage bonus in --explain", async () => {
    writeFileSync(join(vault, "cortex.toml"), "[scoring]\nusage = 3\n");
    const run = await runInProcess(["search", "risk", "--vault", vault, "--today", TODAY, "--explain", "--top", "0", "--no-log", "--ranking", "seed"]);
    assert.match(run.stdout, /notes\/tie_b\.md {2}Risk note\n {4}risk: name \+10\n {4}= 10 \(fields\)\n {4}\+ 2\.\d+ \(usage\) = 12\.\d+\n/);
  });
});

describe("usage bonus on mixed-case paths", () => {
  test("should give the bonus to an atom whose path has capitals, in the search file and in rankRecords alike", async () => {
    const { rankRecords, search, openVault } = await import("./helpers/lib.js");
    const { searchRecords } = await import("../lib/app/search-records.js");
    const { copyAgentVault } = await import("./helpers/agent.js");
    const vault = copyAgentVault();
    try {
      mkdirSync(join(vault, "index"), { recursive: true });
      writeFileSync(join(vault, "index/access_log.jsonl"), `${JSON.stringify({ ts: "2026-11-22T08:00:00Z", op: "recall", query: "release", results: ["reference/Release calendar.md"], duration_ms: 1 })}\n`);
      writeFileSync(join(vault, "cortex.toml"), "[scoring]\nusage = 4\n");
      const viaFile = (await search("release", { vault, today: TODAY, log: false, top: 0, ranking: "seed" })).hits;
      const calendar = viaFile.find((h) => h.record.path === "reference/Release calendar.md")!;
      assert.equal(calendar.breakdown!.usageBonus, 2);
      // The full-text ranking looks activation up by the same lowercase path.
      const viaText = (await search("release", { vault, today: TODAY, log: false, top: 0 })).hits;
      assert.equal(viaText.find((h) => h.record.path === "reference/Release calendar.md")!.breakdown!.usageBonus, 2);
      const opened = openVault({ vault, today: TODAY });
      const { config } = opened;
      const records = searchRecords(opened);
      const activation = new Map([["reference/release calendar.md", 1]]);
      const viaRecords = rankRecords(records, "release", { today: TODAY, top: 0, activation }, config);
      assert.deepEqual(viaRecords.map((h) => [h.record.path, h.score]), viaFile.map((h) => [h.record.path, h.score]));
    } finally {
      removeTemp(vault);
    }
  });
});
