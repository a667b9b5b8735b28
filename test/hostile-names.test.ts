import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { defaultConfig, indexVault, search } from "./helpers/lib.js";
import { dbDump } from "./helpers/db-dump.js";
import { removeTemp, runInProcess, tempDir } from "./helpers/cli.js";
import { listAtoms } from "./helpers/tree.js";

const TODAY = "2026-11-23";
const DERIVED = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "layers/hot.json", "layers/warm.json", "layers/cold.json"];

/** File names a user may give a note, each with a word found only in it. */
const NAMES: [name: string, word: string][] = [
  ["tab\there.md", "zebratab"],
  ["new\nline.md", "zebraline"],
  ["pipe|bar.md", "zebrapipe"],
  ["hash#tag.md", "zebrahash"],
  ["[[bracket.md", "zebrabracket"],
  ["-leading dash.md", "zebradash"],
  ['"quoted" name.md', "zebraquote"],
  ["unit\x1fsep.md", "zebraunit"],
  ["caf\u00e9.md", "zebranfc"],
  ["cafe\u0301.md", "zebranfd"],
  [`${"n".repeat(247)}.md`, "zebralong"],
];

function note(word: string, link = ""): string {
  return `---\nid: ${word}\ntype: insight\ndescription: the ${word} note\nupdated: 2026-11-20\n---\nBody of ${word}. ${link}\n`;
}

function vaultWithNames(): string {
  const vault = tempDir();
  mkdirSync(join(vault, "w"));
  for (const [name, word] of NAMES) writeFileSync(join(vault, "w", name), note(word));
  writeFileSync(join(vault, "w", "hub.md"), note("zebrahub", "[[pipe|bar]] [[café]]"));
  return vault;
}

function index(vault: string, full = false) {
  return indexVault(vault, { config: defaultConfig(), today: TODAY, full });
}

function derived(vault: string): Record<string, string> {
  return { ...Object.fromEntries(DERIVED.map((rel) => [rel, readFileSync(join(vault, rel), "utf8")])), "index/cortex.db": dbDump(vault) };
}

function fullTwin(vault: string): Record<string, string> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
    index(twin, true);
    return derived(twin);
  } finally {
    removeTemp(twin);
  }
}

test("should keep every hostile file name exact in the database and the manifest, so that search names files that exist", async () => {
  const vault = vaultWithNames();
  try {
    index(vault, true);
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[];
    assert.deepEqual(manifest.map((r) => r.path).sort(), listAtoms(vault));
    const filesTable = dbDump(vault).split("\n--\n")[0]!.split("\n").map((line) => (JSON.parse(line) as { path: string }).path).filter((p) => p.startsWith("w/"));
    assert.deepEqual(filesTable.sort(), listAtoms(vault));
    for (const [name, word] of NAMES) {
      const { hits } = await search(word, { vault, today: TODAY, log: false });
      assert.deepEqual(hits.map((h) => h.record.path), [`w/${name}`], word);
      assert.ok(existsSync(join(vault, hits[0]!.record.path)), word);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should print a note with a tab or a newline in its name as its own text with search --content", async () => {
  const vault = vaultWithNames();
  try {
    index(vault, true);
    for (const word of ["zebratab", "zebraline"]) {
      const run = await runInProcess(["search", word, "--content", "--vault", vault, "--today", TODAY]);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`Body of ${word}\\.`));
      assert.doesNotMatch(run.stdout, /Body of zebra(?!tab|line)/);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should give the files of a full index after incremental runs over hostile file names", () => {
  const vault = vaultWithNames();
  try {
    index(vault, true);
    // A changed note, then an added and a removed one.
    writeFileSync(join(vault, "w", "tab\there.md"), note("zebratab").replace("the zebratab note", "the changed zebratab note"));
    index(vault);
    assert.deepEqual(derived(vault), fullTwin(vault));
    writeFileSync(join(vault, "w", "second\ttab\nand line.md"), note("zebrasecond"));
    index(vault);
    assert.deepEqual(derived(vault), fullTwin(vault));
    rmSync(join(vault, "w", "new\nline.md"));
    writeFileSync(join(vault, "w", "hub.md"), note("zebrahub", "[[tab\there]]"));
    index(vault);
    assert.deepEqual(derived(vault), fullTwin(vault));
    assert.equal(index(vault).written.length, 0, "a run after that has nothing to do");
  } finally {
    removeTemp(vault);
  }
});

test("should skip a file name that is not valid UTF-8 with a warning, and keep the database usable", () => {
  const vault = vaultWithNames();
  try {
    const folder = Buffer.from(join(vault, "w/"));
    // Two names that decode alike (each bad byte reads as U+FFFD), and one that really holds U+FFFD.
    for (const bad of [0xff, 0xfe]) writeFileSync(Buffer.concat([folder, Buffer.from([0x66, bad]), Buffer.from(".md")]), note("zebrabad"));
    writeFileSync(join(vault, "w", "g\ufffd.md"), note("zebrareplacement"));
    const first = index(vault, true);
    const warnings = first.diagnostics.filter((d) => d.message === "file name is not valid UTF-8");
    assert.deepEqual(warnings.map((d) => [d.file, d.severity]), [["w/f\ufffd.md", "warning"], ["w/f\ufffd.md", "warning"]]);
    assert.ok(!first.diagnostics.some((d) => /ENOENT/.test(d.message)), "no 'cannot stat' or 'cannot read'");
    assert.equal(first.atoms, NAMES.length + 2, "the hostile names, the hub and the name with U+FFFD");
    const again = index(vault);
    assert.deepEqual([again.reread, again.written], [0, []], "nothing re-read the next run");
    assert.equal(again.diagnostics.filter((d) => d.message === "file name is not valid UTF-8").length, 2);
  } finally {
    removeTemp(vault);
  }
});
