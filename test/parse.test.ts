import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { decodeAtomBytes, defaultConfig, parseAtom, type ParsedAtom } from "./helpers/lib.js";
import { ROOT } from "./helpers/cli.js";

const MTIME = Date.UTC(2026, 10, 22, 12); // 2026-11-22 midday UTC: the same local date in every zone from UTC-11 to UTC+11
const parse = (text: string, path = "notes/a_note.md", config = defaultConfig()) => parseAtom(text, { path, mtimeMs: MTIME }, config);
const rules = (p: ParsedAtom) => p.diagnostics.map((d) => `${d.line} ${d.rule}`);

function fixture(name: string): ParsedAtom {
  const decoded = decodeAtomBytes(readFileSync(`${ROOT}test/fixtures/quirks/${name}`), name);
  assert.ok(decoded.ok, `${name} should decode`);
  const parsed = parse(decoded.text, name);
  parsed.diagnostics.unshift(...decoded.diagnostics);
  return parsed;
}

test("should read every schema field of a well-formed atom", () => {
  const { atom, diagnostics } = parse("---\nid: 20261121_x\nname: Deploy freeze\ntype: decision\nproject: ops\nstatus: review\ncreated: 2026-11-01\nupdated: 2026-11-21\ntags: [Deploy, '#risk']\nlinks: ['[[a/b|B]]', c]\ndescription: Short\nconfidence: 0.8\npnl_impact: -12.5\n---\n# Body\n");
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(
    [atom.id, atom.name, atom.type, atom.project, atom.status, atom.created, atom.updated, atom.tags, atom.links, atom.description, atom.confidence, atom.pnl_impact],
    ["20261121_x", "Deploy freeze", "decision", "ops", "review", "2026-11-01", "2026-11-21", ["deploy", "risk"], ["a/b", "c"], "Short", 0.8, -12.5],
  );
});

test("should fill defaults for a file without frontmatter", () => {
  const { atom, diagnostics } = parse("Just text with #Idea and #idea again and #2024 and #a/b/\n", "inbox/my_quick idea.md");
  assert.deepEqual(diagnostics, []);
  assert.deepEqual([atom.name, atom.type, atom.project, atom.status, atom.created, atom.updated], ["My Quick Idea", "unknown", "unknown", "active", "2026-11-22", "2026-11-22"]);
  assert.deepEqual(atom.tags, ["idea", "a/b"], "lowercased, de-duplicated, numeric-only dropped");
  assert.equal(atom.description, "Just text with #Idea and #idea again and #2024 and #a/b/");
});

test("should infer the project from [directories], then from [projects] names", () => {
  const config = { ...defaultConfig(), directories: { feedback: "meta" }, projects: ["ops"] };
  assert.equal(parse("x", "a/feedback/b/n.md", config).atom.project, "meta");
  assert.equal(parse("x", "ops/n.md", config).atom.project, "ops");
  assert.equal(parse("x", "other/n.md", config).atom.project, "unknown");
  assert.equal(parse("---\nproject: own\n---\n", "feedback/n.md", config).atom.project, "own");
});

test("should report YAML that does not parse and keep what can be read", () => {
  const p = fixture("bad_yaml.md");
  assert.equal(p.atom.name, "Broken yaml keeps its name");
  assert.deepEqual(rules(p), ["5 frontmatter-yaml"]);
});

test("should read a quote never closed as closed at its line's end, keeping the fields after it, and report the line it opens on", () => {
  for (const [quote, eol] of [['"', "\n"], ["'", "\n"], ['"', "\r\n"]]) {
    const p = parse(`---${eol}name: ${quote}Priya Raman${eol}type: person${eol}project: ops${eol}status: review${eol}---${eol}Body.${eol}`);
    assert.deepEqual([p.atom.name, p.atom.type, p.atom.project, p.atom.status], ["Priya Raman", "person", "ops", "review"], `${quote} ${JSON.stringify(eol)}`);
    assert.deepEqual(rules(p), ["2 frontmatter-yaml"]);
    assert.match(p.diagnostics[0]!.message, /a quote opens on this line and is never closed/);
  }
  const escaped = parse('---\nname: "Ends in a backslash \\\ntype: person\n---\nBody.\n');
  assert.equal(escaped.atom.type, "unknown", "a line the repair cannot close is read as the parser reads it");
  assert.equal(escaped.diagnostics[0]!.line, 2);
});

test("should report unterminated frontmatter and read the file as body", () => {
  const p = fixture("unterminated.md");
  assert.deepEqual(rules(p), ["1 frontmatter-unterminated"]);
  assert.equal(p.atom.name, "Unterminated");
});

