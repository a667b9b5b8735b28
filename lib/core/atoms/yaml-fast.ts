/** What {@link parseSimpleYaml} reads: the mapping. {@link simpleYamlKeyLine} finds a key's line when a diagnostic needs it. */
export interface SimpleYaml {
  data: Record<string, unknown>;
}

/**
 * A fast path for the frontmatter almost every atom has: one `key: value`
 * per line, values plain words, YYYY-MM-DD dates, simple numbers, `true`,
 * `false`, `null`, or a one-line `[a, b]` list of such words. The `yaml`
 * package takes ~100 µs per document, which alone would make a 100k-atom
 * index take 10 s; this takes about a microsecond. Anything outside that
 * strict subset (quotes with escapes, nesting, block lists, anchors, comments
 * after values, `: ` inside a value, numbers in other notations, duplicate
 * keys …) returns null and the caller uses `yaml`. A property test checks
 * that whenever this returns a value, it deep-equals what `yaml.parse` gives.
 *
 * Lines are walked with `indexOf` rather than split into an array, and keys
 * are read by character code rather than by a regex with captures: parsing
 * runs once per atom on a full index, and temporary strings cost GC time.
 */
export function parseSimpleYaml(text: string): SimpleYaml | null {
  const result: SimpleYaml = { data: {} };
  let start = 0;
  for (;;) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    if (!readRow(text, start, end, result)) return null;
    if (newline === -1) return result;
    start = newline + 1;
  }
}

/**
 * The 1-based line of `key` within YAML that {@link parseSimpleYaml} read,
 * or undefined when the key is not there. Found on demand, as only a
 * diagnostic needs it: every row of such YAML is blank, a `#` comment or
 * starts with its key and a colon.
 */
export function simpleYamlKeyLine(text: string, key: string): number | undefined {
  let start = 0;
  for (let line = 1; ; line++) {
    if (text.startsWith(key, start) && text.charCodeAt(start + key.length) === 58 /* : */ && text.charCodeAt(start) !== 35 /* # */) return line;
    const newline = text.indexOf("\n", start);
    if (newline === -1) return undefined;
    start = newline + 1;
  }
}

const FAIL = Symbol("fail");
/** Characters `.` does not match in a regex without the `s` flag, besides `\n`. */
const LINE_BREAK = /[\r\u2028\u2029]/;

/**
 * Reads the row `text[start, end)` into `result`; false when it is outside
 * the subset. Accepts what `^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*)|())$`
 * matches (after one trailing `\r` is dropped), blank rows and `#` comments.
 */
function readRow(text: string, start: number, end: number, result: SimpleYaml): boolean {
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  if (start === end || text.charCodeAt(start) === 35 /* # */) return true;
  if (!isKeyStart(text.charCodeAt(start))) return text.slice(start, end).trim() === "";
  let colon = start + 1;
  while (colon < end && isKeyChar(text.charCodeAt(colon))) colon++;
  if (colon === end || text.charCodeAt(colon) !== 58 /* : */) return false;
  if (colon + 1 < end && text.charCodeAt(colon + 1) !== 32) return false;
  const key = internKey(text.slice(start, colon));
  if (key in result.data || key === "__proto__") return false;
  let from = colon + 1;
  while (from < end && text.charCodeAt(from) === 32) from++; // skip the spaces after the colon; trim() takes any other whitespace
  const rest = text.slice(from, end);
  if (LINE_BREAK.test(rest)) return false;
  const value = simpleValue(rest.trim(), false);
  if (value === FAIL) return false;
  result.data[key] = value;
  return true;
}

/** The keys atoms usually have, each mapped to itself. */
const COMMON_KEYS = new Map(["id", "name", "title", "type", "project", "status", "created", "updated", "tags", "aliases", "links", "description", "confidence", "superseded_by"].map((key) => [key, key]));

/**
 * The same key, as the string constant when it is a common one. Why: V8
 * looks a constant up in an object directly, while a freshly sliced key is
 * looked up in its string table on every `in` and store (~1 µs per atom).
 */
