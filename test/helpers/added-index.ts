import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { defaultConfig, indexVault } from "./lib.js";
import { removeTemp, tempDir } from "./cli.js";
import { dbDump } from "./db-dump.js";

// Notes only added (an old link may now open one of them, or not): the exports and the database of a full rebuild.

const TODAY = "2026-11-22";
const FILES = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "index/meta.json", "layers/hot.json", "layers/warm.json", "layers/cold.json"];

const run = (vault: string, full = false, today = TODAY) => indexVault(vault, { config: defaultConfig(), today, full });
const snapshot = (vault: string) => ({ ...Object.fromEntries(FILES.map((rel) => [rel, readFileSync(join(vault, rel), "utf8")])), "index/cortex.db": dbDump(vault) });

function rebuilt(vault: string, today = TODAY): Record<string, string> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
    run(twin, true, today);
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

// An emoji and a fullwidth letter: UTF-8 and UTF-16 (SQLite and JavaScript) order them differently.
const word = fc.constantFrom("alpha", "beta", "gamma", "delta", "Alpha", "omega", "zeta", "\u{1F600}", "\uFF41");
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

/**
 * The property of test/added-index.test.ts, over `numRuns` random vaults: the default suite tries a few,
 * test/stress/added-index.test.ts many more.
 */
export function checkAddedNotes(numRuns: number): void {
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
        indexVault(vault, { config: defaultConfig(), today: TODAY, changed: told ? fresh.map((n) => n.path) : undefined });
        assert.deepEqual(snapshot(vault), rebuilt(vault));
      } finally {
        removeTemp(vault);
      }
    }),
    { numRuns },
  );
}

// An edit of a note already indexed: its new fields, or its removal.
const edit = fc.record({ at: fc.nat(), note, removed: fc.boolean() });

/**
 * Notes edited (a date or a status that moves a note between layer files, a
 * name, tags, links) or removed, on the same day or a later one: after the
 * next run, the exports and the database of a full rebuild, over `numRuns`
 * random vaults.
 */
export function checkEditedNotes(numRuns: number): void {
  fc.assert(
    fc.property(fc.uniqueArray(note, { selector: (n) => n.path.toLowerCase(), minLength: 1, maxLength: 8 }), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.constantFrom(TODAY, "2026-12-10"), (before, edits, today) => {
      const vault = tempDir();
      try {
        for (const n of before) write(vault, n);
        run(vault);
        for (const { at, note: fields, removed } of edits) {
          const path = before[at % before.length]!.path;
          if (removed) rmSync(join(vault, path), { force: true });
          else {
            write(vault, { ...fields, path });
            // A clock that has not ticked since the first write must not hide an edit of the same size.
            utimesSync(join(vault, path), new Date(Date.now() + 10_000), new Date(Date.now() + 10_000));
          }
        }
        run(vault, false, today);
        assert.deepEqual(snapshot(vault), rebuilt(vault, today));
      } finally {
        removeTemp(vault);
      }
    }),
    { numRuns },
  );
}
