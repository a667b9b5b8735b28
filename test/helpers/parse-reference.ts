// The implementations of the parsing hot path as they were before they were
// optimized for speed, kept verbatim as references: the property tests in
// test/parse-fast.test.ts check that the optimized code gives exactly what
// these give. Not used by lib/.
import type { CodeSpan, MaskedBody } from "../../lib/atoms/markdown.js";
import type { DecodedFile } from "../../lib/atoms/decode.js";
import type { FrontmatterSplit } from "../../lib/atoms/frontmatter.js";
import type { FrontmatterData } from "../../lib/atoms/frontmatter-data.js";
import { wikilinkTarget } from "../../lib/atoms/markdown.js";
import type { CortexConfig } from "../../lib/config/types.js";
import { defaultConfig } from "../../lib/config/defaults.js";
import { isIsoDate, localDate } from "../../lib/util/dates.js";
import { yamlLib } from "../../lib/util/yaml.js";
import { dateField, diagnostic, listField, numberField, stringField, type Report } from "../../lib/atoms/fields.js";
import { inferProject } from "../../lib/atoms/parse.js";
import { nameFromPath } from "../../lib/atoms/names.js";
import type { Atom, Diagnostic, FileFacts, ParsedAtom } from "../../lib/atoms/types.js";
import { ATOM_STATUSES, ATOM_TYPES } from "../../lib/atoms/types.js";

// ---- lib/atoms/yaml-fast.ts

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

// ---- lib/atoms/markdown.ts

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** Blanks fenced code blocks and inline code spans so that links and tags inside them are not seen. */
export function referenceMaskCode(body: string): MaskedBody {
  if (!body.includes("`") && !body.includes("~~~")) return { masked: body, inlineCode: [], inlineSpans: [] };
  const lines = body.split("\n");
  const inlineCode: string[] = [];
  const inlineSpans: CodeSpan[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const close = FENCE_OPEN.exec(line);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && line.trim() === close[1]) fence = null;
      lines[i] = blank(line);
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open && !(open[1]![0] === "`" && line.slice(open[0].length).includes("`"))) {
      fence = open[1]!;
      lines[i] = blank(line);
      continue;
    }
    if (line.includes("`")) lines[i] = maskInline(line, i, inlineCode, inlineSpans);
  }
  return { masked: lines.join("\n"), inlineCode, inlineSpans };
}

function blank(line: string): string {
  return line.replace(/[^\r]/g, " ");
}

// Replaces each `…` span (delimited by backtick runs of equal length) with spaces.
function maskInline(line: string, lineIndex: number, found: string[], spans: CodeSpan[]): string {
  let out = "";
  let pos = 0;
  while (pos < line.length) {
    const start = line.indexOf("`", pos);
    if (start === -1) break;
    let runEnd = start;
    while (line[runEnd] === "`") runEnd++;
    const run = line.slice(start, runEnd);
    const close = findRun(line, run, runEnd);
    if (close === -1) {
      out += line.slice(pos, runEnd);
      pos = runEnd;
      continue;
    }
    found.push(line.slice(runEnd, close).trim());
    spans.push({ line: lineIndex, start, end: close + run.length });
    out += line.slice(pos, start) + " ".repeat(close + run.length - start);
    pos = close + run.length;
  }
  return out + line.slice(pos);
}

function findRun(line: string, run: string, from: number): number {
  let at = line.indexOf(run, from);
  while (at !== -1) {
    if (line[at + run.length] !== "`") return at;
    let next = at;
    while (line[next] === "`") next++;
    at = line.indexOf(run, next);
  }
  return -1;
}

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

// ---- lib/atoms/decode.ts

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const legacy = new TextDecoder("windows-1252");

/**
 * Turns a file's bytes into text. A UTF-8 BOM is dropped; a file that is not
 * valid UTF-8 is read as Windows-1252 (the usual legacy encoding, a superset
 * of Latin-1) and reported; a file with a NUL byte in its first 8 KiB is
 * binary and is skipped.
 */
export function referenceDecodeAtomBytes(bytes: Uint8Array, path: string): DecodedFile {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) {
    return { ok: false, diagnostic: { file: path, line: 1, rule: "binary", message: "binary file (contains NUL bytes), skipped", severity: "error" } };
  }
  try {
    return { ok: true, text: utf8.decode(bytes), diagnostics: [] };
  } catch {
    const line = firstInvalidUtf8Line(bytes);
    return {
      ok: true,
      text: legacy.decode(bytes),
      diagnostics: [{ file: path, line, rule: "not-utf8", message: "not valid UTF-8; read as Windows-1252 (Latin-1)", severity: "warning" }],
    };
  }
}

// 1-based line of the first byte sequence that is not UTF-8.
function firstInvalidUtf8Line(bytes: Uint8Array): number {
  let lo = 0;
  let hi = bytes.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid;
    }
  }
  let line = 1;
  for (let i = 0; i < lo; i++) if (bytes[i] === 10) line++;
  return line;
}

// ---- lib/atoms/frontmatter.ts

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

// ---- lib/atoms/parse.ts and lib/atoms/fields.ts

export function referenceOneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

export function referenceCountLines(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

export function referenceNormalizeTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, "").trim().toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

// ---- lib/atoms/parse.ts

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
    for (const p of read.problems) diagnostics.push(diagnostic(path, p.line, p.rule, p.message, "error"));
  }
  const report: Report = (key, rule, message) => diagnostics.push(diagnostic(path, keyLine(key), rule, message));
  const masked = referenceMaskCode(split.body);
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



// ---- lib/atoms/frontmatter-data.ts

function referenceReadFrontmatterData(yaml: string, firstLine: number): FrontmatterData {
  const simple = referenceParseSimpleYaml(yaml);
  if (simple) {
    return { data: simple.data, keyLine: (key) => firstLine - 1 + (simple.lines.get(key) ?? 1), problems: [] };
  }
  const { isMap, isScalar, LineCounter, parseDocument } = yamlLib();
  const counter = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter: counter, prettyErrors: false });
  const problems = doc.errors.map((error) => ({
    line: firstLine - 1 + counter.linePos(error.pos[0]).line,
    rule: "frontmatter-yaml",
    message: `frontmatter is not valid YAML: ${error.message.split("\n")[0]}`,
  }));
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    problems.push({ line: firstLine, rule: "frontmatter-yaml", message: `frontmatter could not be read: ${(error as Error).message}` });
  }
  const lines = new Map<string, number>();
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range) lines.set(String(pair.key.value), counter.linePos(pair.key.range[0]).line);
    }
  }
  const isMapping = typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
  if (!isMapping && value !== null && value !== undefined && problems.length === 0) {
    problems.push({ line: firstLine, rule: "frontmatter-not-mapping", message: "frontmatter is not a mapping of keys to values; ignored" });
  }
  return {
    data: isMapping ? (value as Record<string, unknown>) : {},
    keyLine: (key) => firstLine - 1 + (lines.get(key) ?? 1),
    problems,
  };
}

// ---- lib/util/dates.ts

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

export function referenceNormalizeDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== "string") return null;
  const m = DATE_PREFIX.exec(value.trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDate(date) ? date : null;
}
