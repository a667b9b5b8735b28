import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { framedPieces, framedText, framer, type Frame } from "../lib/core/formats/frame.js";
import { MANIFEST_FRAME, manifestEntriesEnd, manifestEntriesText, manifestEntryText, manifestInsertText, manifestPieces, manifestText } from "../lib/core/formats/manifest.js";
import { GROUPS_FRAME, groupMembersText, groupMemberText, groupsPieces, groupsText, type Groups } from "../lib/core/formats/groups.js";
import { SEARCH_FRAME, searchFileChunks, searchLinesText, searchLineText, serializeSearchFile, type SearchRecord } from "../lib/core/formats/search.js";
import { readSearchFile } from "../lib/core/indexes/search-file.js";
import { LAYER_FRAME, layerEntriesText, layerPieces, layerText } from "../lib/core/formats/layer.js";
import { LAYER_FIELDS } from "../lib/core/layers/classify.js";
import { cacheFrame, cacheTrailer, statLine, type StatEntry } from "../lib/core/formats/cache.js";
import { readCacheFile } from "../lib/store/index-check.js";
import { readCachedFiles, statCachePieces } from "../lib/store/stat-cache.js";
import { crc32Hex } from "../lib/store/digest.js";
import { metaBaseText, metaText, readMeta } from "../lib/core/formats/meta.js";
import { manifestEntryRange, readGraphTargets, readManifestEntry, searchLineEdit, searchLineRange, splicedPieces } from "../lib/core/indexes/splice.js";
import { groupInsertEdits, manifestEntryAt, memberInsertEdits } from "../lib/core/indexes/sorted-splice.js";
import { parseJson } from "../lib/core/util/json.js";
import { compareStrings } from "../lib/core/util/compare.js";
import type { ManifestEntry } from "../lib/core/indexes/types.js";

// Each format module: its entries in its frame are its whole file, however the entries are cut into parts,
// and an entry inserted or replaced by its bytes gives the file of the new list.

const text = fc.string({ maxLength: 8, unit: fc.constantFrom("a", "b", "/", ".", "\"", "\\", "\n", "\t", " ", "ü", "😀", "0") });
const list = fc.array(text, { maxLength: 3 });
const number = fc.option(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true })));
const manifestEntry = fc.record({
  path: text.map((p) => `${p}.md`), id: fc.option(text), name: text, type: text, project: text, status: text, tags: list, updated: text, created: text,
  lines: fc.nat(99), size_bytes: fc.nat(9999), description: text, aliases: list, links: list, confidence: number, pnl_impact: number, superseded_by: fc.option(text), backlinks: fc.nat(9),
});
// Distinct paths in code-unit order, as the manifest lists them.
const manifest = fc.uniqueArray(manifestEntry, { maxLength: 10, selector: (e) => e.path }).map((es) => [...es].sort((a, b) => compareStrings(a.path, b.path)) as ManifestEntry[]);

/** `items` cut at the given points into consecutive runs (some empty). */
function cut<T>(items: readonly T[], points: readonly number[]): T[][] {
  const at = [0, ...points.map((p) => p % (items.length + 1)).sort((a, b) => a - b), items.length];
  return at.slice(1).map((end, i) => items.slice(at[i], end));
}

/** A file written as a part writer does: each run of entries framed as it comes. */
function writtenInParts<T>(frame: Frame, runs: readonly T[][], entriesText: (run: T[]) => string): string {
  const file = framer(frame);
  return runs.map((run) => file.next(entriesText(run))).join("") + file.end();
}

test("should make manifest.json from its entries in its frame, whole, in pieces and in parts alike", () => {
  fc.assert(
    fc.property(manifest, fc.integer({ min: 1, max: 4 }), fc.array(fc.nat(), { maxLength: 4 }), (entries, size, points) => {
      const whole = manifestText(entries);
      assert.deepEqual(JSON.parse(whole), entries.map((e) => JSON.parse(JSON.stringify(e))));
      assert.equal(framedText(MANIFEST_FRAME, entries.map(manifestEntryText)), whole);
      assert.equal([...manifestPieces(entries, size)].join(""), whole);
      assert.equal([...framedPieces(MANIFEST_FRAME, cut(entries, points).map(manifestEntriesText))].join(""), whole);
      assert.equal(writtenInParts(MANIFEST_FRAME, cut(entries, points), manifestEntriesText), whole);
    }),
    { numRuns: 300 },
  );
});

