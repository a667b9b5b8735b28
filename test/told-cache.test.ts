import assert from "node:assert/strict";
import { isAscii } from "node:buffer";
import { test } from "node:test";
import fc from "fast-check";
import { compareWithCache, statCachePieces, type StatEntry } from "../lib/store/stat-cache.js";
import { compareWithChanged } from "../lib/store/told-cache.js";
import type { VaultFile } from "../lib/store/scan.js";
import { compareStrings } from "../lib/core/util/compare.js";

const PATHS = ["a.md", "B.md", "notes/x.md", "notes/y.md", "notes/ü.md", "z/deep/q.md", "tab\there.md", "line\nbreak.md", "m.md", "n.md"];
const stat = fc.record({
  mtimeMs: fc.integer({ min: 1, max: 1e6 }),
  size: fc.integer({ min: 0, max: 1e5 }),
  skipped: fc.boolean(),
  diagnostics: fc.oneof(fc.constant([]), fc.constant([{ file: "f.md", line: 1, rule: "bad-date", message: "tab\there", severity: "error" as const }])),
});
// A cache of some of the paths, and what a write told of: changed, removed or added files.
const caseOf = fc.record({
  cached: fc.dictionary(fc.constantFrom(...PATHS), stat, { maxKeys: PATHS.length }),
  told: fc.dictionary(fc.constantFrom(...PATHS), fc.option(fc.integer({ min: 0, max: 1e5 }), { nil: null }), { maxKeys: 4 }),
});

const file = (path: string, size: number, mtimeMs: number): VaultFile => ({ path, abs: `/v/${path}`, size, mtimeMs });

test("should compare a cache with the files told as a scan of the same files would", () => {
  fc.assert(
    fc.property(caseOf, ({ cached, told }) => {
      const paths = Object.keys(cached).sort(compareStrings);
      const text = [...statCachePieces("key", paths, new Map<string, StatEntry>(Object.entries(cached)))].join("");
      // What a scan finds: the cached files as they were, each told one as it is now (a new size), or gone.
      const now = new Map<string, VaultFile | null>(Object.entries(told).map(([path, size]) => [path, size === null ? null : file(path, (cached[path]?.size ?? -1) + 1 + size, 7)]));
      const scanned = [...new Set([...paths, ...now.keys()])].flatMap((path) => (now.has(path) ? (now.get(path) ? [now.get(path)!] : []) : [file(path, cached[path]!.size, cached[path]!.mtimeMs)])).sort((a, b) => compareStrings(a.path, b.path));
      const byScan = compareWithCache(text, scanned)!;
      const byTold = compareWithChanged(text, now)!;
      assert.deepEqual([...byTold.comparison.kept], [...byScan.kept]);
      assert.deepEqual(byTold.comparison.changed.map((f) => f.path), byScan.changed.map((f) => f.path));
      assert.deepEqual(byTold.files.filter((_, i) => byScan.kept[i]! < 0).map((f) => f.path), byScan.changed.map((f) => f.path));
      assert.equal(byTold.files.length, scanned.length);
      assert.equal(byTold.comparison.keptAtoms, byScan.keptAtoms);
      assert.deepEqual(byTold.comparison.keptDiagnostics, byScan.keptDiagnostics);
      assert.deepEqual(byTold.comparison.wasAtom, byScan.wasAtom);
      assert.deepEqual(byTold.comparison.removed, byScan.removed);
    }),
    { numRuns: 1000 },
  );
});

test("should refuse a cache whose last line was cut short", () => {
  const text = [...statCachePieces("key", ["a.md"], new Map([["a.md", { mtimeMs: 1, size: 2, skipped: false, diagnostics: [] }]]))].join("");
  assert.equal(compareWithChanged(text.slice(0, -1), new Map()), null);
  assert.notEqual(compareWithChanged(text, new Map()), null);
});

test("should write the same cache from the old cache's bytes as from its text, whatever its paths hold", () => {
  fc.assert(
    fc.property(caseOf, ({ cached, told }) => {
      const paths = Object.keys(cached).sort(compareStrings);
      const text = [...statCachePieces("key", paths, new Map<string, StatEntry>(Object.entries(cached)))].join("");
      const now = new Map<string, VaultFile | null>(Object.entries(told).map(([path, size]) => [path, size === null ? null : file(path, (cached[path]?.size ?? -1) + 1 + size, 7)]));
      const { files, comparison } = compareWithChanged(text, now)!;
      const fresh = new Map<string, StatEntry>(comparison.changed.map((f) => [f.path, { mtimeMs: f.mtimeMs, size: f.size, skipped: false, diagnostics: [] }]));
      const newPaths = files.map((f, i) => (comparison.kept[i]! >= 0 ? "" : f.path));
      const asText = Buffer.from([...statCachePieces("key", newPaths, fresh, { text, kept: comparison.kept })].join(""));
      const bytes = Buffer.from(text);
      const asBytes = Buffer.concat([...statCachePieces("key", newPaths, fresh, { text, kept: comparison.kept, bytes: { bytes, ascii: isAscii(bytes) } })].map((p) => Buffer.from(p)));
      assert.deepEqual(asBytes, asText);
    }),
    { numRuns: 500 },
  );
});
