import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { serializeSearchFile } from "../lib/core/formats/search.js";
import { manifestText } from "../lib/core/formats/manifest.js";
import type { ManifestEntry } from "../lib/core/indexes/types.js";
import { hasFileNameKey } from "../lib/core/links/file-matcher.js";
import { relatedForWrite } from "../lib/core/related/for-write.js";
import { compareStrings } from "../lib/core/util/compare.js";
import { directoryOf, isLive, liveCandidates } from "../lib/core/write/directory.js";
import { directoryOfIndex } from "../lib/core/write/index-directory.js";
import { aliasesText, readAliasesText } from "../lib/core/formats/aliases.js";
import { aliasesByPath } from "../lib/core/indexes/sorted-splice.js";
import type { AtomDirectory, DirectoryEntry } from "../lib/core/write/types.js";

// Few words, so that atoms share them: stop words, short words, numbers, other scripts, case and punctuation.
const WORDS = ["deploy", "Deploy", "freeze", "canary", "canaryx", "risk", "rollback", "about", "with", "ops", "2024", "café", "Ünïcode", "İstanbul", "deploy-freeze", "x", "🚀", "Rollback,", "windows", "window", "superseded", "archived", "Note.md"];
const TAGS = ["deploy", "risk", "ops", "a/b", "release", "archived"];
const word = fc.oneof(fc.constantFrom(...WORDS), fc.integer({ min: 0, max: 200 }).map((n) => `term${String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26))}`));
const text = fc.array(word, { maxLength: 6 }).map((w) => w.join(" "));
// File names shared across folders (a link by file name may answer several), some capitalized, some not ASCII.
const FOLDERS = ["atoms", "rules", "Archive", "notes/Deep", "ünï"];
const FILES = ["deploy", "Deploy", "note", "Note", "freeze window", "café", "risk-2", "superseded", "ops"];
const atom = fc.record({
  folder: fc.constantFrom(...FOLDERS),
  file: fc.constantFrom(...FILES),
  name: text,
  description: text,
  aliases: fc.oneof(fc.constant([] as string[]), fc.array(text, { minLength: 1, maxLength: 2 })),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
  status: fc.constantFrom("active", "active", "review", "superseded", "archived"),
});

// A vault's index files, as an index run writes them, and its entries in path order.
const indexOf = (maxLength: number) =>
  fc.array(atom, { maxLength }).map((atoms) => {
    const byPath = new Map<string, ManifestEntry>();
    atoms.forEach((a, i) => {
      const path = `${a.folder}/${i % 3 === 0 ? a.file : `${a.file}_${i}`}.md`;
      byPath.set(path, { path, id: `20261122_${i}`, name: a.name, type: "note", project: "ops", status: a.status, created: "2026-11-01", updated: "2026-11-02", tags: a.tags, aliases: a.aliases, links: [], description: a.description, backlinks: 0 } as unknown as ManifestEntry);
    });
    const entries = [...byPath.values()].sort((a, b) => compareStrings(a.path, b.path));
    const search = Buffer.from(serializeSearchFile(entries.map((e) => ({ path: e.path, name: e.name, type: e.type, project: e.project, status: e.status, updated: e.updated, tags: e.tags, description: e.description }))));
    return { entries, directory: directoryOfIndex(search, Buffer.from(manifestText(entries)))! };
  });

const query = fc.record({ tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }), text: fc.array(text, { minLength: 1, maxLength: 3 }).map((t) => t.join("\n")) });

const pathsOf = (entries: readonly DirectoryEntry[]) => entries.map((e) => e.path);

// Every atom a lookup must give is among those it gives, each once, in path order.
function assertGivesAll(given: readonly DirectoryEntry[], wanted: readonly DirectoryEntry[]): void {
  const paths = pathsOf(given);
  assert.deepEqual(paths, [...new Set(paths)].sort(compareStrings));
  for (const w of wanted) assert.ok(paths.includes(w.path), `${w.path} missing`);
}

test("should link the same atoms as the write path did over every atom of the index", () => {
  fc.assert(
    fc.property(indexOf(60), query, fc.integer({ min: 1, max: 5 }), ({ directory }, q, limit) => {
      assert.deepEqual(relatedForWrite(liveCandidates(directory, []), q, limit), relatedForWrite(directory.entries().filter(isLive), q, limit));
    }),
    { numRuns: 600 },
  );
});