test("should ignore wrong-typed fields with one diagnostic each, on the field's line", () => {
  const p = fixture("wrong_types.md");
  assert.deepEqual(rules(p), ["2 field-type", "5 field-type", "6 bad-date", "7 field-type"]);
  assert.deepEqual([p.atom.name, p.atom.type, p.atom.tags, p.atom.updated, p.atom.confidence], ["Wrong Types", "insight", [], "2026-11-22", null]);
});

test("should read CRLF files and a UTF-8 BOM like any other", () => {
  const crlf = fixture("crlf.md");
  assert.deepEqual(crlf.diagnostics, []);
  assert.equal(crlf.atom.name, "Windows line endings");
  assert.ok(!crlf.atom.description.includes("\r"));
  const bom = fixture("bom.md");
  assert.deepEqual(bom.diagnostics, []);
  assert.equal(bom.atom.name, "Starts with a byte order mark");
});

test("should read tags as a block list, as one string, with # and mixed case", () => {
  const block = fixture("block_tags.md");
  assert.deepEqual([block.atom.tags, block.atom.aliases], [["deploy", "risk"], ["Single Alias"]]);
  assert.deepEqual(fixture("string_tags.md").atom.tags, ["deploy", "risk", "ops"]);
});

test("should turn timestamps into YYYY-MM-DD", () => {
  const p = fixture("dates.md");
  assert.deepEqual([p.atom.created, p.atom.updated], ["2026-03-01", "2026-03-02"]);
  assert.equal(parse("---\nupdated: 2026-02-30\n---\n").diagnostics[0]?.rule, "bad-date");
});

test("should take names from non-ASCII file names with spaces", () => {
  assert.equal(fixture("Spaced Name Ünïcode.md").atom.name, "Spaced Name Ünïcode");
});

test("should skip binary files and read non-UTF-8 text as Windows-1252 with a warning", () => {
  const binary = decodeAtomBytes(readFileSync(`${ROOT}test/fixtures/quirks/binary.md`), "binary.md");
  assert.equal(binary.ok, false);
  const latin = fixture("latin1.md");
  assert.equal(latin.atom.name, "Café");
  assert.deepEqual(rules(latin), ["2 not-utf8"]);
});

test("should parse an empty file", () => {
  const p = fixture("empty.md");
  assert.deepEqual([p.atom.name, p.atom.lines, p.atom.description, p.diagnostics], ["Empty", 0, "", []]);
});

test("should not see links or tags inside code", () => {
  const p = fixture("code_links.md");
  assert.deepEqual(p.targets, ["ok", "sub/index/nested", "crlf", "ok.md"]);
  assert.deepEqual(p.atom.tags, ["links", "realtag"]);
});

test("should reduce wikilinks to their targets", () => {
  const p = parse("[[a|x]] [[b#h]] [[c#^blk]] ![[d.png]] [[#self]] [[e\\|t]] [[ f ]] `x/y.md` `not a path.md`");
  assert.deepEqual(p.targets, ["a", "b", "c", "d.png", "e", "f", "x/y.md"]);
});

test("should warn about an unknown type or status but keep the value", () => {
  const p = parse("---\ntype: Memo\nstatus: draft\n---\n");
  assert.deepEqual([p.atom.type, p.atom.status, rules(p)], ["memo", "draft", ["2 invalid-type", "3 invalid-status"]]);
});

test("should accept Obsidian's title, aliases and a tags string", () => {
  const p = parse("---\ntitle: From title\naliases: [One, Two]\ntags: a b, c\n---\n");
  assert.deepEqual([p.atom.name, p.atom.aliases, p.atom.tags], ["From title", ["One", "Two"], ["a", "b", "c"]]);
});

test("should derive the description from the first prose line, at most 150 characters", () => {
  const long = "word ".repeat(60);
  const p = parse(`---\nname: x\n---\n# Title\n\n> **Bold** [[target|Alias]] and [link](http://x)\n${long}`);
  assert.equal(p.atom.description, "Bold Alias and link");
  assert.equal(parse(`${long}\n`).atom.description, long.slice(0, 150).trimEnd());
});

test("should count lines and bytes", () => {
  const p = parse("a\nb\n");
  assert.deepEqual([p.atom.lines, p.atom.size_bytes], [2, 4]);
});

test("should treat constructor, toString and __proto__ as plain values and tags", async () => {
  const { buildIndexes } = await import("./helpers/lib.js");
  const p = parse("---\nname: constructor\ntype: toString\ntags: [__proto__, constructor]\n---\n");
  assert.deepEqual([p.atom.name, p.atom.type, p.atom.tags], ["constructor", "tostring", ["__proto__", "constructor"]]);
  const indexes = buildIndexes([p]);
  assert.deepEqual(Object.keys(indexes.by_tag), ["__proto__", "constructor"]);
});
