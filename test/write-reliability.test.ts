import assert from "node:assert/strict";
import { test } from "node:test";
import { removeTemp, tempDir } from "./helpers/cli.js";
import { listAtoms } from "./helpers/tree.js";
import { writer } from "./helpers/write-processes.js";

// The long concurrency soak and the kill loop are in test/stress/write-reliability.test.ts.

test("should let exactly one of 8 concurrent identical writes through", async () => {
  const vault = tempDir();
  try {
    const outcomes = (await Promise.all(Array.from({ length: 8 }, (_, w) => writer(vault, w, 1, false, true)))).flat().map((l) => JSON.parse(l) as { ok?: string; error?: string });
    assert.equal(outcomes.filter((o) => o.ok).length, 1);
    assert.deepEqual(outcomes.filter((o) => o.error).map((o) => o.error), Array(7).fill("DUPLICATE"));
    assert.equal(listAtoms(vault).length, 1);
  } finally {
    removeTemp(vault);
  }
});
