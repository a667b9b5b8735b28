import { splitFrontmatter } from "../atoms/frontmatter.js";
import { readFrontmatterData } from "../atoms/frontmatter-data.js";
import { maskCode, wikilinkTarget } from "../atoms/markdown.js";
import type { LinkOccurrence } from "./types.js";

const WIKILINK = /!?\[\[([^[\]\n]+?)\]\]/g;
/** An inline-code span that is a path reference: no spaces, ends in `.md`. */
export const CODE_PATH = /^[^\s`]+\.md$/i;

/** The parts of the inside of a `[[…]]`. */
export interface WikilinkParts {
  target: string;
  /** `#heading` / `#^block`, with the `#`, or empty. */
  subpath: string;
  alias: string | null;
  /** Offsets of the (trimmed) target within the inside. */
  targetStart: number;
  targetEnd: number;
}

/** Splits the inside of a `[[…]]` into target, `#subpath` and `|alias` (`\|` counts as `|`, as in tables). */
export function splitWikilink(inner: string): WikilinkParts {
  const target = wikilinkTarget(inner);
  const pipe = inner.indexOf("|");
  const aliasStart = pipe === -1 ? -1 : pipe + 1;
  const beforeAlias = pipe === -1 ? inner.length : inner[pipe - 1] === "\\" ? pipe - 1 : pipe;
  const hash = inner.indexOf("#");
  const subpath = hash !== -1 && hash < beforeAlias ? inner.slice(hash, beforeAlias).trim() : "";
  const targetStart = inner.length - inner.trimStart().length;
  return { target, subpath, alias: aliasStart === -1 ? null : inner.slice(aliasStart), targetStart, targetEnd: targetStart + target.length };
}

/**
 * Every link in a note's text, in order: `[[…]]` and `![[…]]` in the body
 * (not in code), inline-code `.md` paths, and the items of the frontmatter
 * `links` property. Offsets are into `text` as given (a BOM counts).
 *
 * @example findLinks("See [[Release calendar#Dates|the calendar]].")[0].subpath // "#Dates"
 */
export function findLinks(text: string): LinkOccurrence[] {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const clean = bom ? text.slice(1) : text;
  const split = splitFrontmatter(clean);
  const bodyStart = bom + clean.length - split.body.length;
  const lineStarts = lineOffsets(split.body);
  const lineOf = (offset: number) => split.bodyLine + upperBound(lineStarts, offset) - 1;
  const found: LinkOccurrence[] = split.state === "ok" ? frontmatterLinks(split.yaml, split.yamlLine) : [];
  const masked = maskCode(split.body);
  if (masked.masked.includes("[[")) {
    for (const m of masked.masked.matchAll(WIKILINK)) {
      const parts = splitWikilink(m[1]!);
      const start = bodyStart + m.index;
      const innerStart = start + m[0].indexOf("[[") + 2;
      found.push({
        kind: "wikilink", target: parts.target, subpath: parts.subpath, alias: parts.alias, embed: m[0].startsWith("!"),
        line: lineOf(m.index), start, end: start + m[0].length, raw: m[0],
        targetStart: innerStart + parts.targetStart, targetEnd: innerStart + parts.targetEnd,
      });
    }
  }
  masked.inlineSpans.forEach((span, i) => {
    const code = masked.inlineCode[i]!;
    if (!CODE_PATH.test(code)) return;
    const start = bodyStart + lineStarts[span.line]! + span.start;
    const raw = text.slice(start, bodyStart + lineStarts[span.line]! + span.end);
    const at = start + raw.indexOf(code);
    found.push({ kind: "code", target: code, subpath: "", alias: null, embed: false, line: split.bodyLine + span.line, start, end: start + raw.length, raw, targetStart: at, targetEnd: at + code.length });
  });
  return found.sort((a, b) => a.line - b.line || a.start - b.start);
}

function frontmatterLinks(yaml: string, yamlLine: number): LinkOccurrence[] {
  const { data, keyLine } = readFrontmatterData(yaml, yamlLine);
  const value = data.links;
  const items = typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v): v is string | number => typeof v === "string" || typeof v === "number").map(String) : [];
  const line = keyLine("links");
  return items
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const m = /^!?\[\[(.*)\]\]$/.exec(item);
      const parts = m ? splitWikilink(m[1]!) : { target: item, subpath: "", alias: null };
      return { kind: "frontmatter" as const, target: parts.target, subpath: parts.subpath, alias: parts.alias, embed: false, line, start: -1, end: -1, raw: item, targetStart: -1, targetEnd: -1, key: "links" };
    })
    .filter((o) => o.target !== "");
}

function lineOffsets(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** Number of entries of the sorted `starts` that are ≤ `offset`. */
function upperBound(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