function internKey(key: string): string {
  return COMMON_KEYS.get(key) ?? key;
}

function isKeyStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; // A-Z a-z _
}

function isKeyChar(c: number): boolean {
  return isKeyStart(c) || (c >= 48 && c <= 57) || c === 45; // also 0-9 -
}

/** A character no YAML 1.2 core-schema number (int, octal, hex, float, exponent) contains. */
const NOT_NUMERIC = /[^0-9a-fA-F.xXoO+-]/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,15})?$/;
const KEYWORDS = new Map<string, unknown>([["true", true], ["false", false], ["null", null], ["True", true], ["False", false], ["Null", null], ["TRUE", true], ["FALSE", false], ["NULL", null]]);

/** A trimmed value (`flow`: an item of a `[…]` list), or FAIL. Dispatches on the first character so each value meets only the checks that can apply. */
function simpleValue(raw: string, flow: boolean): unknown {
  if (raw === "") return flow ? FAIL : null;
  const first = raw.charCodeAt(0);
  if (first >= 48 && first <= 57) return digitValue(raw, flow);
  if (first === 91 /* [ */) return !flow && raw.endsWith("]") ? flowList(raw.slice(1, -1)) : FAIL;
  if (first === 34 /* " */) return raw.length > 1 && raw.endsWith('"') && !/["\\]/.test(raw.slice(1, -1)) ? raw.slice(1, -1) : FAIL;
  if (first === 39 /* ' */) return raw.length > 1 && raw.endsWith("'") && !raw.slice(1, -1).includes("'") ? raw.slice(1, -1) : FAIL;
  if (raw.length <= 5 && KEYWORDS.has(raw)) return KEYWORDS.get(raw);
  return plainValue(raw, flow);
}

/** A value starting with a digit: a date, a simple number, FAIL for other number notations, else a plain word. */
function digitValue(raw: string, flow: boolean): unknown {
  if (DATE.test(raw)) return raw;
  if (NUMBER.test(raw)) return Number(raw);
  if (!NOT_NUMERIC.test(raw)) return FAIL;
  return plainValue(raw, flow);
}

/**
 * A plain (unquoted) word, or FAIL. In one pass over the trimmed, non-empty
 * `raw`, the same test as `^[^-?:,[\]{}#&*!|>'"%@`\s+.~][^\t]*$` (in a list:
 * `[^\t,[\]{}:#"']*` after the first character) and no `: `, no ` #`, no
 * `:` at the end.
 */
function plainValue(raw: string, flow: boolean): unknown {
  if (NOT_PLAIN_START.has(raw.charCodeAt(0))) return FAIL;
  const last = raw.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = raw.charCodeAt(i);
    if (c === 9 /* tab */) return FAIL;
    if (c === 58 /* : */ && (i === last || raw.charCodeAt(i + 1) === 32)) return FAIL;
    if (c === 35 /* # */ && i > 0 && raw.charCodeAt(i - 1) === 32) return FAIL;
    if (flow && NOT_IN_FLOW.has(c)) return FAIL;
  }
  return raw;
}

/** First characters of a plain scalar that make it something else in YAML (whitespace cannot start a trimmed value). */
const NOT_PLAIN_START = charCodes("-?:,[]{}#&*!|>'\"%@`+.~");
/** Characters that end or nest a plain scalar inside a `[…]` list. */
const NOT_IN_FLOW = charCodes(",[]{}:#\"'");

function charCodes(chars: string): Set<number> {
  return new Set([...chars].map((ch) => ch.charCodeAt(0)));
}

function flowList(inner: string): unknown {
  if (inner.trim() === "") return [];
  const items: unknown[] = [];
  for (let start = 0; ; ) {
    const comma = inner.indexOf(",", start);
    const value = simpleValue(inner.slice(start, comma === -1 ? inner.length : comma).trim(), true);
    if (value === FAIL) return FAIL;
    items.push(value);
    if (comma === -1) return items;
    start = comma + 1;
  }
}
