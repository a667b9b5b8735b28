import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { buildLayers, classifyLayer, compareStrings, serializeGroups, serializeJson, serializeManifest } from "./helpers/lib.js";
import { byUpdatedThenPath, LAYER_FIELDS, layerOrder } from "../lib/core/layers/classify.js";
import { groupChunks, jsonArrayChunks } from "../lib/core/indexes/serialize.js";
import type { ManifestEntry } from "../lib/core/indexes/types.js";

const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("0", "7", "10", "2024", "07", "-1", "4294967294", "4294967295", "__proto__", "ü", "😀"));
const groups = fc.dictionary(key, fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), { maxKeys: 8 }).map((d) => Object.assign(Object.create(null) as Record<string, string[]>, d));

// The group serializer as first written: keys in code-unit order, one value per line.
function referenceGroups(index: Record<string, string[]>): string {
  const keys = Object.keys(index).sort(compareStrings);
  if (keys.length === 0) return "{}\n";
  const array = (values: string[]) => (values.length === 0 ? "[]" : `[\n    ${values.map((v) => JSON.stringify(v)).join(",\n    ")}\n  ]`);
  return `{\n${keys.map((k) => `  ${JSON.stringify(k)}: ${array(index[k]!)}`).join(",\n")}\n}\n`;
}

test("should serialize group indexes with keys in code-unit order, integer-like keys included", () => {
  fc.assert(fc.property(groups, (index) => assert.equal(serializeGroups(index), referenceGroups(index))), { numRuns: 500 });
  fc.assert(fc.property(groups, fc.integer({ min: 1, max: 6 }), (index, size) => assert.equal([...groupChunks(index, size)].join(""), referenceGroups(index))), { numRuns: 500 });
  assert.equal(serializeGroups({ "10": ["a"], "2": ["b"], x: [] }), '{\n  "10": [\n    "a"\n  ],\n  "2": [\n    "b"\n  ],\n  "x": []\n}\n');
  // Keys inserted in order (graph, links) take the one-call path; the same keys in another order the pieces.
  const keys = Array.from({ length: 60 }, (_, i) => `k/${String(i).padStart(3, "0")}.md`);
  const inOrder = Object.fromEntries(keys.map((k) => [k, [k, "x"]]));
  const shuffled = Object.fromEntries([...keys].reverse().map((k) => [k, [k, "x"]]));
  assert.equal([...groupChunks(inOrder, 7)].length, 1);
  assert.ok([...groupChunks(shuffled, 7)].length > 1);
  assert.equal(serializeGroups(inOrder), referenceGroups(inOrder));
  assert.equal([...groupChunks(shuffled, 7)].join(""), referenceGroups(inOrder));
});

const entry = fc.record({ path: fc.string({ maxLength: 8 }), name: fc.string({ maxLength: 8 }), tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), backlinks: fc.nat(3) });

test("should write the manifest in pieces that join to exactly serializeManifest's text", () => {
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (entries, size) => {
      const manifest = entries as unknown as ManifestEntry[];
      assert.equal([...jsonArrayChunks(manifest, size)].join(""), serializeManifest(manifest));
      // Entries given one at a time (rows as the database gives them) make the same text.
      assert.equal([...jsonArrayChunks(manifest.values(), size)].join(""), serializeManifest(manifest));
    }),
  );
});

const dates = fc.constantFrom("2026-11-22", "2026-11-20", "2026-11-19", "2026-11-15", "2026-11-14", "2025-01-01", "not-a-date", "2026-02-30", "");

test("should sort each layer newest first then by path, and leave archived atoms out", () => {
  const atom = fc.record({ path: fc.string({ maxLength: 5 }), updated: dates, status: fc.constantFrom("active", "archived", "review") });
  fc.assert(
    fc.property(fc.array(atom, { maxLength: 30 }), dates, (atoms, today) => {
      const full = atoms.map((a) => ({ ...a, name: "n", type: "t", project: "p", tags: [] }));
      const layers = buildLayers(full, today);
      for (const [layer, list] of Object.entries(layers)) {
        assert.deepEqual(list, [...list].sort(byUpdatedThenPath));
        for (const a of list) assert.equal(classifyLayer(a.updated, today), layer);
      }
      assert.equal(layers.hot.length + layers.warm.length + layers.cold.length, full.filter((a) => a.status !== "archived").length);
    }),
  );
});

test("should give the same layers whether the atoms come in path order or not", () => {
  const atom = fc.record({ path: fc.string({ maxLength: 5 }), updated: dates, status: fc.constantFrom("active", "archived") });
  fc.assert(
    fc.property(fc.uniqueArray(atom, { selector: (a) => a.path, maxLength: 30 }), dates, (atoms, today) => {
      const full = atoms.map((a) => ({ ...a, name: "n", type: "t", project: "p", tags: [] }));
      const inPathOrder = [...full].sort((a, b) => compareStrings(a.path, b.path));
      assert.deepEqual(buildLayers(inPathOrder, today), buildLayers(full, today));
    }),
  );
});

test("should write each layer from the atoms themselves exactly as from buildLayers' copies", () => {
  const atom = fc.record({ path: fc.string({ maxLength: 5 }), updated: dates, status: fc.constantFrom("active", "archived"), name: fc.string({ maxLength: 4 }), extra: fc.nat(), tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }) });
  fc.assert(
    fc.property(fc.array(atom, { maxLength: 25 }), fc.integer({ min: 1, max: 4 }), (atoms, size) => {
      const full = atoms.map((a) => ({ id: "x", ...a, type: "t", project: "p", description: "d" }));
      const copies = buildLayers(full, "2026-11-22");
      const order = layerOrder(full, "2026-11-22");
      for (const layer of ["hot", "warm", "cold"] as const) assert.equal([...jsonArrayChunks(order[layer], size, LAYER_FIELDS)].join(""), serializeJson(copies[layer]));
    }),
  );
});