test("should insert a manifest entry where it sorts, by its bytes, giving the file of the grown list", () => {
  fc.assert(
    fc.property(manifest.filter((es) => es.length > 0), manifestEntry, (entries, added) => {
      fc.pre(!entries.some((e) => e.path === added.path));
      const buf = Buffer.from(manifestText(entries));
      const next = entries.findIndex((e) => compareStrings(e.path, added.path) > 0);
      const last = next === -1;
      const at = last ? manifestEntriesEnd(buf) : manifestEntryRange(buf, entries[next]!.path)![0];
      const grown = Buffer.concat([buf.subarray(0, at), Buffer.from(manifestInsertText(added, last)), buf.subarray(at)]).toString();
      assert.equal(grown, manifestText([...entries, added].sort((a, b) => compareStrings(a.path, b.path))));
    }),
    { numRuns: 300 },
  );
});

test("should find and replace one manifest entry by its bytes, giving the file of the changed list", () => {
  fc.assert(
    fc.property(manifest.filter((es) => es.length > 0), fc.nat(), fc.nat(9), (entries, pick, backlinks) => {
      const buf = Buffer.from(manifestText(entries));
      const old = entries[pick % entries.length]!;
      assert.deepEqual(readManifestEntry(buf, old.path), JSON.parse(JSON.stringify(old)));
      assert.deepEqual(manifestEntryAt(buf, old.path), JSON.parse(JSON.stringify(old)));
      const [start, end] = manifestEntryRange(buf, old.path)!;
      const changed = { ...old, backlinks };
      const spliced = Buffer.concat([buf.subarray(0, start), Buffer.from(manifestEntryText(changed)), buf.subarray(end)]).toString();
      assert.equal(spliced, manifestText(entries.map((e) => (e === old ? changed : e))));
    }),
    { numRuns: 300 },
  );
});

const groupKey = fc.oneof(text, fc.constantFrom("0", "7", "10", "2024", "07", "-1", "4294967294", "4294967295", "__proto__"));
const groups = fc.uniqueArray(fc.tuple(groupKey, fc.uniqueArray(text, { maxLength: 4 })), { maxLength: 8, selector: ([k]) => k })
  .map((members) => Object.assign(Object.create(null) as Record<string, string[]>, Object.fromEntries(members.map(([k, list]) => [k, [...list].sort(compareStrings)]))));
const sortedKeys = (g: Groups) => Object.keys(g).sort(compareStrings);

test("should make a group file (group indexes, graph, links) from its members in its frame, whole, in pieces and in parts alike", () => {
  fc.assert(
    fc.property(groups, fc.integer({ min: 1, max: 6 }), fc.array(fc.nat(), { maxLength: 4 }), (index, size, points) => {
      const whole = groupsText(index);
      const parsed = parseJson(whole) as Groups;
      assert.deepEqual(sortedKeys(parsed).map((k) => [k, parsed[k]]), sortedKeys(index).map((k) => [k, index[k]]));
      assert.equal(framedText(GROUPS_FRAME, sortedKeys(index).map((k) => groupMemberText(k, index[k]!))), whole);
      assert.equal([...groupsPieces(index, size)].join(""), whole);
      assert.equal(writtenInParts(GROUPS_FRAME, cut(sortedKeys(index), points), (keys) => groupMembersText(index, keys)), whole);
    }),
    { numRuns: 300 },
  );
});