test("should link the same atoms when the new atom repeats the words of indexed atoms (the words tier decides)", () => {
  const withQuery = indexOf(60).chain((index) =>
    fc.record({
      index: fc.constant(index),
      q: fc.record({
        tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 1 }),
        text: fc.subarray(index.entries, { maxLength: Math.min(4, index.entries.length) }).map((picked) => picked.map((m) => `${m.name}\n${m.aliases.join(" ")} ${m.description}`).join("\n")),
      }),
    }),
  );
  fc.assert(
    fc.property(withQuery, fc.integer({ min: 1, max: 5 }), ({ index, q }, limit) => {
      const { directory } = index;
      assert.deepEqual(relatedForWrite(liveCandidates(directory, []), q, limit), relatedForWrite(directory.entries().filter(isLive), q, limit));
    }),
    { numRuns: 300 },
  );
});

test("should find every atom a lookup asks for, counting the live ones as the index lists them", () => {
  fc.assert(
    fc.property(indexOf(40), fc.constantFrom(...FILES, "zzz"), fc.constantFrom(...TAGS), word, ({ entries, directory }, file, tag, w) => {
      const all = directory.entries();
      assert.deepEqual(pathsOf(all), pathsOf(entries));
      assert.equal(directory.live, entries.filter(isLive).length);
      const aliased = all.filter((e) => e.aliases.length > 0);
      const key = file.toLowerCase();
      assertGivesAll(directory.named([key]), [...aliased, ...all.filter((e) => hasFileNameKey(e.path, key))]);
      const needle = w.toLowerCase();
      assertGivesAll(directory.containing([needle]), [...aliased, ...all.filter((e) => e.name.includes(needle) || e.description.includes(needle))]);
      assert.deepEqual(pathsOf(directory.withTags([tag])), pathsOf(all.filter((e) => e.tags.includes(tag))));
      for (const e of entries) assert.equal(directory.has(e.path), true);
      assert.equal(directory.has("atoms/none.md"), entries.some((e) => e.path === "atoms/none.md"));
      for (const e of entries) assert.equal(directory.hasId(e.id!), true);
      assert.equal(directory.entry(entries[0]?.path ?? "x.md")?.name ?? null, entries[0]?.name ?? null);
    }),
    { numRuns: 300 },
  );
});

test("should answer every lookup the same with the notes with aliases told by index/aliases.tsv as found in the manifest's bytes", () => {
  fc.assert(
    fc.property(indexOf(40), fc.constantFrom(...FILES, "zzz"), fc.constantFrom(...TAGS), word, query, ({ entries }, file, tag, w, q) => {
      const search = Buffer.from(serializeSearchFile(entries.map((e) => ({ path: e.path, name: e.name, type: e.type, project: e.project, status: e.status, updated: e.updated, tags: e.tags, description: e.description }))));
      const manifest = Buffer.from(manifestText(entries));
      const listed = readAliasesText(aliasesText("id", new Map(entries.map((e) => [e.path, e.aliases]))), "id")!;
      assert.deepEqual(listed, aliasesByPath(manifest), "the file lists what the manifest's bytes hold");
      const scanned = directoryOfIndex(search, manifest)!;
      const told = directoryOfIndex(search, manifest, listed)!;
      for (const lookup of [(d: AtomDirectory) => d.entries(), (d: AtomDirectory) => d.named([file.toLowerCase()]), (d: AtomDirectory) => d.containing([w.toLowerCase()]), (d: AtomDirectory) => d.withTags([tag])]) assert.deepEqual(lookup(told), lookup(scanned));
      assert.deepEqual(relatedForWrite(liveCandidates(told, []), q, 3), relatedForWrite(liveCandidates(scanned, []), q, 3));
    }),
    { numRuns: 200 },
  );
});

test("should answer a list of atoms as the write path checked it before: every lookup gives them all", () => {
  const entries: DirectoryEntry[] = [
    { path: "a.md", name: "a", description: "", tags: ["x"], aliases: [], status: "active" },
    { path: "b.md", name: "b", description: "", tags: [], aliases: [], status: "superseded" },
  ];
  const directory: AtomDirectory = directoryOf(entries);
  assert.equal(directory.live, 1);
  for (const found of [directory.withTags(["y"]), directory.containing(["zz"]), directory.named(["q"]), directory.entries()]) assert.deepEqual(found, entries);
  assert.equal(directory.has("b.md"), true);
  assert.equal(directory.has("c.md"), false);
});
