import assert from "node:assert/strict";
import { appendFileSync, chmodSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import fc from "fast-check";
import { beginIndexCheck, finishIndexCheck } from "../lib/engine/fresh-check.js";
import { folderStampsPath, readFolderListing, scanFromListing, unchangedFromStamps, VOUCH_ASKED_EVERY } from "../lib/store/folder-stamps.js";
import { cacheSignature } from "../lib/store/files.js";
import { vaultPaths } from "../lib/store/paths.js";
import { compareWithCache, readStatCache, indexSettingsKey } from "../lib/store/stat-cache.js";
import { scanVault } from "../lib/store/scan-vault.js";
import type { VaultScan } from "../lib/store/scan.js";
import { defaultConfig } from "./helpers/lib.js";
import { removeTemp, ROOT, tempTree } from "./helpers/cli.js";
import { run, TODAY } from "./helpers/index-files.js";

const options = { config: defaultConfig(), today: TODAY };

// A vault with notes at several depths, another file, an entry left out, a hidden folder and a binary note.
function makeVault(): string {
  const vault = tempTree({ "a.md": "# A\n", "notes/b.md": "---\nname: B\n---\nBody\n", "notes/deep/c.md": "# C\n", "notes/deep/pic.png": "png", ".obsidian/workspace.md": "hidden", "bin.md": "x\0y" });
  symlinkSync(join(vault, "notes"), join(vault, "link"));
  return vault;
}

// Indexes the vault, then checks it as a search would, its folders taken as old enough to be trusted: the stamps are written.
function indexAndStamp(vault: string): void {
  run(vault);
  const outcome = finishIndexCheck({ ...beginIndexCheck(vault, options), checkedAtMs: Date.now() + 60_000 });
  assert.ok("result" in outcome, "the index is current after its run");
}

// What the stamps give now (null: a folder changed and the vault must be listed).
function stampedScan(vault: string): VaultScan | null {
  const cache = vaultPaths(vault).cache;
  const listing = readFolderListing(vault, cacheSignature(cache)!);
  assert.ok(listing, "index/folders.tsv reads back");
  const read = readStatCache(cache, indexSettingsKey(options.config));
  assert.ok(read && typeof read !== "string");
  return scanFromListing(vault, listing, read.text);
}

const sorted = (scan: VaultScan) => ({
  files: [...scan.files].sort((a, b) => (a.path < b.path ? -1 : 1)),
  others: [...scan.others].sort(),
  skipped: [...scan.skipped].sort((a, b) => (a.path < b.path ? -1 : 1)),
});

// Each change to a vault, and whether it leaves every folder's entries as they were (only its notes need a stat).
const CHANGES: { name: string; entriesKept: boolean; change: (vault: string) => void }[] = [
  { name: "a note edited in place", entriesKept: true, change: (v) => appendFileSync(join(v, "notes/deep/c.md"), "More\n") },
  { name: "a note's mtime set back", entriesKept: true, change: (v) => utimesSync(join(v, "a.md"), 1e9, 1e9) },
  { name: "a note added in a folder", entriesKept: false, change: (v) => writeFileSync(join(v, "notes/deep/new.md"), "# New\n") },
  { name: "a note removed", entriesKept: false, change: (v) => rmSync(join(v, "notes/b.md")) },
  { name: "a note renamed", entriesKept: false, change: (v) => renameSync(join(v, "notes/deep/c.md"), join(v, "notes/deep/d.md")) },
  { name: "a note saved by rename over itself", entriesKept: false, change: (v) => (writeFileSync(join(v, "notes/.b.md.tmp"), "# B again\n"), renameSync(join(v, "notes/.b.md.tmp"), join(v, "notes/b.md"))) },
  { name: "a folder added with a note", entriesKept: false, change: (v) => (mkdirSync(join(v, "notes/new")), writeFileSync(join(v, "notes/new/e.md"), "# E\n")) },
  { name: "a folder removed", entriesKept: false, change: (v) => rmSync(join(v, "notes/deep"), { recursive: true }) },
  { name: "another file added", entriesKept: false, change: (v) => writeFileSync(join(v, "notes/doc.pdf"), "pdf") },
  { name: "a symbolic link added", entriesKept: false, change: (v) => symlinkSync(join(v, "a.md"), join(v, "notes/alias.md")) },
  { name: "a folder's mode changed", entriesKept: false, change: (v) => chmodSync(join(v, "notes/deep"), 0o700) },
];

for (const { name, entriesKept, change } of CHANGES) {
  test(`should find what a listing finds after ${name}`, async () => {
    const vault = makeVault();
    try {
      indexAndStamp(vault);
      // Past the tick of a coarse file-system clock, so that the change gives its folder another ctime.
      await sleep(30);
      change(vault);
      const stamped = stampedScan(vault);
      if (entriesKept) assert.deepEqual(sorted(stamped!), sorted(scanVault(vault)));
      else assert.equal(stamped, null, "a folder's entries changed: the vault is listed");
      // The check, from the stamps (or listing the vault when they tell it to), says what one listing the vault says.
      const stampedCheck = finishIndexCheck(beginIndexCheck(vault, options));
      rmSync(folderStampsPath(vault), { force: true });
      const listedCheck = finishIndexCheck({ ...beginIndexCheck(vault, options), checkedAtMs: 0 });
      assert.deepEqual("result" in stampedCheck ? stampedCheck.result : "changed", "result" in listedCheck ? listedCheck.result : "changed");
    } finally {
      removeTemp(vault);
    }
  });
}

test("should find the index current from the stamps alone, with the diagnostics and other files of a listing", () => {
  const vault = makeVault();
  try {
    indexAndStamp(vault);
    const listed = finishIndexCheck(beginIndexCheck(vault, { ...options }));
    assert.ok("result" in listed);
    assert.notEqual(stampedScan(vault), null, "no folder changed since the stamps");
    rmSync(folderStampsPath(vault));
    const walked = finishIndexCheck({ ...beginIndexCheck(vault, options), checkedAtMs: 0 });
    assert.ok("result" in walked);
    assert.deepEqual(listed.result, walked.result);
    assert.ok(listed.result.otherFiles?.includes("notes/deep/pic.png"));
    assert.ok(listed.result.diagnostics.some((d) => d.file === "link"), "the symbolic link is still reported");
  } finally {
    removeTemp(vault);
  }
});

test("should not stamp folders changed just before the check, nor keep stamps of another cache file", () => {
  const vault = makeVault();
  try {
    run(vault);
    // Every folder was made a moment ago: a change in the same clock tick could keep its ctime, so nothing is stamped.
    assert.ok("result" in finishIndexCheck(beginIndexCheck(vault, options)));
    assert.throws(() => readFileSync(folderStampsPath(vault)), { code: "ENOENT" });
    indexAndStamp(vault);
    appendFileSync(join(vault, "a.md"), "Edited\n");
    run(vault);
    assert.equal(readFolderListing(vault, cacheSignature(vaultPaths(vault).cache)!), null, "the stamps go with the cache file they were taken with");
  } finally {
    removeTemp(vault);
  }
});

test("should list the vault when index/folders.tsv is damaged", () => {
  const vault = makeVault();
  try {
    indexAndStamp(vault);
    const file = folderStampsPath(vault);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace("notes", "nites"));
    assert.equal(readFolderListing(vault, cacheSignature(vaultPaths(vault).cache)!), null, "its end line's check fails");
    writeFileSync(file, "garbage\0");
    assert.equal(readFolderListing(vault, cacheSignature(vaultPaths(vault).cache)!), null);
    assert.ok("result" in finishIndexCheck(beginIndexCheck(vault, options)), "the check lists the vault and finds it current");
  } finally {
    removeTemp(vault);
  }
});

