import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { applyPatch, patchOf, PENDING_FILE, type Patch } from "../lib/core/formats/pending.js";
import { splicedPieces, type ByteEdit } from "../lib/core/indexes/splice.js";
import { checkedBytes } from "../lib/store/index-previous.js";
import { damageOf, readMeta } from "../lib/store/index-check.js";
import { readPatchedFile, readPendingPatches } from "../lib/store/pending.js";
import { defaultConfig, indexVault, readConfigFile, search } from "./helpers/lib.js";
import { readIndexes } from "../lib/store/read-indexes.js";
import { removeTemp, runBuilt, tempDir } from "./helpers/cli.js";
import { exampleVault } from "./helpers/index-damage.js";
import { withPatching } from "./helpers/index-files.js";

// Small changes to large index files are recorded as pieces in index/pending.json instead of rewriting the files.
// CORTEX_PATCH_MIN_BYTES=0 makes every file "large", so these small vaults take that path.

const TODAY = "2026-11-22";
const DATA_FILES = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "index/search.tsv", "layers/hot.json", "layers/warm.json", "layers/cold.json"];


const run = (vault: string, options: { full?: boolean; changed?: string[]; notices?: string[] } = {}) =>
  indexVault(vault, { config: readConfigFile(vault) ?? defaultConfig(), today: TODAY, full: options.full, changed: options.changed, onNotice: (m) => options.notices?.push(m) });

// Every data file as a reader of the index sees it: its base with its pending pieces.
function effective(vault: string): Record<string, string> {
  const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
  return Object.fromEntries(DATA_FILES.map((rel) => {
    const bytes = checkedBytes(vault, rel, files);
    assert.equal(typeof bytes, "object", `${rel}: ${String(bytes)}`);
    return [rel, bytes.toString()];
  }));
}

// The data files of a full index of the same notes, written whole.
function rebuilt(vault: string): Record<string, string> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
    run(twin, { full: true });
    return Object.fromEntries(DATA_FILES.map((rel) => [rel, readFileSync(join(twin, rel), "utf8")]));
  } finally {
    removeTemp(twin);
  }
}

const edit = (size: number): fc.Arbitrary<ByteEdit> =>
  fc.tuple(fc.nat(size), fc.nat(size), fc.uint8Array({ maxLength: 6 })).map(([a, b, bytes]) => ({ start: Math.min(a, b), end: Math.max(a, b), bytes: Buffer.from(bytes) }));

// Non-overlapping edits, as the splices of an index run are.
const edits = (size: number) => fc.array(edit(size), { maxLength: 4 }).map((list) => {
  const kept: ByteEdit[] = [];
  for (const e of [...list].sort((x, y) => x.start - y.start)) if (kept.length === 0 || e.start >= kept[kept.length - 1]!.end) kept.push(e);
  return kept;
});

test("should make, from a patch traced over an earlier one, the bytes the slices and new bytes form", () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 1, maxLength: 60 }).chain((base) => fc.tuple(fc.constant(Buffer.from(base)), edits(base.length))), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }), ([base, first], rounds) => {
      // Round one: slices of the base as read whole.
      let patch: Patch = patchOf(splicedPieces(base, first), { bytes: base, patch: [[0, base.length]] });
      let bytes = applyPatch(base, patch)!;
      assert.deepEqual(bytes, Buffer.concat(splicedPieces(base, first)));
      // Later rounds: slices of the file as the patch made it.
      for (const seed of rounds) {
        const next = splicedPieces(bytes, seed === 0 ? [] : [{ start: seed % (bytes.length + 1), end: seed % (bytes.length + 1), bytes: Buffer.from("+") }]);
        patch = patchOf(next, { bytes, patch });
        bytes = applyPatch(base, patch)!;
        assert.deepEqual(bytes, Buffer.concat(next));
      }
    }),
    { numRuns: 300 },
  );
});

interface Note {
  path: string;
  name: string;
  tags: string[];
  links: string[];
  status: string;
  updated: string;
}

function writeNote(vault: string, n: Note, body = "Body"): void {
  const file = join(vault, n.path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `---\nname: ${JSON.stringify(n.name)}\nproject: p\nstatus: ${n.status}\nupdated: ${n.updated}\ntags: [${n.tags.join(", ")}]\n---\n${body} ${n.links.map((l) => `[[${l}]]`).join(" ")}\n`);
}

