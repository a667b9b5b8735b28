import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { normalizeTags } from "../lib/core/atoms/fields.js";
import { splitFrontmatter } from "../lib/core/atoms/frontmatter.js";
import { extractHashtags, extractTargets, firstProseLine, maskCode, plainText } from "../lib/core/atoms/markdown.js";
import { parseAtom } from "../lib/core/atoms/parse.js";
import { parseSimpleYaml, simpleYamlKeyLine } from "../lib/core/atoms/yaml-fast.js";
import { normalizeDate } from "../lib/core/util/dates.js";
import { collapseWhitespace, firstCodePoints, isWhitespaceCode } from "../lib/core/util/text.js";
import {
  referenceExtractHashtags,
  referenceExtractTargets,
  referenceFirstProseLine,
  referenceNormalizeDate,
  referenceNormalizeTags,
  referenceParseAtom,
  referenceParseSimpleYaml,
  referencePlainText,
  referenceSplitFrontmatter,
} from "./helpers/parse-reference.js";
import { runs } from "./helpers/runs.js";

// Pieces of markdown chosen to hit every branch of the parsing hot path:
// hashtags after odd characters, code, wikilinks with `|` and `#`, emphasis,
// list and quote markers, whitespace of every kind, surrogate pairs and lone
// surrogates, fences and frontmatter fences.
const PIECES = [
  "deploy", "Risk", "café", "İstanbul", "部署", "🚀", "𝐀bc", "\ud83d", "\ude00", "a", "12", "x/y.md",
  "#tag", "#Tag/Sub/", "#123", "#12a", "#/", "#-", "#日本", "#𝐀x", "##h", "#", "(#p", ",#c", ";#s", "a#b", "#a#b", "\u3000#ws", "\u00a0#nb",
  "`code`", "``a`b``", "`x/y.md`", "`", "```", "```js", "~~~", "    ```",
  "[[t]]", "[[t|Alias]]", "[[t#h|x#y]]", "[[t|a#b]]", "![[img.png]]", "[[#self]]", "[[a\\|b]]", "[[ spaced ]]", "[[", "]]", "[[x\ny]]", "[[[a]]]",
  "[text](url)", "[a]()", "**bold**", "__u__", "*", "_",
  " ", "  ", "\t", "\r", "\u00a0", "\u2028", "\ufeff", "\v",
  "> ", "- ", "* ", "1. ", "2) ", "- [ ] ", "- [x] ", "---", "***", "___", "|a|b|", "|---|:-:|", "<!--", "-->", "[^1]", "![alt](i.png)",
];
const piece = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: "binary" }) });
const lineText = fc.tuple(fc.array(piece, { maxLength: 8 }), fc.constantFrom(" ", "")).map(([parts, glue]) => parts.join(glue));
const longLine = fc.tuple(fc.constantFrom("word ", "mot ", "🚀 ", "é"), fc.integer({ min: 60, max: 90 }), fc.constantFrom("", "🚀", "\ud83d")).map(([w, n, end]) => w.repeat(n) + end);
const bodyLine = fc.oneof({ weight: 8, arbitrary: lineText }, { weight: 1, arbitrary: longLine });
const markdown = fc.tuple(fc.array(bodyLine, { maxLength: 10 }), fc.constantFrom("\n", "\r\n")).map(([lines, eol]) => lines.join(eol));

const YAML_KEYS = ["id", "name", "title", "type", "status", "tags", "tag", "aliases", "links", "description", "created", "updated", "date", "confidence", "x_y", "a-b", "constructor", "toString", "__proto__", "Name"];
const YAML_VALUES = [
  "", "Deploy freeze", "decision", "ACTIVE", "2026-11-18", "2026-13-45", "20261118_deploy", "0.8", "1.5e3", "0x1F", "1_000", "12", "007", "true", "NULL", "~",
  "[deploy, risk]", "[]", "[ ]", "[a, , b]", "[\"q\", 'r']", "[a: b]", "[#x]", "\"quoted\"", "'single'", "\"a\\\"b\"", "'it''s'", "a: b", "a #b", "a#b", "x:", "C++", "- x",
  "[[t|alias]]", "\"[[t]]\"", "café 🚀", "a\tb", "a\rb", "a\u2028b", " spaced  out ", "{a: 1}", "&anchor x", "*ref", "|", ">", "%x", "@x", "`x`", ".5", "+1", "-1",
];
const SIMPLE_VALUES = ["Deploy freeze", "decision", "2026-11-18", "0.8", "12", "true", "[deploy, risk]", "[]", "'single'", "\"quoted\"", "café 🚀", "a#b", ""];
const simpleLine = fc.tuple(fc.constantFrom(...YAML_KEYS), fc.constantFrom(...SIMPLE_VALUES)).map(([k, v]) => `${k}: ${v}`);
const yamlLine = fc.oneof(
  { weight: 8, arbitrary: simpleLine },
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...YAML_KEYS), fc.constantFrom(": ", ":", ":  ", ": \t"), fc.constantFrom(...YAML_VALUES)).map(([k, sep, v]) => k + sep + v) },
  { weight: 1, arbitrary: fc.constantFrom("", "   ", "# comment", "\t", "  indented: 1", "- item", "key", "1key: x", "k: v # c", "\ufeffname: x", "name: x\r", "tags:\n  - a") },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);
const yaml = fc.tuple(fc.array(yamlLine, { maxLength: 8 }).map(dropRepeatedKeysMostly), fc.constantFrom("\n", "\r\n"), fc.boolean()).map(([lines, eol, trailing]) => lines.join(eol) + (trailing ? eol : ""));