test("should stamp the same folders and give the same scan on two threads, listing or from the stamps", async () => {
  const vault = makeVault();
  try {
    for (let i = 0; i < 600; i++) {
      const dir = join(vault, ...[`top${i % 3}`, `mid${i % 4}`, `low${i % 5}`].slice(0, i % 4));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `s${i}.md`), `# S${i}\n`);
    }
    indexAndStamp(vault);
    // The built modules: a scan's second thread runs compiled code.
    const { startScanVault } = (await import(join(ROOT, "dist/lib/store/scan-vault.js"))) as typeof import("../lib/store/scan-vault.js");
    const one = startScanVault(vault, { stat: true, stampFolders: true }).finish();
    const listedOnTwo = startScanVault(vault, { stat: true, stampFolders: true, expectedFiles: Infinity });
    assert.ok(listedOnTwo.parallel, "a second thread takes part");
    const two = listedOnTwo.finish();
    assert.deepEqual(sorted(two), sorted(one));
    const byPath = (s: VaultScan) => [...s.folders!].sort((a, b) => (a.path < b.path ? -1 : 1)).map(({ path, stamp }) => ({ path, stamp }));
    // Every folder holds a note or a folder that does: each ancestor of a note, the root as ".".
    const ancestors = new Set(one.files.flatMap((f) => f.path.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
    assert.deepEqual(byPath(one).map((f) => f.path), [".", ...[...ancestors].sort()]);
    assert.deepEqual(byPath(two), byPath(one));
    const cache = vaultPaths(vault).cache;
    const listing = readFolderListing(vault, cacheSignature(cache)!)!;
    const read = readStatCache(cache, indexSettingsKey(options.config));
    assert.ok(read && typeof read !== "string");
    const fromStamps = startScanVault(vault, { stat: true, expectedFiles: Infinity, known: { listing, cacheText: read.text } });
    assert.ok(fromStamps.parallel);
    const three = fromStamps.finish();
    assert.equal(three.folders, undefined, "nothing was listed");
    assert.deepEqual(sorted(three), sorted(one));
    // Asked between units whether to go on: a no to the end gives the whole scan, a yes abandons it.
    assert.deepEqual(sorted(startScanVault(vault, { stat: true, expectedFiles: Infinity }).finishUnless(() => false)!), sorted(one));
    assert.equal(startScanVault(vault, { stat: true, expectedFiles: Infinity }).finishUnless(() => true), null);
    let asked = 0;
    const late = startScanVault(vault, { stat: true, expectedFiles: Infinity }).finishUnless(() => ++asked > 1);
    assert.ok(late === null || asked === 1, "a yes after the first question abandons the scan, unless the units were all done by then");
  } finally {
    removeTemp(vault);
  }
});

