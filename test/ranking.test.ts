import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultConfig, indexVault, rankRecords, search } from "./helpers/lib.js";
import { copyToTemp, removeTemp, ROOT } from "./helpers/cli.js";

const FIXTURE = `${ROOT}test/fixtures/ranking`;
const TODAY = "2026-11-22";

function rankFixture(query: string, top = 0) {
  const { indexes } = indexVault(FIXTURE, { config: defaultConfig(), today: TODAY, write: false });
  return rankRecords(indexes!.manifest, query, { today: TODAY, top }).map((h) => [h.record.path, h.score]);
}

test("should rank the curated vault for 'deploy risk' in exactly this order", () => {
  assert.deepEqual(rankFixture("deploy risk"), [
    // deploy: name 10 + tag 8 + description 4 + path 3; risk: tag 8 → 33 × 1.5 (both matched) + 2 (hot, 1 day)
    ["decisions/deploy_freeze.md", 51.5],
    // risk: name 10 + tag 8 + description 4 ("risks") + path 3 = 25, one keyword only; + 1 (warm, 5 days)
    ["notes/risk_register.md", 26],
    // deploy: tag 8 + project exact 5 = 13; + 2 (hot: exactly 2 days is still hot)
    ["notes/rollout.md", 15],
    // deploy: name 10 + tag 8 + path 3; risk: tag 8 → 29 × 1.5 = 43.5, cold, × 0.3 archived
    ["archive/old_deploy_process.md", 13.05],
    // deploy and risk both in the description: 8 × 1.5 = 12; + 1 (warm: 3 days is no longer hot)
    ["notes/canary.md", 13],
    // deploy: name 10 + path 3 = 13; cold (8 days is no longer warm); same 13 as canary, older → after it
    ["notes/deploy_window.md", 13],
    // deploy: name 10 + tag 8 + path 3 = 21; + 1 (warm: 7 days is still warm) = 22 × 0.5 superseded
    ["notes/deploy_v1.md", 11],
    // risk in the name only: 10, cold; the three ties are ordered by updated (newest first) …
    ["notes/tie_newer.md", 10],
    // … then by path ascending
    ["notes/tie_a.md", 10],
    ["notes/tie_b.md", 10],
    // risk only as a #hashtag in the body, which counts as a tag: 8
    ["notes/hashtag_only.md", 8],
    // notes/api_limits.md matches neither keyword and is not returned
  ]);
});

test("should keep the top N of the same order", () => {
  assert.deepEqual(rankFixture("deploy risk", 3).map(([p]) => p), ["decisions/deploy_freeze.md", "notes/risk_register.md", "notes/rollout.md"]);
});

test("should give the same ranking through the public search() on a copy of the vault", async () => {
  const vault = copyToTemp(FIXTURE);
  try {
    const { hits, indexed } = await search("deploy risk", { vault, today: TODAY, top: 0, log: false, ranking: "seed" });
    assert.equal(indexed, true);
    assert.deepEqual(hits.map((h) => [h.record.path, h.score]), rankFixture("deploy risk"));
    const again = await search("deploy risk", { vault, today: TODAY, top: 0, log: false, ranking: "seed" });
    assert.equal(again.indexed, false);
    assert.deepEqual(again.hits, hits);
  } finally {
    removeTemp(vault);
  }
});

test("should list active atoms newest first in filter mode (no query)", () => {
  const { indexes } = indexVault(FIXTURE, { config: defaultConfig(), today: TODAY, write: false });
  const paths = rankRecords(indexes!.manifest, "", { today: TODAY, top: 0, project: "ops" }).map((h) => h.record.path);
  assert.deepEqual(paths, [
    "decisions/deploy_freeze.md", // 11-21
    "notes/canary.md", // 11-19
    "notes/risk_register.md", // 11-17
    "notes/deploy_window.md", // 11-14
    "notes/tie_newer.md", // 10-05
    "notes/tie_a.md", // 10-01, path before tie_b
    "notes/tie_b.md",
    "notes/hashtag_only.md", // 09-01
    // archived and superseded atoms are left out without --all-status; rollout is project "deploy"
  ]);
  const all = rankRecords(indexes!.manifest, "", { today: TODAY, top: 0, project: "ops", allStatus: true }).map((h) => h.record.path);
  assert.ok(all.includes("archive/old_deploy_process.md") && all.includes("notes/deploy_v1.md"));
});

test("should apply type, tag, status and hot filters to a query", () => {
  const { indexes } = indexVault(FIXTURE, { config: defaultConfig(), today: TODAY, write: false });
  const run = (opts: object) => rankRecords(indexes!.manifest, "deploy risk", { today: TODAY, top: 0, ...opts }).map((h) => h.record.path);
  assert.deepEqual(run({ type: "rule" }), ["notes/deploy_window.md"]);
  assert.deepEqual(run({ tag: "#RISK" }), ["decisions/deploy_freeze.md", "notes/risk_register.md", "archive/old_deploy_process.md", "notes/hashtag_only.md"]);
  assert.deepEqual(run({ status: "superseded" }), ["notes/deploy_v1.md"]);
  assert.deepEqual(run({ hotOnly: true }), ["decisions/deploy_freeze.md", "notes/rollout.md"]);
});
