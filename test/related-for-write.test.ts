import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { related } from "../lib/core/related/related.js";
import { RELATED_MIN_SCORE, writeEvidence } from "../lib/core/related/evidence.js";
import { relatedForWrite, type WriteQuery } from "../lib/core/related/for-write.js";
import { fileNameKey, hasFileNameKey } from "../lib/core/links/file-matcher.js";
import { runs } from "./helpers/runs.js";

type Entry = Extract<Parameters<typeof relatedForWrite>[0], readonly unknown[]>[number];

// The write path's related links as they were chosen before relatedForWrite: every live atom ranked by
// `related`, then the evidence of each, best first, until `limit` strong ones.
function relatedBefore(live: readonly Entry[], query: WriteQuery, limit: number): string[] {
  if (limit <= 0) return [];
  const found = related(live, {}, { tags: [...query.tags], words: [query.text] }, 0);
  const byPath = new Map(live.map((m) => [m.path, m]));
  const strong: string[] = [];
  for (const r of found) if (strong.length < limit && writeEvidence(byPath.get(r.path)!, { tags: query.tags, text: query.text }) >= RELATED_MIN_SCORE) strong.push(r.path);
  return strong;
}

// Few words, so that atoms share them: stop words, short words, numbers, other scripts, case and punctuation.
const WORDS = ["deploy", "Deploy", "freeze", "canary", "canaryx", "risk", "rollback", "about", "with", "ops", "2024", "café", "Ünïcode", "İstanbul", "deploy-freeze", "x", "🚀", "Rollback,", "windows", "window"];
const TAGS = ["deploy", "risk", "ops", "a/b", "release", "#deploy", "Risk"];
// Besides those, words out of a few hundred, so that some are rare (held by few atoms) and some are not.
const word = fc.oneof(fc.constantFrom(...WORDS), fc.integer({ min: 0, max: 400 }).map((n) => `term${String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26))}`));
const text = fc.array(word, { maxLength: 6 }).map((w) => w.join(" "));
const entry = fc.record({
  name: text,
  description: text,
  aliases: fc.array(text, { maxLength: 2 }),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS.filter((t) => !/[#A-Z]/.test(t))), { maxLength: 3 }),
});
// The atoms in path order (as the index lists them), in another order (atoms written in the session come last), or
// with a path listed twice (a stale index entry of a file written again).
const vaultOf = (maxLength: number) =>
  fc.tuple(fc.array(entry, { maxLength, size: "max" }), fc.constantFrom("sorted", "shuffled", "repeated")).map(([entries, order]) => {
    const live: Entry[] = entries.map((e, i) => ({ ...e, path: `atoms/${String((i * 7919) % 1000).padStart(3, "0")}_${i}.md` }));
    if (order === "sorted") live.sort((a, b) => (a.path < b.path ? -1 : 1));
    if (order === "repeated" && live.length > 1) live.push({ ...live[live.length - 1]!, path: live[0]!.path });
    return live;
  });
const query = fc.record({ tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }), text: fc.array(text, { minLength: 1, maxLength: 3 }).map((t) => t.join("\n")) });

test("should link the same atoms, in the same order, as ranking every live atom with related and checking the evidence best first", () => {
  fc.assert(
    fc.property(vaultOf(40), query, fc.integer({ min: 0, max: 6 }), (live, q, limit) => {
      assert.deepEqual(relatedForWrite(live, q, limit), relatedBefore(live, q, limit));
    }),
    runs(2000),
  );
});

test("should link the same atoms as before in vaults large enough that a word held by several atoms is still rare", () => {
  fc.assert(
    fc.property(vaultOf(240), query, fc.integer({ min: 1, max: 6 }), (live, q, limit) => {
      assert.deepEqual(relatedForWrite(live, q, limit), relatedBefore(live, q, limit));
    }),
    runs(200),
  );
});

test("should link the same atoms as before when the new atom repeats the words of some atoms (the words tier decides)", () => {
  const withQuery = vaultOf(120).chain((live) =>
    fc.record({
      live: fc.constant(live),
      q: fc.record({
        tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 1 }),
        text: fc.tuple(fc.subarray(live, { maxLength: Math.min(4, live.length) }), text).map(([picked, extra]) => [...picked.map((m) => `${m.name}\n${m.aliases.join(" ")} ${m.description}`), extra].join("\n")),
      }),
    }),
  );
  fc.assert(
    fc.property(withQuery, fc.integer({ min: 1, max: 6 }), ({ live, q }, limit) => {
      assert.deepEqual(relatedForWrite(live, q, limit), relatedBefore(live, q, limit));
    }),
    runs(300),
  );
});

test("should link the same atoms as before with more query tags than a set of tags is grouped by", () => {
  const many = Array.from({ length: 35 }, (_, i) => `tag${i}`);
  const live: Entry[] = Array.from({ length: 60 }, (_, i) => ({ path: `atoms/${i}.md`, name: `canary rollback ${i % 7 === 0 ? "freeze window" : "note"}`, aliases: [], description: "", tags: [many[i % 35]!, many[(i * 3) % 35]!] }));
  const q = { tags: many, text: "canary rollback freeze window" };
  assert.deepEqual(relatedForWrite(live, q, 5), relatedBefore(live, q, 5));
  assert.equal(relatedForWrite(live, q, 5).length, 5);
});

test("should find atoms by shared tags before atoms by shared rare words", () => {
  const live: Entry[] = [
    { path: "a.md", name: "canary rollback window", aliases: [], description: "freeze deploy", tags: [] },
    { path: "b.md", name: "other", aliases: [], description: "canary", tags: ["deploy"] },
  ];
  const found = relatedForWrite(live, { tags: ["deploy"], text: "canary rollback window freeze deploy" }, 2);
  assert.deepEqual(found, ["b.md", "a.md"]);
  assert.deepEqual(found, relatedBefore(live, { tags: ["deploy"], text: "canary rollback window freeze deploy" }, 2));
});

test("should tell a path's file name key as fileNameKey does, for any path and key", () => {
  const piece = fc.constantFrom("a", "B", "/", ".md", ".MD", ".", "İ", "Σ", "σ", "\u212a", "é", "e\u0301", "x_y", " ");
  const path = fc.array(piece, { maxLength: 8 }).map((p) => p.join(""));
  // The key of the same path, of another one (often equal), the whole path as a key (with its folders), or any text.
  fc.assert(
    fc.property(path, path, fc.constantFrom("same", "other", "whole", "raw"), (p, q, kind) => {
      const whole = p.replace(/\.md$/i, "").toLowerCase();
      const k = kind === "same" ? fileNameKey(p) : kind === "other" ? fileNameKey(q) : kind === "whole" ? whole : q;
      assert.equal(hasFileNameKey(p, k), fileNameKey(p) === k);
    }),
    runs(3000),
  );
});
