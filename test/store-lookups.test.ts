import assert from "node:assert/strict";
import { utimesSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { indexSettingsKey, indexVault } from "../lib/engine/indexer.js";
import { changedFiles } from "../lib/engine/sync-files.js";
import { IndexDb } from "../lib/store/index-db.js";
import { vaultPaths } from "../lib/store/paths.js";
import { scanVault } from "../lib/store/scan-vault.js";
import { atomDirectory, type DirectoryEntry } from "../lib/store/write/directory.js";
import { removeTemp, tempTree } from "./helpers/cli.js";

const TODAY = "2026-11-20";
const note = (name: string, extra = "") => `---\nname: ${name}\ntype: lesson\nproject: ops\n${extra}---\n\nBody of ${name}.\n`;

// File names that SQL alone would match wrongly: letter case, non-ASCII letters, a Kelvin sign (U+212A, which
// JavaScript lower-cases to an ASCII "k"), an astral character (UTF-8 and UTF-16 order it differently), and a key
// that is only part of a longer name.
const FILES: Record<string, string> = {
  "a/Deploy_Plan.md": note("Deploy plan", "tags: [deploy, risk]\ndescription: How We Deploy\n"),
  "b/deploy_plan.md": note("Deploy plan two"),
  "b/deploy_plan_old.md": note("Old deploy plan"),
  "c/\u212Aey.md": note("Kelvin key"),
  "c/Été.md": note("Summer"),
  "c/\u{1F600}.md": note("Smile"),
  "c/\uFF41.md": note("Fullwidth a"),
  "d/alias.md": note("Aliased", "aliases: [Other name]\ntags: [risk]\nstatus: superseded\n"),
  "d/unrelated.md": note("Unrelated"),
  "cortex.toml": "",
};

describe("the write path's lookups in the database", () => {
  let vault = "";
  let db: IndexDb;
  before(() => {
    vault = tempTree(FILES);
    indexVault(vault, { config: defaultConfig(), today: TODAY });
    db = IndexDb.open(vaultPaths(vault).db, indexSettingsKey(defaultConfig())) as IndexDb;
  });
  after(() => {
    db.close();
    removeTemp(vault);
  });

  test("should find the atoms of a file name key whatever the letter case, and every atom with aliases", () => {
    const paths = atomDirectory(db).named(["deploy_plan"]).map((m) => m.path);
    // a/Deploy_Plan.md: the key lower-cased; b/deploy_plan.md: as written; d/alias.md: it has aliases.
    // Left out: b/deploy_plan_old.md (the key is only part of its name) and the rest (other names).
    assert.deepEqual(paths, ["a/Deploy_Plan.md", "b/deploy_plan.md", "d/alias.md"]);
  });

  test("should find a file name key outside ASCII, and one JavaScript lower-cases to ASCII", () => {
    assert.deepEqual(atomDirectory(db).named(["été"]).map((m) => m.path), ["c/Été.md", "d/alias.md"]);
    assert.deepEqual(atomDirectory(db).named(["key"]).map((m) => m.path), ["c/\u212Aey.md", "d/alias.md"]);
  });

  test("should give the atoms with one of the tags as every entry reads them, text included", () => {
    const directory = atomDirectory(db);
    const plain = (m: DirectoryEntry) => ({ path: m.path, name: m.name, description: m.description, tags: m.tags, aliases: m.aliases, status: m.status });
    const expected = directory.entries().filter((m) => m.tags.includes("deploy") || m.tags.includes("risk")).map(plain);
    // Both tagged atoms, in path order, of any status; names and descriptions (the first prose line when none is given) lower-cased as the write path compares them.
    assert.deepEqual(directory.withTags(["deploy", "risk"]).map(plain), expected);
    assert.deepEqual(expected.map((m) => [m.path, m.name, m.description, m.aliases, m.status]), [
      ["a/Deploy_Plan.md", "deploy plan", "how we deploy", [], "active"],
      ["d/alias.md", "aliased", "body of aliased.", ["Other name"], "superseded"],
    ]);
  });

  test("should find nothing changed right after an index run, though UTF-8 and UTF-16 order the files differently", () => {
    const changes = changedFiles(db, scanVault(vault));
    assert.deepEqual(changes, { changed: [], removed: [], unchanged: 9 });
  });

  test("should tell a changed, an added and a removed file apart", () => {
    const scan = scanVault(vault);
    const edited = scan.files.find((f) => f.path === "c/\u{1F600}.md")!;
    edited.size += 1;
    scan.files.push({ path: "e/new.md", abs: join(vault, "e/new.md"), size: 10, mtimeMs: 1 });
    scan.files = scan.files.filter((f) => f.path !== "d/unrelated.md");
    const changes = changedFiles(db, scan);
    assert.deepEqual(changes.changed.map((f) => f.path), ["c/\u{1F600}.md", "e/new.md"]);
    assert.deepEqual(changes.removed, ["d/unrelated.md"]);
    assert.equal(changes.unchanged, 7);
  });

  test("should take a file whose mtime alone changed as changed", () => {
    const file = join(vault, "d/unrelated.md");
    writeFileSync(file, note("Unrelated"));
    utimesSync(file, new Date("2030-01-01"), new Date("2030-01-01"));
    assert.deepEqual(changedFiles(db, scanVault(vault)).changed.map((f) => f.path), ["d/unrelated.md"]);
    rmSync(file);
    assert.deepEqual(changedFiles(db, scanVault(vault)), { changed: [], removed: ["d/unrelated.md"], unchanged: 8 });
  });
});