test("should insert members and list items into a group file by its bytes, giving the file of the grown index", () => {
  fc.assert(
    fc.property(groups.filter((g) => Object.keys(g).length > 0), fc.array(fc.tuple(groupKey, text), { maxLength: 5 }), (index, additions) => {
      const buf = Buffer.from(groupsText(index));
      const grown: Record<string, string[]> = Object.create(null);
      for (const k of Object.keys(index)) grown[k] = [...index[k]!];
      for (const [k, path] of additions) grown[k] = [...new Set([...(grown[k] ?? []), path])].sort(compareStrings);
      const edits = groupInsertEdits(buf, additions);
      // An existing empty list (`[]`) is not edited in place: the caller rebuilds.
      const intoEmpty = additions.some(([k]) => index[k]?.length === 0);
      assert.equal(edits === null, intoEmpty);
      if (!edits) return;
      assert.equal(Buffer.concat(splicedPieces(buf, edits)).toString(), groupsText(grown));
    }),
    { numRuns: 300 },
  );
  fc.assert(
    fc.property(groups.filter((g) => Object.keys(g).length > 0), groups, (index, more) => {
      const members = Object.entries(more).filter(([k]) => !(k in index));
      const buf = Buffer.from(groupsText(index));
      const edits = memberInsertEdits(buf, members);
      assert.ok(edits);
      const grown = Object.assign(Object.create(null) as Record<string, string[]>, index, Object.fromEntries(members));
      const after = Buffer.concat(splicedPieces(buf, edits));
      assert.equal(after.toString(), groupsText(grown));
      for (const [k, list] of members) assert.deepEqual(readGraphTargets(after, k), list);
    }),
    { numRuns: 300 },
  );
});

const searchRecord = fc.record({ path: text.map((p) => `${p}.md`), name: text, type: text, project: text, status: text, updated: text, tags: list, description: text });
const searchRecords = fc.uniqueArray(searchRecord, { maxLength: 10, selector: (r) => r.path }).map((rs) => [...rs].sort((a, b) => compareStrings(a.path, b.path)) as SearchRecord[]);

test("should make search.tsv from its lines in its frame, whole, in pieces and in parts alike", () => {
  fc.assert(
    fc.property(searchRecords, fc.array(fc.nat(), { maxLength: 4 }), (records, points) => {
      const whole = serializeSearchFile(records);
      assert.equal(readSearchFile(Buffer.from(whole)).length, records.length);
      assert.equal(framedText(SEARCH_FRAME, records.map(searchLineText)), whole);
      assert.equal([...searchFileChunks(records)].join(""), whole);
      assert.equal(writtenInParts(SEARCH_FRAME, cut(records, points), searchLinesText), whole);
    }),
    { numRuns: 300 },
  );
});

test("should insert and replace a search.tsv line by its bytes, giving the file of the new list", () => {
  fc.assert(
    fc.property(searchRecords.filter((rs) => rs.length > 0), searchRecord, fc.nat(), (records, record, pick) => {
      const buf = Buffer.from(serializeSearchFile(records));
      // Replaced: the line of one path, by another record's line for that path.
      const old = records[pick % records.length]!;
      const changed = { ...record, path: old.path };
      const edit = searchLineEdit(buf, old.path, searchLineText(changed).slice(0, -1));
      const replaced = edit === "same" ? buf : Buffer.concat(splicedPieces(buf, [edit!]));
      assert.equal(replaced.toString(), serializeSearchFile(records.map((r) => (r === old ? changed : r))));
      // Inserted: a new path's line at the start of the first line after it, or at the end.
      fc.pre(!records.some((r) => r.path === record.path));
      const next = records.find((r) => compareStrings(r.path, record.path) > 0);
      const at = next ? searchLineRange(buf, next.path)![0] : buf.length;
      const grown = Buffer.concat([buf.subarray(0, at), Buffer.from(searchLineText(record)), buf.subarray(at)]).toString();
      assert.equal(grown, serializeSearchFile([...records, record].sort((a, b) => compareStrings(a.path, b.path))));
    }),
    { numRuns: 300 },
  );
});

test("should make a layer file from its entries in its frame, whole, in pieces and in parts alike, with only the layer fields", () => {
  // Entries with a field no layer file keeps.
  const withExtra = searchRecord.map((r) => ({ ...r, lines: 3 }));
  fc.assert(
    fc.property(fc.array(withExtra, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 4 }), (entries, points) => {
      const whole = layerText(entries);
      // The reference: copies of the entries with only the layer fields, in their order, as JSON writes them.
      const copies = entries.map((e) => Object.fromEntries(LAYER_FIELDS.map((f) => [f, e[f]])));
      assert.equal(whole, `${JSON.stringify(copies, null, 2)}\n`);
      assert.equal([...layerPieces(entries)].join(""), whole);
      assert.equal(writtenInParts(LAYER_FRAME, cut(entries, points), layerEntriesText), whole);
    }),
    { numRuns: 200 },
  );
});

