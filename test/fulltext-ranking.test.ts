import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { parseQuery } from "../lib/core/fts/query.js";
import { indexVault } from "../lib/engine/indexer.js";
import { fulltextVault, rankSearchDb } from "./helpers/fulltext.js";
import { markVault, removeTemp, tempTree } from "./helpers/cli.js";

const TODAY = "2026-11-20";

describe("full-text ranking over the curated vault", () => {
  const { config, hits: ranked } = fulltextVault();
  const rank = (query: string) => ranked(query).map((h) => h.record.path);

  test("should find a note by words only its body holds", () => {
    // "firewall" and "ports" are in the FAQ's body, nowhere in its name, tags or path.
    assert.deepEqual(rank("firewall ports"), ["faq/network.md"]);
  });

  test("should rank a note with a rare word above notes with a common one", () => {
    assert.deepEqual(rank("zstd algorithms"), [
      // zstd is in one note of twelve: its weight beats "algorithms" said twice in each of three notes.
      "notes/compression.md",
      // Three notes with the same text ("algorithms" twice, one tag): equal scores, by path.
      "notes/graphs.md",
      "notes/search.md",
      "notes/sorting.md",
    ]);
  });

  test("should rank a note with every keyword above one with some", () => {
    assert.deepEqual(rank("cache invalidation"), [
      // Both words (× all_match), though the other note says "cache" more often.
      "notes/cache_invalidation.md",
      // "cache" three times (and "caches"), no "invalidation".
      "notes/cache_sizes.md",
    ]);
  });

  test("should match words by their stem", () => {
    // "caches" is stemmed to "cach", as are "cache" and "caches" in both notes.
    assert.deepEqual(rank("caches").sort(), ["notes/cache_invalidation.md", "notes/cache_sizes.md"]);
  });

  test("should require a quoted phrase, exclude -words and expand word*", () => {
    // Only the two freeze rules say "release day"; diffing.md is tagged release but never says "release day".
    assert.deepEqual(rank('"release day"'), ["rules/deploy_freeze.md", "rules/deploy_freeze_old.md"]);
    // Every note with "deploy" also says "freeze".
    assert.deepEqual(rank("deploy -freeze"), []);
    // "xdel*" opens "xdelta", in one note.
    assert.deepEqual(rank("xdel*"), ["notes/diffing.md"]);
  });

  test("should answer a plain question by its content words", () => {
    // how, do, i, in, the: stop words, dropped; open, ports, firewall are in the FAQ's body.
    assert.deepEqual(rank("how do I open ports in the firewall"), ["faq/network.md"]);
  });

  test("should rank a superseded exact match below the active rule", () => {
    assert.deepEqual(rank("deploy freeze release day"), [
      // Every word in name, tags and body: active.
      "rules/deploy_freeze.md",
      // The same words, superseded: × 0.5.
      "rules/deploy_freeze_old.md",
      // Only its tag "release".
      "notes/diffing.md",
    ]);
  });

  test("should report which query words each hit matched, in query order", () => {
    const hits = ranked("invalidation cache zstd");
    assert.deepEqual(hits.map((h) => [h.record.path, h.matched]), [
      ["notes/cache_invalidation.md", ["invalidation", "cache"]],
      // zstd, in one note, outweighs cache, in two, though cache is here in one more field (the path).
      ["notes/compression.md", ["zstd"]],
      ["notes/cache_sizes.md", ["cache"]],
    ]);
  });

  test("should explain a score with numbers that add up to it", () => {
    for (const hit of ranked("deploy freeze release day")) {
      const b = hit.breakdown!;
      const sum = b.contributions.reduce((s, c) => s + c.points, 0);
      assert.ok(Math.abs(sum - b.base) < 1e-6, `${hit.record.path}: fields add up to the base`);
      const score = ((b.base * b.allMatch) + b.layerBonus) * b.statusMultiplier;
      assert.ok(Math.abs(score - hit.score) < 1e-5, `${hit.record.path}: the steps give the score`);
    }
  });

  test("should lift the note whose whole name the query holds", () => {
    assert.deepEqual(rank("log retention"), [
      // The query is its whole name: the name's points × whole_name (2).
      "notes/log_retention.md",
      // Both words in its name too, and "retention" also a tag, but its name says more ("costs").
      "notes/retention_costs.md",
    ]);
    // Without the lift, the second note's extra tag puts it first: whole_name decides the order above.
    const flat = { ...config, textWeights: { ...config.textWeights, whole_name: 1 } };
    const unlifted = ranked("log retention", flat).map((h) => h.record.path);
    assert.deepEqual(unlifted, ["notes/retention_costs.md", "notes/log_retention.md"]);
  });

  test("should keep the words a keyword query means, and drop what a question adds", () => {
    // Quantifiers, negation, order and position can be the point of a keyword query.
    assert.deepEqual(parseQuery("all other plugins not before").units.map((u) => u.text), ["all", "other", "plugins", "not", "before"]);
    // Articles, pronouns, auxiliaries and question words are dropped.
    assert.deepEqual(parseQuery("how do I open the ports").units.map((u) => u.text), ["open", "ports"]);
  });

  test("should keep only stop words when the query has nothing else", () => {
    assert.deepEqual(parseQuery("the").units.map((u) => u.text), ["the"]);
    // Eleven of the twelve notes say "the" (all but log_retention.md).
    assert.equal(rank("the").length, 11);
  });
});

