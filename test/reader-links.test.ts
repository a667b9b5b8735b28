import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { openVault } from "../lib/app/vault.js";
import { buildIndexes } from "../lib/core/index-build/build.js";
import { IndexDb } from "../lib/store/index-db.js";
import { linksCurrent } from "../lib/store/resolved-links.js";
import { indexSettingsKey } from "../lib/engine/indexer.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { removeTemp, runInProcess, tempDir, tempVault } from "./helpers/cli.js";

const TODAY = "2026-11-22";
const temps: string[] = [];
after(() => temps.forEach(removeTemp));

// Whether the vault's database holds the links resolved, and the indexes a build of its atoms gives.
function linksState(vault: string) {
  const db = IndexDb.open(join(vault, "index/cortex.db"), indexSettingsKey(defaultConfig()));
  assert.ok(db instanceof IndexDb, String(db));
  try {
    return { current: linksCurrent(db), built: buildIndexes(db.atoms()) };
  } finally {
    db.close();
  }
}

test("should record the links a reader resolved after writes whose exports wait, and leave the next index run's exports those of a full run", async () => {
  const vault = tempVault();
  temps.push(vault);
  // Every vault is "large": each write leaves the exports, and the links, to the next index run.
  writeFileSync(join(vault, "cortex.toml"), "[index]\ndefer_exports_above = 0\n");
  const T = ["--vault", vault, "--today", TODAY];
  // Through the library (the CLI's write reads the links back to say which open nothing).
  const writer = openVault({ vault, today: TODAY });
  for (const [name, body] of [["Deploy window", "Deploys run Tuesdays."], ["Release freeze", "See [[deploy_window]]."], ["Rollback rule", "Roll back per [[release_freeze]] and [[deploy_window]]."]]) {
    await writer.write({ name: name!, type: "rule", project: "ops", tags: [], body: body! }, { related: false });
  }
  writer.close();
  const before = linksState(vault);
  assert.equal(before.current, false, "the writes left the links unresolved");

  const reader = openVault({ vault, today: TODAY });
  assert.deepEqual(reader.manifest, before.built.manifest, "the reader's manifest, links resolved");
  reader.close();
  const after = linksState(vault);
  assert.equal(after.current, true, "the reader recorded them");
  const second = openVault({ vault, today: TODAY });
  assert.deepEqual(second.manifest, before.built.manifest, "the next reader reads them");
  assert.deepEqual(second.links, before.built.links);
  second.close();

  const copy = join(tempDir(), "vault");
  temps.push(copy);
  cpSync(vault, copy, { recursive: true });
  assert.equal((await runInProcess(["index", ...T])).code, 0);
  assert.equal((await runInProcess(["index", "--full", "--vault", copy, "--today", TODAY])).code, 0);
  for (const file of ["manifest.json", "links.json", "graph.json", "by_tag.json", "by_project.json", "by_type.json"]) {
    assert.equal(readFileSync(join(vault, "index", file), "utf8"), readFileSync(join(copy, "index", file), "utf8"), file);
  }
});
