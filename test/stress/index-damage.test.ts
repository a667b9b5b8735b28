import assert from "node:assert/strict";
import { test } from "node:test";
import { removeTemp } from "../helpers/cli.js";
import { DAMAGES, DERIVED_FILES, damage, derivedSnapshot, exampleVault, freshFullIndex, indexRun, searches } from "../helpers/index-damage.js";

test("should find every kind of damage to every derived file and rebuild what a full index gives", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = freshFullIndex(vault);
    const expectedHits = await searches(vault);
    let seed = 0;
    for (const rel of DERIVED_FILES) {
      for (const how of DAMAGES) {
        damage(vault, rel, how, seed++);
        const notices: string[] = [];
        indexRun(vault, { notices });
        const silent = rel === "index/cache.tsv" && how === "delete the file";
        assert.equal(notices.length, silent ? 0 : 1, `${rel}, ${how}`);
        assert.deepEqual(derivedSnapshot(vault), expected, `${rel}, ${how}`);
        assert.deepEqual(await searches(vault), expectedHits, `${rel}, ${how}`);
      }
    }
  } finally {
    removeTemp(vault);
  }
});
