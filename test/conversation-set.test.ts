// Keeps the conversational labelled set of bench/quality well formed: the two
// vaults (fact atoms, session transcripts) and the two question files over them.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { defaultConfig, parseAtom, readConfigFile, type ParsedAtom } from "./helpers/lib.js";
import { ROOT } from "./helpers/cli.js";

const BENCH = join(ROOT, "bench/quality");
const KINDS = new Set(["single", "multi", "when", "open"]);
const TURN = /^\*\*(User|Assistant):\*\* \S/;

interface Item { id: string; vault: string; kind: string; question: string; answer: string; relevant: string[] }

function readSet(file: string): Item[] {
  return readFileSync(join(BENCH, file), "utf8").trim().split("\n").map((line) => JSON.parse(line) as Item);
}

function notes(vault: string): string[] {
  return readdirSync(join(BENCH, vault)).filter((f) => f.endsWith(".md")).sort();
}

function parseVault(vault: string): Map<string, ParsedAtom> {
  const dir = join(BENCH, vault);
  const config = readConfigFile(dir) ?? defaultConfig();
  // mtime 0: a note without its own dates would show up as 1970-01-01.
  return new Map(notes(vault).map((f) => [f, parseAtom(readFileSync(join(dir, f), "utf8"), { path: f, mtimeMs: 0 }, config)]));
}

const facts = readSet("conversation-facts.jsonl");
const sessions = readSet("conversation-sessions.jsonl");

test("should hold at least 15 session notes with at least 300 turns in all", () => {
  const files = notes("conversation/sessions");
  assert.ok(files.length >= 15, `${files.length} session notes`);
  let turns = 0;
  for (const f of files) {
    const count = readFileSync(join(BENCH, "conversation/sessions", f), "utf8").split("\n").filter((l) => TURN.test(l)).length;
    assert.ok(count > 0, `${f} should hold turns`);
    turns += count;
  }
  assert.ok(turns >= 300, `${turns} turns`);
});

test("should ask at least 80 questions with unique ids, the same in both files", () => {
  assert.ok(facts.length >= 80, `${facts.length} questions`);
  assert.equal(new Set(facts.map((i) => i.id)).size, facts.length, "ids are unique");
  const strip = (i: Item) => ({ id: i.id, kind: i.kind, question: i.question, answer: i.answer });
  assert.deepEqual(sessions.map(strip), facts.map(strip));
});

test("should give every question one of the four kinds, a question, an answer and its vault", () => {
  for (const [set, vault] of [[facts, "conversation/facts"], [sessions, "conversation/sessions"]] as const) {
    for (const item of set) {
      assert.ok(KINDS.has(item.kind), `${item.id}: kind ${item.kind}`);
      assert.equal(item.vault, vault, item.id);
      assert.ok(item.question.trim() && item.answer.trim(), `${item.id}: question and answer`);
    }
  }
  for (const kind of KINDS) assert.ok(facts.filter((i) => i.kind === kind).length >= 15, `enough ${kind} questions`);
});

test("should point every relevant path at an existing note of the item's vault", () => {
  for (const item of [...facts, ...sessions]) {
    assert.ok(item.relevant.length > 0, `${item.id} has evidence`);
    assert.equal(new Set(item.relevant).size, item.relevant.length, `${item.id}: no path twice`);
    for (const path of item.relevant) {
      assert.ok(path.endsWith(".md") && existsSync(join(BENCH, item.vault, path)), `${item.id} (${item.vault}): ${path}`);
    }
  }
});

test("should parse every note of both vaults without error diagnostics and with its own created/updated dates", () => {
  // `session` is not one of the project's atom types: the parser warns about it, and that is the only diagnostic allowed.
  for (const [vault, allowed] of [["conversation/facts", []], ["conversation/sessions", ["invalid-type"]]] as const) {
    const parsed = parseVault(vault);
    assert.ok(parsed.size > 0, vault);
    for (const [file, { atom, diagnostics }] of parsed) {
      assert.deepEqual(diagnostics.filter((d) => d.severity === "error"), [], `${vault}/${file}`);
      assert.deepEqual(diagnostics.filter((d) => !(allowed as readonly string[]).includes(d.rule)), [], `${vault}/${file}`);
      for (const date of [atom.created, atom.updated]) assert.match(date, /^2026-(0[3-9])-\d\d$/, `${vault}/${file}: ${date}`);
      assert.ok(atom.created <= atom.updated, `${vault}/${file}: created after updated`);
      assert.ok(atom.id && atom.description, `${vault}/${file}: id and description`);
    }
  }
});

test("should name each session note after its number and date", () => {
  for (const [file, { atom }] of parseVault("conversation/sessions")) {
    const number = /^session_(\d\d)\.md$/.exec(file)?.[1];
    assert.ok(number, file);
    assert.equal(atom.type, "session", file);
    assert.equal(atom.created, atom.updated, file);
    assert.equal(atom.name, `Session ${number} — ${atom.created}`);
  }
});

test("should point every superseded fact at an atom that exists and is dated later", () => {
  const atoms = [...parseVault("conversation/facts").values()].map((p) => p.atom);
  const byId = new Map(atoms.map((a) => [a.id, a]));
  const superseded = atoms.filter((a) => a.status === "superseded");
  assert.ok(superseded.length > 0, "the set revises some facts");
  for (const old of superseded) {
    const next = byId.get(old.superseded_by ?? "");
    assert.ok(next, `${old.path}: superseded_by ${old.superseded_by}`);
    assert.ok(next.created > old.created, `${old.path} is replaced by a later fact`);
  }
});
