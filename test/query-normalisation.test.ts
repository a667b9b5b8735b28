import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { joinedRuns, parseQuery, withoutPossessives } from "../lib/core/fts/query.js";
import { rankSearchDb } from "./helpers/fulltext.js";
import { indexVault } from "../lib/engine/indexer.js";
import { markVault, removeTemp, tempTree } from "./helpers/cli.js";

const words = (query: string) => parseQuery(query).units.map((u) => u.text);

describe("query normalisation", () => {
  test("should drop a possessive 's, straight or curly, so that no lone s is searched", () => {
    assert.deepEqual(words("Anna's cat"), ["anna", "cat"]);
    assert.deepEqual(words("Sunita’s idea"), ["sunita", "idea"]);
    assert.deepEqual(words("the bosses' plan"), ["bosses", "plan"]);
  });

  test("should drop the s of a contraction such as what's", () => {
    assert.deepEqual(words("what's the rule"), ["rule"]);
  });

  test("should keep an apostrophe inside a word, and an s inside a phrase", () => {
    assert.equal(withoutPossessives("it'sx o'clock"), "it'sx o'clock");
    assert.deepEqual(words('"Anna\'s cat"'), ["anna s cat"]);
  });

  test("should search a date, a time or a version as one unit of side-by-side parts", () => {
    const units = parseQuery("2026-03-14 15:00 v1.2.3 gpt-4 v22").units;
    assert.deepEqual(units.map((u) => u.text), ["2026 03 14", "15 00", "v1 2 3", "gpt 4", "v22"]);
    assert.deepEqual(units.map((u) => u.match), ['"2026 03 14"', '"15 00"', '"v1 2 3"', '"gpt 4"', '"v22"']);
    assert.ok(units.every((u) => !u.phrase), "a joined run is optional, as a word is, not a required phrase");
  });

  test("should keep words joined without a digit as words of their own", () => {
    assert.deepEqual(words("follow-up node.js"), ["follow", "up", "node", "js"]);
    assert.deepEqual(joinedRuns("a--b 1-"), ["a", "b", "1"]);
  });
});

describe("ranking with normalised query words", () => {
  const TODAY = "2026-11-20";
  const config = defaultConfig();
  const note = (name: string, body: string) => `---\nname: ${name}\ntype: note\nupdated: 2026-01-01\n---\n${body}\n`;
  let vault = "";
  before(() => {
    vault = markVault(
      tempTree({
        "standup.md": note("Standup", "We moved the standup to 2026-03-14 at 15:00."),
        "budget.md": note("Budget", "The 2026 budget: 14 items, 03 owners, 00 surprises, 15 reviews."),
        "anna.md": note("Anna", "Anna's cat sleeps all day."),
        "cats.md": note("Cats", "Cats: a note on cats, s by s."),
      }),
    );
    indexVault(vault, { config, today: TODAY });
  });
  after(() => removeTemp(vault));
  const rank = (query: string) => rankSearchDb(vault, config, query, { today: TODAY, top: 0 })!.map((h) => h.record.path);

  test("should find a date and a time where a note has them, not where it holds their numbers apart", () => {
    assert.deepEqual(rank("2026-03-14 15:00"), [
      // The only note with the date's and the time's parts side by side.
      "standup.md",
    ]);
  });

  test("should rank by the name in a possessive, not by a lone s", () => {
    assert.deepEqual(rank("Anna's cat"), [
      // Anna by name (whole name) and "cat" in the body.
      "anna.md",
      // "cat" by stem in its name and body; its many s's count for nothing.
      "cats.md",
    ]);
  });
});
