import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { dbDump } from "./helpers/db-dump.js";
import { defaultConfig, indexVault, openVault, writeAtom } from "./helpers/lib.js";
import { copyToTemp, removeTemp, ROOT, tempDir } from "./helpers/cli.js";
import { loadConfig } from "../lib/store/config/load.js";
import { vaultLockHeldHere, withVaultLock } from "../lib/store/lock.js";

// The write path reads the index as written and records only the files it wrote (no vault scan):
// the index after it must be what a full run writes, and a hand edit it did not record must still be seen.

const TODAY = "2026-11-22";
const config = defaultConfig();
const FILES = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "index/meta.json", "layers/hot.json", "layers/warm.json", "layers/cold.json"];

const snapshot = (vault: string) => Object.fromEntries(FILES.map((rel) => [rel, readFileSync(join(vault, rel), "utf8")]));

const searchRows = dbDump;

// The same vault indexed whole, from nothing (the database's rows compared without their mtimes: a copy keeps them to the millisecond only).
function fullTwin(vault: string, settings = config): { files: Record<string, string>; rows: string } {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
    indexVault(twin, { config: settings, today: TODAY, full: true });
    return { files: snapshot(twin), rows: searchRows(twin) };
  } finally {
    removeTemp(twin);
  }
}

test("should leave every export and database row after writes as a fresh full index has them", async () => {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  try {
    indexVault(vault, { config, today: TODAY });
    const inputs = [
      { name: "Canary before every deploy", type: "rule", project: "ops", tags: ["deploy", "risk"], body: "Run canary analysis first, then deploy." },
      { name: "Zebra tag note", type: "insight", project: "brand-new", tags: ["zzz-new-tag", "deploy"], body: "A note with a tag no other has, in a new project." },
      { name: "Aardvark first", type: "lesson", project: "ops", tags: [], body: "Sorts before every other path of its folder.", links: ["no_friday_deploys"] },
      { name: "Canary before every deploy", type: "rule", project: "ops", tags: ["deploy"], body: "Same name again, other words entirely: numbered." },
    ];
    for (const input of inputs) {
      const written = await writeAtom(vault, input, { config, today: TODAY, force: true });
      assert.equal(written.indexError, undefined);
      const twin = fullTwin(vault);
      assert.deepEqual(snapshot(vault), twin.files, `after ${written.path}`);
      assert.deepEqual(searchRows(vault), twin.rows, `the database after ${written.path}`);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should not record a note edited by hand elsewhere, and the next search still finds its new words", async () => {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  try {
    // The vault's own settings: the search below reads them, and an index of other settings would be rebuilt whole.
    const { config } = loadConfig({ vault });
    indexVault(vault, { config, today: TODAY });
    const edited = join(vault, "rules/no_friday_deploys.md");
    writeFileSync(edited, `${readFileSync(edited, "utf8")}\nAlso mind the xylophonist on call.\n`);
    const written = await writeAtom(vault, { name: "Unrelated note", type: "insight", project: "ops", body: "Nothing to do with music." }, { config, today: TODAY });
    // The write listed no folder: the edited note keeps its old row, so the next check re-reads it.
    const manifest = readFileSync(join(vault, "index/manifest.json"), "utf8");
    assert.match(manifest, new RegExp(written.path));
    const reader = openVault({ vault, today: TODAY });
    const { hits } = await reader.search("xylophonist");
    assert.equal(reader.freshness.changed_since_index, 1, "the search's check re-read the edited note, and only it");
    assert.deepEqual(hits.map((h) => h.record.path), ["rules/no_friday_deploys.md"]);
    assert.deepEqual(snapshot(vault), fullTwin(vault, config).files);
  } finally {
    removeTemp(vault);
  }
});

test("should take a note an earlier write left unrecorded for that write, and record it", async () => {
  const vault = tempDir();
  try {
    await writeAtom(vault, { name: "First note", type: "rule", project: "p", body: "The first one." }, { config, today: TODAY });
    const before = Object.fromEntries(["index", "layers"].map((dir) => [dir, join(tempDir(), dir)]));
    for (const dir of ["index", "layers"]) cpSync(join(vault, dir), before[dir]!, { recursive: true, preserveTimestamps: true });
    const input = { name: "Second note", type: "rule", project: "p", body: "The second one, in other words entirely." };
    const first = await writeAtom(vault, input, { config, today: TODAY });
    // As if the index update after that write had failed: the index as it was before it.
    for (const dir of ["index", "layers"]) {
      rmSync(join(vault, dir), { recursive: true });
      cpSync(before[dir]!, join(vault, dir), { recursive: true, preserveTimestamps: true });
    }
    const retry = await writeAtom(vault, input, { config, today: TODAY });
    assert.equal(retry.alreadyWritten, true);
    assert.equal(retry.path, first.path);
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[];
    assert.deepEqual(manifest.map((m) => m.path), ["rules/first_note.md", "rules/second_note.md"]);
    for (const dir of Object.values(before)) removeTemp(join(dir, ".."));
  } finally {
    removeTemp(vault);
  }
});

test("should tell that this process holds a vault's lock only while its transaction runs", async () => {
  const vault = tempDir();
  try {
    assert.equal(vaultLockHeldHere(vault), false);
    await withVaultLock(vault, async () => {
      await Promise.resolve();
      assert.equal(vaultLockHeldHere(vault), true);
    });
    assert.equal(vaultLockHeldHere(vault), false);
  } finally {
    removeTemp(vault);
  }
});

test("should record files told as changed, removed or added, and leave every other file's row for the next scan", () => {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  try {
    const { config } = loadConfig({ vault });
    indexVault(vault, { config, today: TODAY });
    const edited = join(vault, "rules/no_friday_deploys.md");
    writeFileSync(edited, `${readFileSync(edited, "utf8")}\nEdited.\n`);
    rmSync(join(vault, "atoms/deploy_freeze_during_release.md"));
    writeFileSync(join(vault, "rules/aaa_new.md"), "---\nname: Aaa new\ntype: rule\nproject: ops\n---\nNew.\n");
    rmSync(join(vault, "atoms/test_rollback_scripts.md"));
    // Told of three of the four changes: the fourth (a removal) is left for the next scanning run.
    const told = indexVault(vault, { config, today: TODAY, changed: ["rules/no_friday_deploys.md", "rules/aaa_new.md", "atoms/test_rollback_scripts.md"] });
    assert.deepEqual([told.reread, told.removed], [2, 1], "the edited and the new note read, the told removal recorded");
    assert.doesNotMatch(readFileSync(join(vault, "index/manifest.json"), "utf8"), /"path": "atoms\/test_rollback_scripts.md"/);
    assert.match(readFileSync(join(vault, "index/manifest.json"), "utf8"), /deploy_freeze_during_release/);
    const next = indexVault(vault, { config, today: TODAY });
    assert.equal(next.removed, 1);
    assert.equal(next.reread, 0);
    assert.deepEqual(snapshot(vault), fullTwin(vault, config).files);
  } finally {
    removeTemp(vault);
  }
});

test("should record a note an earlier, killed write left in the folder it writes to, and leave other folders to the next check", async () => {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  try {
    indexVault(vault, { config, today: TODAY });
    // As a write killed after its rename and before its index update leaves it: on disk, in no index file.
    const orphan = "---\nname: Left by a killed write\ntype: rule\nproject: ops\ncreated: 2026-11-22\nupdated: 2026-11-22\n---\nWritten, then the process was killed.\n";
    writeFileSync(join(vault, "rules/left_by_a_killed_write.md"), orphan);
    writeFileSync(join(vault, "insights/added_by_hand.md"), orphan.replace("Left by a killed write", "Added by hand").replace("type: rule", "type: insight"));
    const written = await writeAtom(vault, { name: "Another rule", type: "rule", project: "ops", tags: [], body: "Written into rules/." }, { config, today: TODAY, force: true });
    assert.equal(written.path, "rules/another_rule.md");
    const paths = (JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[]).map((m) => m.path);
    // rules/ was listed by the write: the killed write's note is recorded with the new one.
    assert.ok(paths.includes("rules/left_by_a_killed_write.md"));
    assert.ok(paths.includes("rules/another_rule.md"));
    // insights/ was not: its new note waits for the next reader's check, as any hand edit does.
    assert.ok(!paths.includes("insights/added_by_hand.md"));
    // The files as a full run writes them for what the index records, insights/added_by_hand.md aside.
    rmSync(join(vault, "insights/added_by_hand.md"));
    assert.deepEqual(snapshot(vault), fullTwin(vault).files);
  } finally {
    removeTemp(vault);
  }
});
