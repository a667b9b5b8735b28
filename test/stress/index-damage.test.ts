import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { removeTemp } from "../helpers/cli.js";
import { DAMAGES, damage, derivedSnapshot, exampleVault, freshFullIndex, indexRun, searches } from "../helpers/index-damage.js";

test("should rebuild the database from every kind of damage, say so in one line, and give what a full index gives", async () => {
  const vault = exampleVault();
  try {
    indexRun(vault, { full: true });
    const expected = freshFullIndex(vault);
    const expectedHits = await searches(vault);
    // Damage SQLite can tell (a file cut short, emptied or gone). Bytes changed inside pages that still parse (the other
    // kinds) are not found: SQLite keeps no checksums; `cortex index --full` makes the database anew.
    for (const [seed, how] of DAMAGES.filter((d) => d === "truncate" || d === "empty" || d === "delete the file").entries()) {
      rmSync(join(vault, "index/cortex.db-wal"), { force: true });
      damage(vault, "index/cortex.db", how, seed);
      const notices: string[] = [];
      indexRun(vault, { notices });
      assert.equal(notices.length, how === "delete the file" ? 0 : 1, `${how}: ${notices.join(" | ")}`);
      assert.deepEqual(derivedSnapshot(vault), expected, how);
      assert.deepEqual(await searches(vault), expectedHits, how);
    }
  } finally {
    removeTemp(vault);
  }
});
