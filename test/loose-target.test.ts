import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { hasLooseTarget } from "../lib/engine/added-outputs.js";

// The check as it was first written: a line of a target (indented four spaces) whose text ends in one of the
// loose forms, found line by line.
const LINE_BY_LINE = /^ {4}"(?:[^\n]*(?:[/. \x80-\xff]|\\\\|\\[a-z]|\\u[0-9a-f]{4})|(?:[^\n]*[/.\\])?\.md|)",?$/m;

// Targets made of the characters that matter: separators, dots, spaces, escapes, quotes, letters of both cases.
const target = fc.array(fc.constantFrom("a", "B", "/", ".", " ", "\\", '"', "\n", "\t", "é", "md", ".md", ".MD", "x", "\u0001", "🚀"), { maxLength: 6 }).map((parts) => parts.join(""));
const graph = fc.dictionary(fc.string({ maxLength: 4 }), fc.array(target, { maxLength: 4 }), { maxKeys: 5 });

test("should find a loose target in graph.json exactly when the line-by-line check does", () => {
  fc.assert(
    fc.property(graph, (g) => {
      const lower = Buffer.from(`${JSON.stringify(g, null, 2)}\n`).toString("latin1").toLowerCase();
      assert.equal(hasLooseTarget(lower), LINE_BY_LINE.test(lower));
    }),
    { numRuns: 3000 },
  );
});

test("should find no loose target among plain names and paths", () => {
  const lower = `${JSON.stringify({ "a.md": ["deploy freeze", "rules/no_friday.md"], "b.md": [] }, null, 2)}\n`.toLowerCase();
  assert.equal(hasLooseTarget(lower), false);
  assert.equal(hasLooseTarget(lower.replace("deploy freeze", "deploy freeze/")), true);
});