const word = fc.constantFrom("alpha", "beta", "gamma", "delta", "omega");
const note: fc.Arbitrary<Note> = fc.record({
  path: fc.tuple(fc.constantFrom("", "a/", "b/"), word, fc.constantFrom("", "_1")).map(([dir, w, n]) => `${dir}${w}${n}.md`),
  name: word,
  tags: fc.array(fc.constantFrom("x", "y", "z"), { maxLength: 2 }),
  links: fc.array(fc.oneof(word, fc.constantFrom("nowhere", "a/alpha")), { maxLength: 2 }),
  status: fc.constantFrom("active", "archived"),
  updated: fc.constantFrom("2026-11-22", "2026-11-18", "2026-01-01"),
});

type Step = { op: "add"; note: Note } | { op: "edit"; index: number; body: string } | { op: "remove"; index: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: note.map((n) => ({ op: "add" as const, note: n })) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.constantFrom("Edited", "Edited again")).map(([index, body]) => ({ op: "edit" as const, index, body })) },
  { weight: 1, arbitrary: fc.nat().map((index) => ({ op: "remove" as const, index })) },
);

test("should give readers the files of a full rebuild after any adds, edits and removals recorded as pending pieces", () => {
  let patched = 0;
  withPatching(() => {
    fc.assert(
      fc.property(fc.uniqueArray(note, { selector: (n) => n.path, minLength: 1, maxLength: 5 }), fc.array(fc.array(step, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 4 }), fc.boolean(), (start, rounds, told) => {
        const vault = tempDir();
        try {
          const notes = new Map(start.map((n) => [n.path, n]));
          for (const n of notes.values()) writeNote(vault, n);
          run(vault);
          for (const round of rounds) {
            const touched = applySteps(vault, notes, round);
            run(vault, { changed: told ? touched : undefined });
            if (existsSync(join(vault, PENDING_FILE))) patched++;
            assert.deepEqual(effective(vault), rebuilt(vault));
          }
          // Every reader of the parsed indexes sees the same atoms.
          assert.deepEqual(readIndexes(vault).manifest.map((m) => m.path).sort(), [...notes.keys()].sort());
        } finally {
          removeTemp(vault);
        }
      }),
      { numRuns: 60 },
    );
  });
  assert.ok(patched > 20, `pending pieces were written in ${patched} rounds`);
});

// Applies a round of steps to the vault and the model; returns the paths written or removed.
function applySteps(vault: string, notes: Map<string, Note>, steps: readonly Step[]): string[] {
  const touched: string[] = [];
  for (const s of steps) {
    const paths = [...notes.keys()];
    if (s.op === "add" && !notes.has(s.note.path)) {
      notes.set(s.note.path, s.note);
      writeNote(vault, s.note);
      touched.push(s.note.path);
    } else if (s.op === "edit" && paths.length > 0) {
      const path = paths[s.index % paths.length]!;
      writeNote(vault, notes.get(path)!, `${s.body} ${touched.length}`);
      touched.push(path);
    } else if (s.op === "remove" && paths.length > 1) {
      const path = paths[s.index % paths.length]!;
      notes.delete(path);
      rmSync(join(vault, path));
      touched.push(path);
    }
  }
  return touched;
}

// An index of the vault, then a note added and recorded as pending pieces.
function indexWithPendingProbe(vault: string): void {
  withPatching(() => {
    run(vault);
    writeNote(vault, { path: "atoms/pending_probe.md", name: "Pending probe", tags: ["deploy"], links: ["no_friday_deploys"], status: "active", updated: TODAY });
    run(vault);
  });
  assert.ok(existsSync(join(vault, PENDING_FILE)), "pending.json written");
}

test("should write the files whole again on a full run and remove pending.json", () => {
  const vault = exampleVault();
  try {
    indexWithPendingProbe(vault);
    const patched = effective(vault);
    run(vault, { full: true });
    assert.equal(existsSync(join(vault, PENDING_FILE)), false);
    assert.deepEqual(Object.fromEntries(DATA_FILES.map((rel) => [rel, readFileSync(join(vault, rel), "utf8")])), patched);
  } finally {
    removeTemp(vault);
  }
});

