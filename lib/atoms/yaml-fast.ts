/**
 * A fast path for the frontmatter almost every atom has: one `key: value`
 * per line, values plain words, YYYY-MM-DD dates, simple numbers, `true`,
 * `false`, `null`, or a one-line `[a, b]` list of such words. The `yaml`
 * package takes ~100 µs per document, which alone would make a 100k-atom
 * index take 10 s; this takes a few µs. Anything outside that strict subset
 * (quotes with escapes, nesting, block lists, anchors, comments after values,
 * `: ` inside a value, numbers in other notations, duplicate keys …) returns
 * null and the caller uses `yaml`. A property test checks that whenever this
 * returns a value, it deep-equals what `yaml.parse` gives.
 */
export function parseSimpleYaml(text: string): { data: Record<string, unknown>; lines: Map<string, number> } | null {
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