// Repeated keys send the whole block to the yaml package; keep one in ten so that the fast path gets exercised.
function dropRepeatedKeysMostly(lines: string[]): string[] {
  if (lines.length % 10 === 0) return lines;
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = line.split(":")[0]!;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const fenced = fc
  .tuple(fc.constantFrom("---", "--- ", "...", "----"), yaml, fc.constantFrom("---", "...", "--- \t", ""), markdown, fc.constantFrom("\n", "\r\n"))
  .map(([open, fm, close, body, eol]) => [open, fm, close, body].join(eol));
const note = fc.tuple(fc.boolean(), fc.oneof({ weight: 3, arbitrary: fenced }, { weight: 1, arbitrary: markdown })).map(([bom, text]) => (bom ? "\ufeff" : "") + text);
const facts = fc.record({
  path: fc.constantFrom("a.md", "ops/deploy_freeze.md", "projects/x/café note.md", "inbox/Meeting notes.md"),
  mtimeMs: fc.constantFrom(0, 1_763_800_000_000, 1_700_000_000_123),
  size: fc.option(fc.nat(5000), { nil: undefined }),
});

const RUNS = runs(2000);

test("should parse any note exactly as the reference parser does", () => {
  fc.assert(
    fc.property(note, facts, (text, fileFacts) => {
      const f = fileFacts.size === undefined ? { path: fileFacts.path, mtimeMs: fileFacts.mtimeMs } : fileFacts;
      assert.deepEqual(parseAtom(text, f), referenceParseAtom(text, f));
    }),
    RUNS,
  );
});

test("should read frontmatter YAML and find its keys' lines exactly as the reference fast path does", () => {
  fc.assert(
    fc.property(yaml, (source) => {
      const expected = referenceParseSimpleYaml(source);
      const actual = parseSimpleYaml(source);
      assert.deepEqual(actual?.data, expected?.data);
      if (expected === null) return;
      for (const key of [...YAML_KEYS, "tag", "nam", "a"]) assert.equal(simpleYamlKeyLine(source, key), expected.lines.get(key), key);
    }),
    runs(5000),
  );
});

test("should split frontmatter exactly as the reference does", () => {
  fc.assert(fc.property(note, (text) => assert.deepEqual(splitFrontmatter(text.replace(/^\ufeff/, "")), referenceSplitFrontmatter(text.replace(/^\ufeff/, "")))), RUNS);
});

test("should find the same hashtags, targets and first prose line as the reference", () => {
  fc.assert(
    fc.property(markdown, fc.integer({ min: 1, max: 160 }), (body, max) => {
      const masked = maskCode(body);
      assert.deepEqual(extractHashtags(masked.masked), referenceExtractHashtags(masked.masked));
      assert.deepEqual(extractHashtags(body), referenceExtractHashtags(body));
      assert.deepEqual(extractTargets(masked), referenceExtractTargets(masked));
      assert.equal(firstProseLine(masked, body, max), referenceFirstProseLine(masked, body, max));
      assert.equal(firstProseLine(masked, body), referenceFirstProseLine(masked, body));
    }),
    RUNS,
  );
});

test("should turn a line into the same plain text as the reference", () => {
  fc.assert(fc.property(bodyLine, (line) => assert.equal(plainText(line), referencePlainText(line))), RUNS);
});

test("should normalize tags exactly as the reference does", () => {
  const tag = fc.oneof(fc.constantFrom("#a", "##B", " # c ", "#", "", " ", "Deploy", "\u00a0#x", "İ", "a b"), fc.string({ maxLength: 5 }));
  fc.assert(fc.property(fc.array(tag, { maxLength: 6 }), (tags) => assert.deepEqual(normalizeTags(tags), referenceNormalizeTags(tags))), RUNS);
});

test("should collapse whitespace exactly as replace(/\\s+/g, ' ').trim() does", () => {
  const ws = fc.oneof(bodyLine, fc.string({ maxLength: 12, unit: "binary" }));
  fc.assert(fc.property(ws, (s) => assert.equal(collapseWhitespace(s), s.replace(/\s+/g, " ").trim())), RUNS);
});

test("should count as whitespace exactly the code units \\s matches", () => {
  for (let c = 0; c <= 0xffff; c++) assert.equal(isWhitespaceCode(c), /\s/.test(String.fromCharCode(c)), `U+${c.toString(16)}`);
});

test("should cut at the same code point as spreading the string does", () => {
  const s = fc.array(fc.constantFrom("a", "é", "🚀", "\ud83d", "\ude00", "部"), { maxLength: 12 }).map((parts) => parts.join(""));
  fc.assert(fc.property(s, fc.integer({ min: 0, max: 14 }), (text, max) => assert.equal(firstCodePoints(text, max), [...text].slice(0, max).join(""))), RUNS);
});


test("should normalize dates exactly as the reference does", () => {
  const digit = fc.constantFrom(..."0123456789");
  const dateLike = fc.tuple(fc.array(digit, { minLength: 4, maxLength: 4 }), fc.array(digit, { minLength: 2, maxLength: 2 }), fc.array(digit, { minLength: 2, maxLength: 2 }), fc.constantFrom("", "T10:00:00Z", " 10:00", " ", "x", "\t"), fc.constantFrom("", " ", "\u00a0"))
    .map(([y, m, d, tail, pad]) => `${pad}${y.join("")}-${m.join("")}-${d.join("")}${tail}`);
  const value = fc.oneof(dateLike, fc.constantFrom("2026-02-29", "2024-02-29", "2026-11-18", "2026-1-18", "٢٠٢٦-11-18", "2026/11/18", "", null, 20261118), fc.string({ maxLength: 12 }));
  fc.assert(fc.property(value, (v) => assert.equal(normalizeDate(v), referenceNormalizeDate(v))), RUNS);
});