const statEntry = fc.record({
  mtimeMs: fc.oneof(fc.constant(Number.NaN), fc.constant(0), fc.integer({ min: 1, max: 2e12 }).map((ms) => ms + 0.5)), size: fc.oneof(fc.constant(Number.NaN), fc.nat(99999)),
  skipped: fc.boolean(), diagnostics: fc.array(fc.record({ file: text, line: fc.nat(9), rule: text, message: text, severity: fc.constantFrom("error", "warning") }), { maxLength: 2 }),
}) as fc.Arbitrary<StatEntry>;

test("should make cache.tsv from its lines in its frame and its end line, whole and in parts alike, and read it back", () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.tuple(text.map((p) => `${p}.md`), statEntry), { maxLength: 8, selector: ([p]) => p }), fc.array(fc.nat(), { maxLength: 4 }), (files, points) => {
      const sorted = [...files].sort((a, b) => compareStrings(a[0], b[0]));
      const whole = [...statCachePieces("key", sorted.map(([p]) => p), new Map(sorted))].join("");
      assert.equal(framedText(cacheFrame("key"), sorted.map(([p, e]) => statLine(p, e))), whole);
      assert.equal(writtenInParts(cacheFrame("key"), cut(sorted, points), (run) => run.map(([p, e]) => statLine(p, e)).join("")), whole);
      const file = Buffer.from(whole + cacheTrailer(sorted.length + 1, crc32Hex(Buffer.from(whole)), { "index/manifest.json": [1, 2] }));
      const read = readCacheFile(file);
      assert.ok(typeof read !== "string");
      assert.equal(read.text, whole);
      assert.deepEqual(readCachedFiles(read.text).map((f) => [f.path, f.skipped]), sorted.map(([p, e]) => [p, e.skipped]));
    }),
    { numRuns: 200 },
  );
});

test("should make meta.json from the run's settings and the files' checks, and read back only its exact bytes", () => {
  const check = fc.record({ bytes: fc.nat(), crc32: fc.stringMatching(/^[0-9a-f]{8}$/) }).map((c) => ({ ...c }));
  // meta.json's keys are the tool's own file names: no character JSON escapes. (Escaped keys would also meet a V8 bug
  // of Node 24 and 26, nodejs/node#63785: JSON.parse can read one back as "\\" after an earlier parse of such a key.)
  const fileName = fc.string({ maxLength: 8, unit: fc.constantFrom("a", "b", "/", ".", "_", "-", " ", "ü", "😀", "0") });
  const checks = fc.dictionary(fileName.map((t) => `index/${t}`), check, { maxKeys: 5 }).map((d) => ({ ...d }));
  const base = fc.record({ format: fc.nat(3), atoms: fc.nat(), settings: text });
  fc.assert(
    fc.property(base, checks, (settings, files) => {
      const meta = metaText(settings, files);
      const sorted = Object.keys(files).sort(compareStrings);
      assert.deepEqual(Object.keys((JSON.parse(meta) as { files: object }).files), sorted);
      assert.deepEqual(readMeta(meta), { base: metaBaseText(settings), files: Object.fromEntries(sorted.map((k) => [k, files[k]])) });
      assert.equal(readMeta(meta.replace("\n", "\n\n")), null);
    }),
    { numRuns: 200 },
  );
});

test("should parse keys written with escapes exactly, even after a parse that trips V8's key cache (nodejs/node#63785)", () => {
  // The trigger of the V8 bug, then a key that it would read back as a backslash on Node 24 and 26.
  JSON.parse('{"h":[],"\\\\":0}');
  assert.deepEqual(Object.keys(parseJson('{"h":1,"\\"":2}') as object), ["h", '"']);
  fc.assert(
    fc.property(groups, groups, (first, second) => {
      for (const index of [first, second]) {
        const parsed = parseJson(groupsText(index)) as Groups;
        assert.deepEqual(Object.keys(parsed).sort(compareStrings), sortedKeys(index));
        assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
      }
    }),
    { numRuns: 300 },
  );
});