// Changes a note in place or leaves it: what a watcher-less check must tell apart by the note's own stat.
const NOTE_CHANGES: ((file: string) => void)[] = [
  () => {},
  (file) => appendFileSync(file, "More\n"),
  (file) => writeFileSync(file, readFileSync(file)),
  (file) => utimesSync(file, 1e9, 1e9),
  (file) => writeFileSync(file, readFileSync(file, "utf8").replace(/./, "x")),
  (file) => writeFileSync(file, "---\nname: [unclosed\n---\nBody\n"),
];

test("should say from the stamps in one pass what a listing compared with the cache says, whenever it says anything", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: NOTE_CHANGES.length - 1 })), { minLength: 1, maxLength: 6 }), fc.boolean(), async (changes, addOther) => {
      const vault = makeVault();
      try {
        for (let i = 0; i < 6; i++) writeFileSync(join(vault, i % 2 ? "notes" : "notes/deep", `n${i}.md`), i === 3 ? "---\nname: [bad\n---\n" : `# N${i}\n`);
        indexAndStamp(vault);
        await sleep(20);
        for (const [note, change] of changes) NOTE_CHANGES[change]!(join(vault, note % 2 ? "notes" : "notes/deep", `n${note}.md`));
        if (addOther) writeFileSync(join(vault, "notes/extra.pdf"), "pdf");
        const cache = vaultPaths(vault).cache;
        const read = readStatCache(cache, indexSettingsKey(options.config));
        assert.ok(read && typeof read !== "string");
        const quick = unchangedFromStamps(vault, readFolderListing(vault, cacheSignature(cache)!)!, read.text);
        const listed = scanVault(vault);
        const compared = compareWithCache(read.text, listed.files)!;
        if (compared.changed.length > 0 || compared.removed.length > 0 || addOther) return assert.equal(quick, null);
        assert.deepEqual(quick, { files: listed.files.length, atoms: compared.keptAtoms, diagnostics: compared.keptDiagnostics, others: listed.others, skipped: listed.skipped });
      } finally {
        removeTemp(vault);
      }
    }),
    { numRuns: 25 },
  );
});

test("should end the one pass at the first note count a probe's yes comes at, with what the cache text records", () => {
  const vault = makeVault();
  try {
    for (let i = 0; i < 2 * VOUCH_ASKED_EVERY + 10; i++) writeFileSync(join(vault, `notes/m${i}.md`), `# M${i}\n`);
    indexAndStamp(vault);
    const cache = vaultPaths(vault).cache;
    const read = readStatCache(cache, indexSettingsKey(options.config));
    assert.ok(read && typeof read !== "string");
    const listing = readFolderListing(vault, cacheSignature(cache)!)!;
    let asked = 0;
    const found = unchangedFromStamps(vault, listing, read.text, () => ++asked === 2);
    assert.equal(asked, 2, "asked before the first note and after the first VOUCH_ASKED_EVERY, not after");
    assert.deepEqual(found, unchangedFromStamps(vault, listing, read.text));
    assert.deepEqual(unchangedFromStamps(vault, listing, read.text, () => false), unchangedFromStamps(vault, listing, read.text));
  } finally {
    removeTemp(vault);
  }
});
