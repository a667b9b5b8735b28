import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { hasLooseTarget } from "../lib/engine/added-outputs.js";
import { escapeRegExp } from "../lib/core/util/text.js";

// The check as it was first written: a line of a target (indented four spaces) whose text ends in one of the
// loose forms, found line by line.
const LINE_BY_LINE = /^ {4}"(?:[^\n]*(?:[/. \x80-\xff]|\\\\|\\[a-z]|\\u[0-9a-f]{4})|(?:[^\n]*[/.\\])?\.md|)",?$/m;

// Targets made of the characters that matter: separators, dots, spaces, escapes, quotes, letters of both cases.
const target = fc.array(fc.constantFrom("a", "B", "/", ".", " ", "\\", '"', "\n", "\t", "é", "É", "µ", "ÿ", "md", ".md", ".MD", ".Md", "x", "\u0001", "\u001F", "🚀"), { maxLength: 6 }).map((parts) => parts.join(""));
const graph = fc.dictionary(fc.string({ maxLength: 4 }), fc.array(target, { maxLength: 4 }), { maxKeys: 5 });

test("should find a loose target in graph.json, in any letter case, exactly when the line-by-line check of the lower-cased text does", () => {
  fc.assert(
    fc.property(graph, (g) => {
      const text = Buffer.from(`${JSON.stringify(g, null, 2)}\n`).toString("latin1");
      assert.equal(hasLooseTarget(text), LINE_BY_LINE.test(text.toLowerCase()));
    }),
    { numRuns: 3000 },
  );
});

test("should find no loose target among plain names and paths", () => {
  const lower = `${JSON.stringify({ "a.md": ["deploy freeze", "rules/no_friday.md"], "b.md": [] }, null, 2)}\n`.toLowerCase();
  assert.equal(hasLooseTarget(lower), false);
  assert.equal(hasLooseTarget(lower.replace("deploy freeze", "deploy freeze/")), true);
});

test("should find a name key in graph.json, in any letter case, exactly where the lower-cased text holds it", () => {
  const key = fc.string({ unit: fc.constantFrom("a", "B", "z", "Z", ".", "(", "[", "*", "_", "-", " ", "/", "1"), minLength: 1, maxLength: 4 });
  const text = fc.string({ unit: fc.constantFrom("a", "A", "b", "B", "z", "Z", ".", "(", "[", "*", "_", "-", " ", "/", "1", "\u00c0", "\u00e0", "\u00b5", "\u00ff", "\n"), maxLength: 30 });
  fc.assert(
    fc.property(key, text, (k, t) => {
      const lower = k.toLowerCase();
      assert.equal(new RegExp(escapeRegExp(lower), "i").test(t), t.toLowerCase().includes(lower));
    }),
    { numRuns: 3000 },
  );
});
