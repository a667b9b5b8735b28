import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { findMarkers, replaceMarkers } from "../lib/core/moc/markers.js";
import { runs } from "./helpers/runs.js";

const open = (n: string) => `<!-- AUTO:${n} -->`;
const close = (n: string) => `<!-- /AUTO:${n} -->`;

test("should replace only the text between the markers", () => {
  const text = `# MOC\n\nkeep me\n${open("hot")}\nold line\n${close("hot")}\ntail\n`;
  const { text: out, problems } = replaceMarkers(text, { hot: "- new\n- lines\n" });
  assert.equal(out, `# MOC\n\nkeep me\n${open("hot")}\n- new\n- lines\n${close("hot")}\ntail\n`);
  assert.deepEqual(problems, []);
});

test("should keep CRLF line endings and be a no-op the second time", () => {
  const text = `a\r\n${open("n")}\r\nold\r\n${close("n")}\r\nb\r\n`;
  const once = replaceMarkers(text, { n: "x\ny" }).text;
  assert.equal(once, `a\r\n${open("n")}\r\nx\r\ny\r\n${close("n")}\r\nb\r\n`);
  assert.equal(replaceMarkers(once, { n: "x\ny" }).text, once);
});

test("should report unclosed, missing, duplicated, nested and unknown sections and leave them alone", () => {
  const text = [
    open("unclosed"), close("orphan"),
    open("dup"), close("dup"), open("dup"), close("dup"),
    open("outer"), open("inner"), close("inner"), close("outer"),
    open("nobody"), close("nobody"),
    open("ok"), "old", close("ok"), "",
  ].join("\n");
  const result = replaceMarkers(text, { unclosed: "x", orphan: "x", dup: "x", outer: "x", inner: "x", ok: "new" });
  assert.deepEqual(result.problems.map((p) => [p.line, p.name, p.kind]), [
    [1, "unclosed", "unclosed"], [2, "orphan", "missing-open"], [5, "dup", "duplicated"],
    [7, "outer", "nested"], [8, "inner", "nested"], [11, "nobody", "unknown-section"],
  ]);
  assert.equal(result.text, text.replace("old", "new"));
});

test("should ignore markers inside code and refuse content that would break the markers", () => {
  const text = "```\n<!-- AUTO:code -->\n```\n" + `${open("s")}\nold\n${close("s")}\n`;
  assert.deepEqual(findMarkers(text).sections.map((s) => s.name), ["s"]);
  const bad = replaceMarkers(text, { s: "```\nunclosed fence" });
  assert.equal(bad.text, text);
  assert.deepEqual(bad.problems.map((p) => p.kind), ["bad-content"]);
  assert.equal(replaceMarkers(text, { s: `has ${close("s")}` }).problems[0]!.kind, "bad-content");
});

test("should leave a section alone silently when its content is null", () => {
  const text = `${open("s")}\nold\n${close("s")}\n`;
  assert.deepEqual(replaceMarkers(text, { s: null }), { text, problems: [] });
});

// The pieces between sections: what must never change.
function outside(text: string): string[] {
  const pieces: string[] = [];
  let pos = 0;
  for (const s of findMarkers(text).sections) {
    pieces.push(text.slice(pos, s.contentStart));
    pos = s.contentEnd;
  }
  pieces.push(text.slice(pos));
  return pieces;
}

const NAMES = ["a", "b", "c"];
const piece = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("\n", "\r\n", "```", "~~~", "`", "<!--", "-->", "AUTO:a", "---\n"),
  fc.constantFrom(...NAMES).map(open),
  fc.constantFrom(...NAMES).map(close),
);
const anyText = fc.array(piece, { maxLength: 25 }).map((parts) => parts.join(""));
const content = fc.option(anyText, { nil: null });
const sectionsArb = fc.record({ a: content, b: content, c: content }, { requiredKeys: [] });

test("should keep every byte outside the sections and be idempotent, for any text and content", () => {
  fc.assert(
    fc.property(anyText, sectionsArb, (text, sections) => {
      const once = replaceMarkers(text, sections);
      assert.deepEqual(outside(once.text), outside(text));
      assert.equal(replaceMarkers(once.text, sections).text, once.text);
    }),
    runs(2000),
  );
});

test("should keep a CRLF file CRLF, for any section content", () => {
  const line = fc.string({ maxLength: 10 }).filter((s) => !/[\r\n]/.test(s) && !s.includes("AUTO:"));
  fc.assert(
    fc.property(fc.array(line, { maxLength: 5 }), fc.array(line, { maxLength: 5 }), fc.string({ maxLength: 30 }), (before, after, newContent) => {
      const text = [...before, open("a"), "old", close("a"), ...after, ""].join("\r\n");
      const out = replaceMarkers(text, { a: newContent }).text;
      assert.equal(/(^|[^\r])\n/.test(out), false, JSON.stringify(out));
    }),
    runs(1000),
  );
});

test("should leave a section alone when its new content would turn the marker line into a code fence", () => {
  // The closing backtick keeps line 1 from being a fence; content on its own lines would remove it.
  const text = "```<!-- AUTO:a -->`<!-- /AUTO:a -->";
  const result = replaceMarkers(text, { a: "" });
  assert.equal(result.text, text);
  assert.deepEqual(result.problems.map((p) => p.kind), ["bad-content"]);
});
