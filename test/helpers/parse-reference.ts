// The functions of the parsing hot path that were optimized for speed, as
// they were before, kept verbatim as references: the property tests in
// test/parse-fast.test.ts check that the optimized code gives exactly what
// these give. What did not change (maskCode, the yaml-package branch of
// readFrontmatterData, the scalar field readers) is imported from lib/.
// Not used by lib/.
import type { MaskedBody } from "../../lib/core/atoms/markdown.js";
import type { FrontmatterSplit } from "../../lib/core/atoms/frontmatter.js";
import { readFrontmatterData, type FrontmatterData } from "../../lib/core/atoms/frontmatter-data.js";
import { maskCode, wikilinkTarget } from "../../lib/core/atoms/markdown.js";
import type { CortexConfig } from "../../lib/core/config/types.js";
import { defaultConfig } from "../../lib/core/config/defaults.js";
import { isIsoDate, localDate } from "../../lib/core/util/dates.js";
import { dateField, diagnostic, numberField, stringField, type Report } from "../../lib/core/atoms/fields.js";
import { inferProject } from "../../lib/core/atoms/parse.js";
import { nameFromPath } from "../../lib/core/atoms/names.js";
import type { Atom, Diagnostic, FileFacts, ParsedAtom } from "../../lib/core/atoms/types.js";
import { ATOM_STATUSES, ATOM_TYPES } from "../../lib/core/atoms/types.js";

// ---- lib/core/atoms/yaml-fast.ts

export function referenceParseSimpleYaml(text: string): { data: Record<string, unknown>; lines: Map<string, number> } | null {
  const data: Record<string, unknown> = {};
  const lines = new Map<string, number>();
  const rows = text.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!.endsWith("\r") ? rows[i]!.slice(0, -1) : rows[i]!;
    if (row.trim() === "" || row.startsWith("#")) continue;
    const m = KEY_LINE.exec(row);
    if (!m || m[1]! in data || m[1] === "__proto__") return null;
    const value = simpleValue((m[2] ?? "").trim());
    if (value === FAIL) return null;
    data[m[1]!] = value;
    lines.set(m[1]!, i + 1);
  }
  return { data, lines };
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*)|())$/;
const FAIL = Symbol("fail");
const PLAIN = /^[^-?:,[\]{}#&*!|>'"%@`\s+.~][^\t]*$/;
const FLOW_PLAIN = /^[^-?:,[\]{}#&*!|>'"%@`\s+.~][^\t,[\]{}:#"']*$/;
/** A character no YAML 1.2 core-schema number (int, octal, hex, float, exponent) contains. */
const NOT_NUMERIC = /[^0-9a-fA-F.xXoO+-]/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,15})?$/;
const KEYWORDS = new Map<string, unknown>([["true", true], ["false", false], ["null", null], ["True", true], ["False", false], ["Null", null], ["TRUE", true], ["FALSE", false], ["NULL", null]]);

