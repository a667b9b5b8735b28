import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseQuery, withoutPossessives } from "../lib/core/fts/query.js";

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

  test("should read hyphenated words, dates, times and versions as the tokenizer does", () => {
    assert.deepEqual(words("follow-up 2026-03-14 15:00 v22"), ["follow", "up", "2026", "03", "14", "15", "00", "v22"]);
  });
});