describe("pronouns of a question", () => {
  let vault = "";
  const config = defaultConfig();
  const note = (name: string, body: string) => `---\nname: ${name}\ntype: insight\nstatus: active\ncreated: 2026-10-01\nupdated: 2026-10-01\n---\n${body}\n`;
  before(() => {
    vault = markVault(
      tempTree({
        "notes/a_hire.md": note("Hire", "Rafael said he can tell the team about the move in July."),
        "notes/b_office.md": note("Office", "Tell us more, all of us: the office lets us work from home, and us too."),
        "notes/c_lunch.md": note("Lunch", "Lunch is at noon."),
      }),
    );
    indexVault(vault, { config, today: TODAY });
  });
  after(() => removeTemp(vault));

  test("should drop us as it drops we, our and me", () => {
    assert.deepEqual(parseQuery("What did Rafael tell us?").units.map((u) => u.text), ["rafael", "tell"]);
    assert.deepEqual(
      rankSearchDb(vault, config, "What did Rafael tell us?", { today: TODAY, top: 0 })!.map((h) => h.record.path),
      [
        // rafael and tell: every word of the question's topic (× all_match).
        "notes/a_hire.md",
        // "tell" only; its four "us" count for nothing (searched, "us", in one note of three, put it first).
        "notes/b_office.md",
      ],
    );
  });
});

describe("query syntax", () => {
  test("should read words, phrases, exclusions and prefixes", () => {
    const q = parseQuery('Déjà-vu "Release  Day" -staging -"old plan" deploy* the');
    assert.deepEqual(q.units.map((u) => [u.text, u.phrase, u.prefix]), [["deja", false, false], ["vu", false, false], ["release day", true, false], ["deploy", false, true]]);
    assert.deepEqual(q.excluded.map((u) => u.text), ["staging", "old plan"]);
  });

  // Strict (for scripts): what is not well-formed syntax is refused; by default, it is read as text.
  for (const [query, message, units] of [
    ['"release day', /unclosed quote/, ["release", "day"]],
    ["deploy -", /alone is not a search word/, ["deploy"]],
    ["de*ploy", /a \* must end a word/, ["de", "ploy"]],
    ["-staging", /besides the excluded/, ["staging"]],
    ["!!!", /no word to search for/, []],
    [Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "), /at most 32/, Array.from({ length: 32 }, (_, i) => `w${i}`)],
  ] as const) {
    test(`should refuse ${JSON.stringify(query.slice(0, 20))} when strict, naming the problem, and read it as words otherwise`, () => {
      assert.throws(() => parseQuery(query, { strict: true }), (e: Error & { code?: string }) => e.code === "BAD_QUERY" && message.test(e.message));
      const forgiving = parseQuery(query);
      assert.deepEqual([forgiving.units.map((u) => u.text), forgiving.excluded], [units, []]);
      assert.ok(forgiving.units.every((u) => !u.phrase && !u.prefix));
    });
  }

  test("should honour well-formed syntax among text that is not", () => {
    const q = parseQuery('C++ "rolling deploy" -- -staging node.js* (v22) & AND OR NOT "open');
    // AND and OR are stop words of a search; NOT is kept as a word, as in the keyword query above.
    assert.deepEqual(q.units.map((u) => [u.text, u.phrase, u.prefix]), [["c", false, false], ["rolling deploy", true, false], ["node", false, false], ["js", false, true], ["v22", false, false], ["not", false, false], ["open", false, false]]);
    assert.deepEqual(q.excluded.map((u) => u.text), ["staging"]);
    assert.equal(q.dropped, 0);
  });

  test("should say how many distinct words past 32 were left out", () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i % 35}`).join(" ");
    assert.deepEqual([parseQuery(words).units.length, parseQuery(words).dropped], [32, 3]);
  });
});

test("should pick the same pool, ties at its end by path, whether it ranks on FTS5 alone or joined with every note's row", async () => {
  const { IndexDb } = await import("../lib/store/index-db.js");
  const { textFields } = await import("../lib/core/fts/fields.js");
  const { parseAtom } = await import("../lib/core/atoms/parse.js");
  const { matchExpression } = await import("../lib/core/fts/query.js");
  const { poolCandidates } = await import("../lib/store/fts/rank.js");
  const { TEXT_FIELDS } = await import("../lib/core/fts/fields.js");
  const config = defaultConfig();
  const store = IndexDb.create(":memory:", "test");
  try {
    // 300 notes: groups of identical text (equal scores) under paths that do not sort in insertion order.
    for (let i = 0; i < 300; i++) {
      const path = `n/${String((i * 7919) % 300).padStart(3, "0")}-${i}.md`;
      const text = `---\nname: Note\n---\n${"deploy ".repeat(1 + (i % 4))}${i % 3 === 0 ? "risk" : "calm"}\n`;
      const { atom } = parseAtom(text, { path, mtimeMs: 0, size: text.length }, config);
      store.putFile({ path, mtimeUs: 0, size: text.length, atom: true, diagnostics: [] }, { atom, targets: [], text: textFields(atom, text) });
    }
    for (const query of ["deploy", "deploy risk", "risk", '"deploy risk"', "calm -risk"]) {
      const expression = matchExpression(parseQuery(query))!;
      for (const pool of [1, 2, 10, 63, 64, 75, 100, 200, 299, 300, 400]) {
        // The one query that joins every match with its row, sorted by score then path, against the pool found on FTS5 first.
        const weights = TEXT_FIELDS.map((f) => config.textWeights[f]).join(", ");
        const direct = store.prepare(`SELECT d.path AS path FROM fts JOIN docs d ON d.id = fts.rowid WHERE fts MATCH ? ORDER BY bm25(fts, ${weights}), d.path LIMIT ?`).all(expression, pool) as { path: string }[];
        const fast = poolCandidates(store, expression, { today: TODAY }, pool, config).map((d) => d.path);
        assert.deepEqual(fast.sort(), direct.map((r) => r.path).sort(), `${query}, pool ${pool}`);
      }
    }
  } finally {
    store.close();
  }
});
