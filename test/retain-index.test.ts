import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { checkedBytes, retainIndexBytes, warmableIndexFiles, warmIndexFile, warmStatCache } from "../lib/store/index-previous.js";
import { readMeta } from "../lib/store/index-check.js";
import { indexSettingsKey, readStatCache } from "../lib/store/stat-cache.js";
import { vaultPaths } from "../lib/store/paths.js";
import { defaultConfig, indexVault, readConfigFile } from "./helpers/lib.js";
import { removeTemp, tempDir } from "./helpers/cli.js";
import { exampleVault } from "./helpers/index-damage.js";
import { withPatching } from "./helpers/index-files.js";

// A live server keeps the index files a save reads in memory (retainIndexBytes): what it reads must stay what a fresh read gives.

const TODAY = "2026-11-22";

const run = (vault: string, options: { full?: boolean; changed?: string[] } = {}) =>
  indexVault(vault, { config: readConfigFile(vault) ?? defaultConfig(), today: TODAY, full: options.full, changed: options.changed, onNotice: () => {} });

// Every index file as checkedBytes gives it now (a string for a damaged one).
function readAll(vault: string): Record<string, string> {
  const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
  return Object.fromEntries(warmableIndexFiles(vault).map((rel) => [rel, String(checkedBytes(vault, rel, files))]));
}

// The same files read by a process that keeps nothing: a twin of the vault, its index copied as it is.
function freshRead(vault: string): Record<string, string> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true });
    return readAll(twin);
  } finally {
    removeTemp(twin);
  }
}


test("should give a process that keeps the index in memory the bytes of a fresh read after pending pieces, a rewrite and damage", () => {
  const vault = exampleVault();
  retainIndexBytes(true);
  try {
    withPatching(() => {
      run(vault, { full: true });
      for (const rel of warmableIndexFiles(vault)) warmIndexFile(vault, rel);
      assert.ok(warmableIndexFiles(vault).includes("index/manifest.json"));
      // A note added: the files on disk stay, their change goes to pending pieces, which the kept bytes get.
      writeFileSync(join(vault, "atoms/kept_note.md"), "---\nname: Kept note\ntags: [deploy]\n---\nAbout [[deploy_runbook]].\n");
      run(vault, { changed: ["atoms/kept_note.md"] });
      assert.ok(readFileSync(join(vault, "index/pending.json"), "utf8").includes("index/manifest.json"), "the change is in pending pieces");
      const afterAdd = readAll(vault);
      assert.ok(afterAdd["index/manifest.json"]!.includes("Kept note"));
      assert.deepEqual(afterAdd, freshRead(vault));
      // Every file written whole again: new files on disk, read again.
      run(vault, { full: true });
      assert.deepEqual(readAll(vault), freshRead(vault));
    });
    // A damaged file (its mtime moved) is found damaged, not answered from memory.
    const manifest = join(vault, "index/manifest.json");
    writeFileSync(manifest, readFileSync(manifest, "utf8").replace("Kept note", "Kept nope"));
    assert.match(readAll(vault)["index/manifest.json"]!, /index\/manifest\.json is damaged/);
  } finally {
    retainIndexBytes(false);
    removeTemp(vault);
  }
});

test("should read index/cache.tsv again once an index run replaced it, while the last one read is kept", () => {
  const vault = exampleVault();
  retainIndexBytes(true);
  try {
    run(vault, { full: true });
    const key = indexSettingsKey(readConfigFile(vault) ?? defaultConfig());
    warmStatCache(vault, key);
    const kept = readStatCache(vaultPaths(vault).cache, key);
    assert.ok(kept && typeof kept !== "string");
    assert.equal(readStatCache(vaultPaths(vault).cache, key), kept, "the same file is not read again");
    writeFileSync(join(vault, "atoms/another_note.md"), "---\nname: Another note\n---\nBody\n");
    run(vault, { changed: ["atoms/another_note.md"] });
    const again = readStatCache(vaultPaths(vault).cache, key);
    assert.ok(again && typeof again !== "string");
    assert.ok(again.text.includes("atoms/another_note.md"));
    assert.ok(!kept.text.includes("atoms/another_note.md"));
  } finally {
    retainIndexBytes(false);
    removeTemp(vault);
  }
});
