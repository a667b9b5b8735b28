import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { countVault, rankVault } from "../lib/app/handle/search.js";
import { openVault } from "../lib/app/vault.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { matchExpression, parseQuery } from "../lib/core/fts/query.js";
import { poolCandidates } from "../lib/store/fts/rank.js";
import { IndexDb } from "../lib/store/index-db.js";
import { vaultPaths } from "../lib/store/paths.js";
import { TEXT_FIELDS } from "../lib/core/fts/fields.js";
import { indexSettingsKey, indexVault } from "../lib/engine/indexer.js";
import { removeTemp, tempDir } from "./helpers/cli.js";

const TODAY = "2026-11-20";

// Notes in runs of the same text (equal BM25 scores, told apart only by path), with paths that do not sort as they were written.
function writeVault(dir: string): void {
  const bodies = ["Deploy the canary first.", "Deploy on Tuesdays. Deploy again on Thursday if the deploy failed.", "A long note about rollback plans that mentions deploy once among many other words about databases and queues and caches.", "Deploy deploy deploy."];
  for (let i = 0; i < 48; i++) {
    const folder = ["b", "a", "c"][i % 3]!;
    mkdirSync(join(dir, folder), { recursive: true });
    const status = i % 7 === 0 ? "archived" : "active";
    writeFileSync(join(dir, folder, `note_${String((i * 37) % 101).padStart(3, "0")}.md`), `---\nname: Note ${i % 5}\ntype: lesson\nproject: ops\nstatus: ${status}\n---\n\n${bodies[i % bodies.length]}\n`);
  }
  writeFileSync(join(dir, "cortex.toml"), "");
}

describe("full-text pool", () => {
  let vault = "";
  let store: IndexDb;
  const config = defaultConfig();
  before(() => {
    vault = tempDir();
    writeVault(vault);
    indexVault(vault, { config, today: TODAY });
    store = IndexDb.open(vaultPaths(vault).db, indexSettingsKey(config), true) as IndexDb;
  });
  after(() => {
    store.close();
    removeTemp(vault);
  });

  // The pool as the ranking defines it: every match ranked by weighted BM25, then path.
  const reference = (expression: string, pool: number) => {
    const weights = TEXT_FIELDS.map((f) => config.textWeights[f]).join(", ");
    const rows = store.db.prepare(`SELECT d.path AS path FROM fts JOIN docs d ON d.id = fts.rowid WHERE fts MATCH ? ORDER BY bm25(fts, ${weights}), d.path LIMIT ?`).all(expression, pool) as { path: string }[];
    return rows.map((r) => r.path).sort();
  };

  test("should hold the same atoms as ranking every match with its path, for every pool size, ties at the edge included", () => {
    for (const query of ["deploy", "deploy canary", "note", "rollback deploy", "\"deploy again\""]) {
      const expression = matchExpression(parseQuery(query))!;
      const all = reference(expression, -1).length;
      assert.ok(all > 3, query);
      for (let pool = 1; pool <= all + 2; pool++) {
        const got = poolCandidates(store, expression, { today: TODAY }, pool, config).map((d) => d.path).sort();
        assert.deepEqual(got, reference(expression, pool), `${query}, pool ${pool}`);
      }
    }
  });

  test("should rank and count the same through a kept store as through one opened per call, before and after close", () => {
    const kept = openVault({ vault, env: {}, today: TODAY, refresh: false, keepSearchDb: true });
    const fresh = openVault({ vault, env: {}, today: TODAY, refresh: false });
    try {
      assert.equal(fresh.keptSearchDb(), undefined);
      assert.equal(kept.keptSearchDb()?.kept, true);
      for (const query of ["deploy", "deploy canary", "note", "rollback"]) {
        for (const withArchived of [false, true]) assert.equal(countVault(kept, query, {}, withArchived), countVault(fresh, query, {}, withArchived), `${query} ${withArchived}`);
        assert.deepEqual(rankVault(kept, query, { top: 7 }), rankVault(fresh, query, { top: 7 }), query);
      }
      const archived = countVault(fresh, "deploy", {}, true) - countVault(fresh, "deploy", {}, false);
      assert.ok(archived > 0, "some matches are archived");
      kept.close();
      assert.equal(countVault(kept, "deploy", {}, false), countVault(fresh, "deploy", {}, false), "opened again after close");
    } finally {
      kept.close();
    }
  });

  test("should apply the filters as the ranking of every match does", () => {
    const expression = matchExpression(parseQuery("deploy"))!;
    const got = poolCandidates(store, expression, { today: TODAY, status: "archived" }, 5, config);
    assert.ok(got.length > 0 && got.every((d) => d.status === "archived"));
  });
});
