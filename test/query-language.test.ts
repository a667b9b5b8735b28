import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { matchExpression, parseQuery } from "../lib/core/fts/query.js";
import { fulltextVault } from "./helpers/fulltext.js";
import { QUERY_EXAMPLES } from "./helpers/query-examples.js";
import { runs } from "./helpers/runs.js";

// Printable strings rich in what the query language treats specially.
const queryText = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."\"-*()&+ .:?!'aAbé1_/\\^{}[]~".split("")), maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 24 }),
  fc.string({ maxLength: 40 }),
);

describe("forgiving query language", () => {
  const { hits } = fulltextVault();
  const rank = (query: string) => hits(query).map((h) => [h.record.path, h.score]);

  test("should read any printable string without an error, and rank it the same twice", () => {
    fc.assert(
      fc.property(queryText, (query) => {
        const parsed = parseQuery(query);
        assert.deepEqual(parseQuery(query), parsed);
        assert.ok(parsed.units.length <= 32);
        assert.deepEqual(rank(query), rank(query));
      }),
      runs(300),
    );
  });

  test("should give FTS5 an expression it accepts for any printable string", () => {
    fc.assert(
      fc.property(queryText, (query) => {
        const expression = matchExpression(parseQuery(query));
        // Null only when the query has no word: then nothing is searched.
        assert.equal(expression === null, parseQuery(query).units.length === 0);
      }),
      runs(300),
    );
  });

  for (const [query, words] of QUERY_EXAMPLES) {
    test(`should rank ${JSON.stringify(query)} as ${JSON.stringify(words)}`, () => {
      assert.deepEqual(rank(query), rank(words));
      assert.throws(() => parseQuery(query, { strict: true }), { code: "BAD_QUERY" });
    });
  }

  test("should find nothing, not every note, for a query with no word", () => {
    assert.deepEqual(rank("!!! & -- ()"), []);
    // A blank query is the filter mode: the active notes.
    assert.ok(rank("  ").length > 0);
  });
});
