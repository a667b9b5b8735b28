import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parse as parseYaml } from "yaml";
import { parseSimpleYaml } from "../lib/core/atoms/yaml-fast.js";
import { compareStrings, defaultConfig, rankRecords, rankSearchFile, readSearchFile, serializeSearchFile, type SearchRecord } from "./helpers/lib.js";
import { decodeCasing, encodeCasing } from "../lib/core/indexes/search-file.js";

const WORDS = ["deploy", "risk", "Deploy", "RISK", "ops", "api", "café", "Ünï", "x", "deploys", "re-risk", "a b", "🚀", "ﬁx", "İstanbul"];
const word = fc.constantFrom(...WORDS);
const text = fc.array(word, { maxLength: 4 }).map((w) => w.join(" "));
const date = fc.constantFrom("2026-11-22", "2026-11-20", "2026-11-19", "2026-11-15", "2026-11-14", "2025-01-01", "not-a-date", "2026-12-01");

const record: fc.Arbitrary<SearchRecord> = fc.record({
  path: fc.tuple(fc.constantFrom("notes/", "deploy/", "", "Ops/"), text, fc.nat(999)).map(([d, t, n]) => `${d}${t.replace(/ /g, "_")}_${n}.md`),
  name: text,
  type: fc.constantFrom("rule", "insight", "unknown"),
  project: fc.constantFrom("ops", "Ops", "deploy", "risk", "unknown"),
  status: fc.constantFrom("active", "archived", "superseded", "review"),
  updated: date,
  tags: fc.uniqueArray(fc.constantFrom("deploy", "risk", "ops", "café", "a/b"), { maxLength: 3 }),
  description: text,
}).map((r) => ({ ...r }));

test("should rank the search file exactly as rankRecords ranks the same records", () => {
  fc.assert(
    fc.property(fc.uniqueArray(record, { selector: (r) => r.path, maxLength: 40 }), fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom(0, 1, 3), fc.boolean(), (records, words, top, hotOnly) => {
      const sorted = [...records].sort((a, b) => compareStrings(a.path, b.path));
      const query = words.join(" ");
      const options = { today: "2026-11-22", top, hotOnly };
      const expected = rankRecords(sorted, query, options);
      const actual = rankSearchFile(Buffer.from(serializeSearchFile(sorted)), query, options);
      assert.deepEqual(actual, expected);
    }),
    { numRuns: 300 },
  );
});

const weight = fc.constantFrom(-2, 0, 0.3, 1, 1.5, 4, 10);
const config = fc.record({ name: weight, tag: weight, project: weight, description: weight, path: weight, all_match: weight, hot_bonus: weight, warm_bonus: weight, archived: weight, superseded: weight }).map((scoring) => {
  const c = defaultConfig();
  Object.assign(c.scoring, scoring);
  return c;
});
const filters = fc.record({ project: fc.constantFrom(undefined, "ops", "OPS", "risk"), type: fc.constantFrom(undefined, "rule"), tag: fc.constantFrom(undefined, "deploy", "#risk"), status: fc.constantFrom(undefined, "active", "archived") });

test("should rank the search file exactly as rankRecords does with any weights, filters and filter mode", () => {
  fc.assert(
    fc.property(fc.uniqueArray(record, { selector: (r) => r.path, maxLength: 40 }), fc.array(word, { maxLength: 4 }), fc.constantFrom(0, 1, 2, 5), fc.boolean(), config, filters, fc.boolean(), (records, words, top, hotOnly, cfg, filter, useFilter) => {
      const sorted = [...records].sort((a, b) => compareStrings(a.path, b.path));
      const query = words.join(" ");
      const options = { today: "2026-11-22", top, hotOnly, ...(useFilter ? filter : {}) };
      assert.deepEqual(rankSearchFile(Buffer.from(serializeSearchFile(sorted)), query, options, cfg), rankRecords(sorted, query, options, cfg));
    }),
    { numRuns: 500 },
  );
});

test("should read back from the search file exactly the records written", () => {
  const chars = fc.constantFrom("a", "Z", "É", "é", "İ", "ß", "ﬁ", "🚀", "Σ", "ς", "K", "\u212a", " ", "=", ",", "0", "x");
  const textOf = fc.array(chars, { maxLength: 8 }).map((c) => c.join(""));
  const any: fc.Arbitrary<SearchRecord> = fc.record({ path: textOf.map((t) => `${t}.md`), name: textOf, type: textOf, project: textOf, status: textOf, updated: textOf, tags: fc.array(textOf.filter((t) => t !== ""), { maxLength: 3 }), description: textOf }).map((r) => ({ ...r }));
  fc.assert(
    fc.property(fc.uniqueArray(any, { selector: (r) => r.path, maxLength: 20 }), (records) => {
      const sorted = [...records].sort((a, b) => compareStrings(a.path, b.path));
      assert.deepEqual(readSearchFile(Buffer.from(serializeSearchFile(sorted))), sorted);
    }),
    { numRuns: 500 },
  );
});

test("should store a value that differs from its lowercase form only in ASCII capitals as their positions", () => {
  assert.equal(encodeCasing("Deploy to EU", "deploy to eu"), "0,10,11");
  assert.equal(decodeCasing("deploy to eu", "0,10,11"), "Deploy to EU");
  assert.equal(encodeCasing("plain", "plain"), "");
  assert.equal(encodeCasing("Élan", "élan"), "=Élan");
  assert.equal(decodeCasing("élan", "=Élan"), "Élan");
  assert.equal(encodeCasing("İx", "i̇x"), "=İx");
});

const key = fc.constantFrom("id", "name", "type", "tags", "updated", "links", "description", "confidence", "x_y", "a-b", "constructor", "__proto__");
const scalar = fc.oneof(
  fc.constantFrom("", "true", "false", "null", "Null", "~", "yes", "0", "12", "1.5", "-3", "0x1F", "0o17", "1e3", ".5", "2026-04-12", "2026-04-12T10:00:00Z", "20260412_slug", "1st", "a: b", "a #b", "a#b", "#tag", "- x", "? x", "[a]", "{a: 1}", "*ref", "&a x", "!tag x", "'q'", '"q"', '"a\\"b"', "'it''s'", "|", ">", "x:", "https://x.y/z", "café", "C++ tips", "a, b", "%x", "@x", "`x`", "constructor", "toString", "__proto__"),
  fc.string({ maxLength: 12 }),
);
const flow = fc.array(scalar, { maxLength: 4 }).map((items) => `[${items.join(", ")}]`);
const line = fc.oneof(fc.tuple(key, fc.oneof(scalar, flow)).map(([k, v]) => `${k}: ${v}`), fc.constantFrom("", "# comment", "  indented: 1", "- item", "key:", "k: v # c"));

test("should read simple frontmatter exactly as the yaml package does, or leave it to yaml", () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
      const source = lines.join("\n");
      const fast = parseSimpleYaml(source);
      if (fast === null) return;
      assert.deepEqual(fast.data, parseYaml(source) ?? {}, source);
    }),
    { numRuns: 3000 },
  );
});

test("should take the fast path for the frontmatter most atoms have", () => {
  const common = "id: 20261118_deploy_freeze\nname: Deploy freeze during release windows\ntype: decision\nproject: ops\nstatus: active\ncreated: 2026-11-18\nupdated: 2026-11-20\ntags: [deploy, risk, release]\nlinks: []\ndescription: No deploys 24 hours before a cut.\nconfidence: 0.8\n";
  const fast = parseSimpleYaml(common);
  assert.ok(fast);
  assert.deepEqual(fast.data, parseYaml(common));
});