function simpleValue(raw: string, flow = false): unknown {
  if (raw === "") return flow ? FAIL : null;
  if (KEYWORDS.has(raw)) return KEYWORDS.get(raw);
  if (DATE.test(raw)) return raw;
  if (NUMBER.test(raw)) return Number(raw);
  if (!flow && raw.startsWith("[") && raw.endsWith("]")) return flowList(raw.slice(1, -1));
  if (raw.length > 1 && raw.startsWith('"') && raw.endsWith('"')) {
    const inner = raw.slice(1, -1);
    return /["\\]/.test(inner) ? FAIL : inner;
  }
  if (raw.length > 1 && raw.startsWith("'") && raw.endsWith("'")) {
    const inner = raw.slice(1, -1);
    return inner.includes("'") ? FAIL : inner;
  }
  if (/^[0-9]/.test(raw) && !NOT_NUMERIC.test(raw)) return FAIL;
  const pattern = flow ? FLOW_PLAIN : PLAIN;
  if (!pattern.test(raw) || raw.includes(": ") || raw.includes(" #") || raw.endsWith(":")) return FAIL;
  return raw;
}

function flowList(inner: string): unknown {
  if (inner.trim() === "") return [];
  const items: unknown[] = [];
  for (const part of inner.split(",")) {
    const value = simpleValue(part.trim(), true);
    if (value === FAIL) return FAIL;
    items.push(value);
  }
  return items;
}

// ---- lib/core/atoms/markdown.ts

const WIKILINK = /!?\[\[([^[\]\n]+?)\]\]/g;
const MD_PATH = /^[^\s`]+\.md$/i;

/**
 * Link targets of a masked body, in order, de-duplicated: wikilinks reduced
 * to their target (`[[t|alias]]`, `[[t#heading]]`, `[[t#^block]]`, `![[t]]`
 * → `t`; `[[#heading]]` self-links are dropped) and inline-code `x/y.md` paths.
 */
export function referenceExtractTargets(body: MaskedBody): string[] {
  const seen = new Set<string>();
  if (body.masked.includes("[[")) {
    for (const m of body.masked.matchAll(WIKILINK)) {
      const target = wikilinkTarget(m[1]!);
      if (target) seen.add(target);
    }
  }
  for (const code of body.inlineCode) if (MD_PATH.test(code)) seen.add(code);
  return [...seen];
}


const HASHTAG = /(?:^|[\s(,;])#([\p{L}\p{N}_\-/]+)/gu;

/** Obsidian-style `#tags` of a masked body, lowercased, in order; purely numeric ones are not tags. */
export function referenceExtractHashtags(masked: string): string[] {
  if (!masked.includes("#")) return [];
  const tags: string[] = [];
  for (const m of masked.matchAll(HASHTAG)) {
    const tag = m[1]!.replace(/\/+$/, "").toLowerCase();
    if (tag && /[^\d]/.test(tag)) tags.push(tag);
  }
  return tags;
}

const NOT_PROSE = /^(#{1,6}(\s|$)|<!--|-->|---+$|\*\*\*+$|___+$|\|?[\s:|-]+\|[\s:|-]*$|\[\^|!\[)/;

/** The first prose line of a body, stripped of markdown, whitespace collapsed, at most `max` chars. */
export function referenceFirstProseLine(body: MaskedBody, original: string, max = 150): string {
  const masked = body.masked.split("\n");
  const lines = original.split("\n");
  for (let i = 0; i < masked.length; i++) {
    const probe = masked[i]!.trim();
    if (!probe || NOT_PROSE.test(probe)) continue;
    const text = referencePlainText(lines[i]!);
    if (text) return [...text].slice(0, max).join("");
  }
  return "";
}

/** One line of markdown as plain text: list and quote markers, emphasis and link syntax removed (`[[t|Alias]]` → Alias). */
export function referencePlainText(line: string): string {
  return line
    .replace(/^\s*(>\s*)+/, "")
    .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, "")
    .replace(/!?\[\[([^[\]\n]+?)\]\]/g, (_, inner: string) => {
      const pipe = inner.indexOf("|");
      return pipe === -1 ? wikilinkTarget(inner) : inner.slice(pipe + 1).trim();
    })
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

// ---- lib/core/atoms/frontmatter.ts

const FENCE = /^---[ \t]*\r?$/;
const CLOSE = /^(---|\.\.\.)[ \t]*\r?$/;

/**
 * Splits `---` fenced YAML frontmatter from the body. The fence must be the
 * very first line (a BOM must already be removed); it closes with `---` or `...`.
 */
export function referenceSplitFrontmatter(text: string): FrontmatterSplit {
  const none: FrontmatterSplit = { state: "none", yaml: "", yamlLine: 1, body: text, bodyLine: 1 };
  const firstEnd = text.indexOf("\n");
  if (!FENCE.test(firstEnd === -1 ? text : text.slice(0, firstEnd))) return none;
  if (firstEnd === -1) return { ...none, state: "unterminated" };
  let pos = firstEnd + 1;
  let line = 2;
  while (pos <= text.length) {
    const end = text.indexOf("\n", pos);
    const current = end === -1 ? text.slice(pos) : text.slice(pos, end);
    if (CLOSE.test(current)) {
      const bodyStart = end === -1 ? text.length : end + 1;
      return { state: "ok", yaml: text.slice(firstEnd + 1, pos), yamlLine: 2, body: text.slice(bodyStart), bodyLine: line + 1 };
    }
    if (end === -1) break;
    pos = end + 1;
    line++;
  }
  return { ...none, state: "unterminated" };
}

// ---- lib/core/atoms/parse.ts and lib/core/atoms/fields.ts

export function referenceOneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

export function referenceCountLines(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

function listField(data: Record<string, unknown>, key: string, report: Report, split: boolean): string[] {
  const value = data[key];
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return split ? value.split(/[,\s]+/).filter(Boolean) : [value.trim()].filter(Boolean);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      if (typeof item === "string" || typeof item === "number") items.push(String(item).trim());
      else if (item !== null) report(key, "field-type", `${key}: list item ${show(item)} is not a string; ignored`);
    }
    return items.filter(Boolean);
  }
  report(key, "field-type", `${key}: expected a list of strings, got ${kind(value)}; ignored`);
  return [];
}

function kind(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  return typeof value === "object" ? "a mapping" : typeof value;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export function referenceNormalizeTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, "").trim().toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

// ---- lib/core/atoms/parse.ts

const TYPES = new Set<string>(ATOM_TYPES);
const STATUSES = new Set<string>(ATOM_STATUSES);

export function referenceParseAtom(text: string, facts: FileFacts, config: CortexConfig = defaultConfig()): ParsedAtom {
  const path = facts.path;
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const split = referenceSplitFrontmatter(clean);
  const diagnostics: Diagnostic[] = [];
  let data: Record<string, unknown> = {};
  let keyLine = (_key: string) => 1;
  if (split.state === "unterminated") {
    diagnostics.push(diagnostic(path, 1, "frontmatter-unterminated", "frontmatter opened with --- is never closed; read as body", "error"));
  } else if (split.state === "ok") {
    const read = referenceReadFrontmatterData(split.yaml, split.yamlLine);
    data = read.data;
    keyLine = read.keyLine;
    for (const p of read.problems) diagnostics.push(diagnostic(path, p.line, p.rule, p.message, p.severity ?? "error"));
  }
  const report: Report = (key, rule, message) => diagnostics.push(diagnostic(path, keyLine(key), rule, message));
  const masked = maskCode(split.body);
  const atom = buildAtom(data, report, { facts, config, body: split.body, masked, text: clean });
  checkEnums(atom, report);
  diagnostics.sort((a, b) => a.line - b.line);
  return { atom, targets: mergeTargets(atom.links, referenceExtractTargets(masked)), diagnostics };
}

interface BuildContext {
  facts: FileFacts;
  config: CortexConfig;
  body: string;
  masked: MaskedBody;
  text: string;
}

function buildAtom(data: Record<string, unknown>, report: Report, ctx: BuildContext): Atom {
  const { facts, config } = ctx;
  const fileDate = localDate(facts.mtimeMs);
  const created = dateField(data, "created", report) ?? dateField(data, "date", report);
  const updated = dateField(data, "updated", report) ?? dateField(data, "modified", report);
  const tags = referenceNormalizeTags([...listField(data, "tags", report, true), ...listField(data, "tag", report, true), ...referenceExtractHashtags(ctx.masked.masked)]);
  const aliases = [...listField(data, "aliases", report, false), ...listField(data, "alias", report, false)];
  return {
    path: facts.path,
    id: stringField(data, "id", report),
    name: referenceOneLine(stringField(data, "name", report) ?? stringField(data, "title", report) ?? nameFromPath(facts.path)),
    type: (stringField(data, "type", report) ?? "unknown").toLowerCase(),
    project: stringField(data, "project", report) ?? inferProject(facts.path, config),
    status: (stringField(data, "status", report) ?? "active").toLowerCase(),
    created: created ?? updated ?? fileDate,
    updated: updated ?? created ?? fileDate,
    tags,
    aliases: [...new Set(aliases)],
    links: listField(data, "links", report, false).map(stripBrackets).filter(Boolean),
    description: referenceOneLine(stringField(data, "description", report) ?? referenceFirstProseLine(ctx.masked, ctx.body)),
    lines: referenceCountLines(ctx.text),
    size_bytes: facts.size ?? Buffer.byteLength(ctx.text),
    confidence: numberField(data, "confidence", report),
    pnl_impact: numberField(data, "pnl_impact", report),
    superseded_by: stringField(data, "superseded_by", report),
  };
}

function checkEnums(atom: Atom, report: Report): void {
  if (atom.type !== "unknown" && !TYPES.has(atom.type)) report("type", "invalid-type", `type: "${atom.type}" is not one of ${ATOM_TYPES.join(", ")}`);
  if (!STATUSES.has(atom.status)) report("status", "invalid-status", `status: "${atom.status}" is not one of ${ATOM_STATUSES.join(", ")}`);
  if (atom.confidence !== null && (atom.confidence < 0 || atom.confidence > 1)) report("confidence", "invalid-confidence", `confidence: ${atom.confidence} is not between 0 and 1`);
}


function mergeTargets(links: string[], body: string[]): string[] {
  return [...new Set([...links, ...body])];
}

function stripBrackets(link: string): string {
  const m = /^!?\[\[(.*)\]\]$/.exec(link.trim());
  return m ? wikilinkTarget(m[1]!) : link.trim();
}



// ---- lib/core/atoms/frontmatter-data.ts

function referenceReadFrontmatterData(yaml: string, firstLine: number): FrontmatterData {
  const simple = referenceParseSimpleYaml(yaml);
  if (simple) {
    return { data: simple.data, keyLine: (key) => firstLine - 1 + (simple.lines.get(key) ?? 1), problems: [] };
  }
  // Outside the fast path nothing changed; the YAML test checks that both fast paths accept the same blocks.
  return readFrontmatterData(yaml, firstLine);
}
// ---- lib/core/util/dates.ts

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

export function referenceNormalizeDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== "string") return null;
  const m = DATE_PREFIX.exec(value.trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDate(date) ? date : null;
}