test("should find a note recorded only in pending pieces with both rankings (search.tsv read with its pieces)", async () => {
  const vault = exampleVault();
  try {
    indexWithPendingProbe(vault);
    for (const ranking of ["seed", "fulltext"] as const) {
      const { hits } = await search("pending probe", { vault, today: TODAY, log: false, ranking, refresh: false });
      assert.equal(hits[0]?.record.path, "atoms/pending_probe.md", ranking);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should rebuild the index, saying so, when pending.json is damaged or missing", () => {
  for (const harm of ["garbage", "missing"] as const) {
    const vault = exampleVault();
    try {
      indexWithPendingProbe(vault);
      const file = join(vault, PENDING_FILE);
      if (harm === "garbage") writeFileSync(file, readFileSync(file, "utf8").replace(/"[A-Za-z0-9+/=]{8,}"/, '"AAAA"'));
      else rmSync(file);
      const notices: string[] = [];
      run(vault, { notices });
      assert.match(notices.join("\n"), /pending\.json is (damaged|missing)/, harm);
      assert.equal(existsSync(file), false, harm);
      assert.deepEqual(effective(vault), rebuilt(vault), harm);
    } finally {
      removeTemp(vault);
    }
  }
});

test("should read a file with pending pieces into place as a whole read gives it, and find its base damaged anywhere, in bytes the pieces keep or replace", () => {
  const vault = exampleVault();
  try {
    indexWithPendingProbe(vault);
    // An edit too: the manifest's pieces then leave out some bytes of the base (the entry replaced).
    withPatching(() => {
      writeFileSync(join(vault, "rules/no_friday_deploys.md"), readFileSync(join(vault, "rules/no_friday_deploys.md"), "utf8").replace(/^description: .*$/m, "description: edited under pending pieces"));
      run(vault);
    });
    const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
    const patches = readPendingPatches(vault, files) as Record<string, Patch>;
    const rel = "index/manifest.json";
    const patch = patches[rel]!;
    const file = join(vault, rel);
    const base = readFileSync(file);
    assert.deepEqual(readPatchedFile(file, rel, patch, files[rel]!), applyPatch(base, patch), "the bytes a whole read and the pieces give");
    const kept = patch.find((p): p is readonly [number, number] => !(p instanceof Uint8Array))!;
    const covered = (at: number) => patch.some((p) => !(p instanceof Uint8Array) && at >= p[0] && at < p[1]);
    const gap = base.findIndex((_, at) => !covered(at));
    assert.ok(gap >= 0, "the pieces leave out bytes of the base");
    const flip = (at: number) => Buffer.concat([base.subarray(0, at), Buffer.from([base[at]! ^ 1]), base.subarray(at + 1)]);
    for (const [what, bytes] of [["kept", flip(kept[0])], ["left out", flip(gap)], ["cut short", base.subarray(0, base.length - 1)]] as const) {
      writeFileSync(file, bytes);
      assert.equal(readPatchedFile(file, rel, patch, files[rel]!), damageOf(rel, bytes, files), what);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should converge after a write killed at each stage of an index update that records pending pieces", () => {
  for (const stage of ["index:start", PENDING_FILE, "index/meta.json", "index/cache.tsv"]) {
    const vault = exampleVault();
    try {
      run(vault, { full: true });
      const args = ["write", "--type", "insight", "--project", "ops", "--name", "Killed patch note", "--body", "Links [[no_friday_deploys]].", "--no-commit", "--vault", vault, "--today", TODAY];
      const killed = runBuilt(args, { env: { CORTEX_TEST_KILL_AT: stage, CORTEX_PATCH_MIN_BYTES: "0" } });
      assert.equal(killed.code, -1, `${stage}: ${killed.stderr}`);
      assert.ok(existsSync(join(vault, "insights/killed_patch_note.md")), stage);
      withPatching(() => run(vault));
      assert.deepEqual(effective(vault), rebuilt(vault), stage);
    } finally {
      removeTemp(vault);
    }
  }
});

test("should write every file whole with [index] pending = false, and refuse a setting that is not true or false", () => {
  const vault = exampleVault();
  try {
    indexWithPendingProbe(vault);
    withPatching(() => {
      // Turned off: the settings differ, so the index is written again whole and pending.json goes.
      writeFileSync(join(vault, "cortex.toml"), `${readFileSync(join(vault, "cortex.toml"), "utf8")}\n[index]\npending = false\n`);
      run(vault);
      assert.equal(existsSync(join(vault, PENDING_FILE)), false);
      writeNote(vault, { path: "atoms/pending_probe_2.md", name: "Pending probe two", tags: ["deploy"], links: [], status: "active", updated: TODAY });
      run(vault);
      assert.equal(existsSync(join(vault, PENDING_FILE)), false);
    });
    assert.deepEqual(Object.fromEntries(DATA_FILES.map((rel) => [rel, readFileSync(join(vault, rel), "utf8")])), rebuilt(vault));
    writeFileSync(join(vault, "cortex.toml"), "[index]\npending = 1\n");
    assert.throws(() => readConfigFile(vault), /index\.pending.*expected true or false, got number 1/);
  } finally {
    removeTemp(vault);
  }
});
