import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { CortexError } from "../lib/core/errors.js";
import { planSupersede } from "../lib/core/write/supersede-plan.js";
import { supersedeEdits, writeNoteEdits } from "../lib/app/write/supersede.js";
import { openVault } from "../lib/app/vault.js";
import { ROOT } from "./helpers/cli.js";
import { fixtureCopies } from "./helpers/cases.js";

const copy = fixtureCopies();
const TODAY = "2026-11-22";
const OLD = "atoms/canary_analysis.md";
const BY = "atoms/payments_api_v2.md";

function planned(dir: string) {
  const plan = planSupersede(openVault({ vault: dir, env: {}, cwd: ROOT, today: TODAY }).manifest, { old: OLD, by: BY });
  return supersedeEdits(dir, plan, null, TODAY);
}

for (const [saved, which] of [[BY, "the replacement (written first)"], [OLD, "the old atom (written second)"]] as const) {
  test(`should leave both notes as they were when an editor saved ${which} during a supersede`, () => {
    const dir = copy("examples/vault");
    const edits = planned(dir);
    const other = saved === BY ? OLD : BY;
    const otherBefore = readFileSync(join(dir, other));
    const editorSave = `${readFileSync(join(dir, saved), "utf8")}\nA line the editor saved meanwhile.\n`;
    writeFileSync(join(dir, saved), editorSave);
    assert.throws(() => writeNoteEdits(dir, edits), (e: unknown) => e instanceof CortexError && e.code === "CHANGED" && e.message.startsWith(`${saved} changed on disk`));
    assert.equal(readFileSync(join(dir, saved), "utf8"), editorSave, "the editor's save is kept");
    assert.deepEqual(readFileSync(join(dir, other)), otherBefore, "the other note is as it was: nothing half done");
  });
}

test("should write both notes when nobody changed them", () => {
  const dir = copy("examples/vault");
  assert.deepEqual(writeNoteEdits(dir, planned(dir)), [BY, OLD]);
  assert.match(readFileSync(join(dir, OLD), "utf8"), /^status: superseded$/m);
});
