import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { defaultConfig, indexVault } from "./helpers/lib.js";
import { removeTemp, tempDir } from "./helpers/cli.js";

// Notes only added: the indexer inserts them into the previous files instead of rebuilding,
// unless a link already written could open one of them. Either way: the bytes of a full rebuild.

const TODAY = "2026-11-22";
const FILES = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "index/search.tsv", "index/meta.json", "layers/hot.json", "layers/warm.json", "layers/cold.json"];

const run = (vault: string, full = false) => indexVault(vault, { config: defaultConfig(), today: TODAY, full });
const snapshot = (vault: string) => Object.fromEntries(FILES.map((rel) => [rel, readFileSync(join(vault, rel), "utf8")]));

function rebuilt(vault: string): Record<string, string> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
    run(twin, true);
    return snapshot(twin);
  } finally {
    removeTemp(twin);
  }
}

interface Note {
  path: string;
  name: string;
  links: string[];
  aliases: string[];
  tags: string[];
  project: string;
  status: string;
  updated: string;
}

function write(vault: string, n: Note): void {
  const file = join(vault, n.path);
  mkdirSync(dirname(file), { recursive: true });
  const list = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(", ")}]`;
  writeFileSync(file, `---\nname: ${JSON.stringify(n.name)}\nproject: ${n.project}\nstatus: ${n.status}\nupdated: ${n.updated}\ntags: ${list(n.tags)}\naliases: ${list(n.aliases)}\n---\nBody ${n.links.map((l) => `[[${l}]]`).join(" ")}\n`);
}

const word = fc.constantFrom("alpha", "beta", "gamma", "delta", "Alpha", "omega", "zeta");
const note: fc.Arbitrary<Note> = fc.record({
  path: fc.tuple(fc.constantFrom("", "a/", "b/", "a/c/", "Z/"), word, fc.constantFrom("", "_1", "_2")).map(([dir, w, n]) => `${dir}${w}${n}.md`),
  name: word,
  links: fc.array(fc.oneof(word, fc.constantFrom("a/alpha", "../beta", "./gamma", "nowhere", "Omega_1", "alpha.md")), { maxLength: 3 }),
  aliases: fc.array(fc.constantFrom("Nick", "alpha", "other"), { maxLength: 1 }),
  tags: fc.array(fc.constantFrom("x", "y", "__proto__", "2024"), { maxLength: 2 }),
  project: fc.constantFrom("p", "q", "r"),
  status: fc.constantFrom("active", "archived"),
  updated: fc.constantFrom("2026-11-22", "2026-11-18", "2026-01-01"),
});

test("should give the files of a full rebuild after notes are added, inserted or rebuilt, told by a scan or by the paths written", () => {
  let inserted = 0;
  fc.assert(
    fc.property(fc.uniqueArray(note, { selector: (n) => n.path.toLowerCase(), minLength: 1, maxLength: 8 }), fc.uniqueArray(note, { selector: (n) => n.path.toLowerCase(), minLength: 1, maxLength: 3 }), fc.boolean(), (before, added, told) => {
      const vault = tempDir();
      try {
        for (const n of before) write(vault, n);
        run(vault);
        const fresh = added.filter((n) => !before.some((b) => b.path.toLowerCase() === n.path.toLowerCase()));
        fc.pre(fresh.length > 0);
        for (const n of fresh) write(vault, n);
        // `changed`: the write path's run, which lists no folder and trusts the cache for every other file.
        const result = indexVault(vault, { config: defaultConfig(), today: TODAY, changed: told ? fresh.map((n) => n.path) : undefined });
        if (result.indexes === undefined) inserted++;
        assert.deepEqual(snapshot(vault), rebuilt(vault));
      } finally {
        removeTemp(vault);
      }
    }),
    { numRuns: 80 },
  );
  // Most additions are inserted in place (the rest open an old link, or are archived into no layer).
  assert.ok(inserted >= 5, `inserted ${inserted} times`);
});

test("should insert a note no link leads to, and rebuild when one does", () => {
  const vault = tempDir();
  try {
    write(vault, { path: "a.md", name: "A", links: ["ghost"], aliases: [], tags: ["x"], project: "p", status: "active", updated: TODAY });
    write(vault, { path: "b.md", name: "B", links: ["a"], aliases: [], tags: [], project: "p", status: "active", updated: TODAY });
    run(vault);
    // Links to a.md: its backlink count rises in place; nothing links to new.md.
    write(vault, { path: "new.md", name: "New", links: ["a", "b"], aliases: [], tags: ["x", "fresh"], project: "q", status: "active", updated: TODAY });
    assert.equal(run(vault).indexes, undefined, "inserted: the indexes were not built whole");
    assert.deepEqual(snapshot(vault), rebuilt(vault));
    // a.md links to [[ghost]]: a note of that name changes what an old link opens.
    write(vault, { path: "sub/Ghost.md", name: "Ghost", links: [], aliases: [], tags: [], project: "p", status: "active", updated: TODAY });
    assert.notEqual(run(vault).indexes, undefined, "rebuilt");
    assert.deepEqual(snapshot(vault), rebuilt(vault));
    assert.equal((JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string; backlinks: number }[]).find((m) => m.path === "a.md")!.backlinks, 2);
  } finally {
    removeTemp(vault);
  }
});

test("should rebuild, not insert twice, when the manifest already has a note the cache lacks (a run that died between them)", () => {
  const vault = tempDir();
  try {
    write(vault, { path: "a.md", name: "A", links: [], aliases: [], tags: [], project: "p", status: "active", updated: TODAY });
    run(vault);
    const cacheBefore = readFileSync(join(vault, "index/cache.tsv"));
    write(vault, { path: "b.md", name: "B", links: ["a"], aliases: [], tags: [], project: "p", status: "active", updated: TODAY });
    run(vault);
    // The data files of that run are written, its cache is not.
    writeFileSync(join(vault, "index/cache.tsv"), cacheBefore);
    run(vault);
    assert.deepEqual(snapshot(vault), rebuilt(vault));
  } finally {
    removeTemp(vault);
  }
});

test("should rebuild when graph.json already has a note the manifest lacks (a run that died between them)", () => {
  const vault = tempDir();
  try {
    write(vault, { path: "a.md", name: "A", links: [], aliases: [], tags: [], project: "p", status: "active", updated: TODAY });
    run(vault);
    const before = Object.fromEntries(["index/manifest.json", "index/search.tsv", "index/cache.tsv"].map((rel) => [rel, readFileSync(join(vault, rel))]));
    write(vault, { path: "b.md", name: "B", links: ["a"], aliases: [], tags: ["t"], project: "p", status: "active", updated: TODAY });
    run(vault);
    // Group files, graph.json and links.json of that run are written (they come first); manifest, search and cache are not.
    for (const [rel, bytes] of Object.entries(before)) writeFileSync(join(vault, rel), bytes);
    run(vault);
    assert.deepEqual(snapshot(vault), rebuilt(vault));
  } finally {
    removeTemp(vault);
  }
});
