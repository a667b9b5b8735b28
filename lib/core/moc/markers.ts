import { maskCode } from "../atoms/markdown.js";
import type { MarkerProblem, MarkerReplacement, MarkerSection } from "./types.js";

const MARKER = /<!--[ \t]*(\/?)AUTO:([A-Za-z0-9_.-]+)[ \t]*-->/g;
const HAS_MARKER = new RegExp(MARKER.source);

interface Token {
  close: boolean;
  name: string;
  start: number;
  end: number;
  line: number;
}

/**
 * Finds the marker sections of a text. Markers inside code (fenced blocks,
 * inline code) are examples, not markers. A name whose markers are
 * unclosed, missing their opening, duplicated, or nested in (or overlapping)
 * another section gives a problem and no section.
 *
 * @example findMarkers("<!-- AUTO:hot -->\nold\n<!-- /AUTO:hot -->\n").sections[0].name // "hot"
 */
export function findMarkers(text: string): { sections: MarkerSection[]; problems: MarkerProblem[] } {
  const tokens = markerTokens(text);
  const problems: MarkerProblem[] = [];
  const pairs: { open: Token; close: Token }[] = [];
  const names = [...new Set(tokens.map((t) => t.name))];
  for (const name of names) {
    const opens = tokens.filter((t) => t.name === name && !t.close);
    const closes = tokens.filter((t) => t.name === name && t.close);
    const problem = (line: number, kind: string, message: string) => problems.push({ name, line, kind, message });
    if (opens.length > 1 || closes.length > 1) problem((opens[1] ?? closes[1])!.line, "duplicated", `AUTO:${name} markers appear more than once (${opens.length} opening, ${closes.length} closing); section left alone`);
    else if (closes.length === 0) problem(opens[0]!.line, "unclosed", `<!-- AUTO:${name} --> has no <!-- /AUTO:${name} -->; section left alone`);
    else if (opens.length === 0) problem(closes[0]!.line, "missing-open", `<!-- /AUTO:${name} --> has no <!-- AUTO:${name} --> before it; section left alone`);
    else if (closes[0]!.start < opens[0]!.start) problem(closes[0]!.line, "unclosed", `<!-- /AUTO:${name} --> comes before <!-- AUTO:${name} -->; section left alone`);
    else pairs.push({ open: opens[0]!, close: closes[0]! });
  }
  const nested = new Set<string>();
  for (const { open, close } of pairs) {
    const inside = tokens.find((t) => t.start > open.start && t.start < close.start);
    if (!inside) continue;
    nested.add(open.name);
    if (inside.name !== open.name) nested.add(inside.name);
  }
  const sections: MarkerSection[] = [];
  for (const { open, close } of pairs) {
    if (nested.has(open.name)) problems.push({ name: open.name, line: open.line, kind: "nested", message: `AUTO:${open.name} is nested in or overlaps another AUTO section; section left alone` });
    else sections.push({ name: open.name, line: open.line, contentStart: open.end, contentEnd: close.start });
  }
  sections.sort((a, b) => a.contentStart - b.contentStart);
  problems.sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { sections, problems };
}

/**
 * Replaces the text between each `<!-- AUTO:name -->` and `<!-- /AUTO:name -->`
 * with `sections[name]`, and nothing else: every byte outside the sections is
 * kept, the section takes the line ending of its marker (CRLF files stay
 * CRLF), and running it again with the same sections changes nothing. A
 * section is left alone, with a problem, when its markers are broken, when
 * `sections` has no entry for its name, or when the content would break the
 * markers (it contains a marker or leaves a code fence open). A `null`
 * entry leaves the section alone silently (the caller reports why). Pure.
 *
 * @example
 * replaceMarkers("a\n<!-- AUTO:n -->\nold\n<!-- /AUTO:n -->\nb\n", { n: "new" }).text
 * // "a\n<!-- AUTO:n -->\nnew\n<!-- /AUTO:n -->\nb\n"
 */
export function replaceMarkers(text: string, sections: Readonly<Record<string, string | null>>): MarkerReplacement {
  const found = findMarkers(text);
  const problems = [...found.problems];
  const expected = sectionNames(text);
  let out = text;
  for (const section of [...found.sections].reverse()) {
    if (!Object.hasOwn(sections, section.name)) {
      problems.push({ name: section.name, line: section.line, kind: "unknown-section", message: `no collector named "${section.name}"; section left alone` });
      continue;
    }
    const content = sections[section.name];
    if (content === null || content === undefined) continue;
    const bad = contentProblem(content);
    if (bad) {
      problems.push({ name: section.name, line: section.line, kind: "bad-content", message: `new content ${bad}; section left alone` });
      continue;
    }
    const candidate = out.slice(0, section.contentStart) + sectionText(content, lineEnding(text, section.contentStart)) + out.slice(section.contentEnd);
    // Moving content to lines of its own can change how the marker lines read (```<!-- AUTO:a -->` becomes a fence).
    if (sectionNames(candidate) !== expected) {
      problems.push({ name: section.name, line: section.line, kind: "bad-content", message: "new content would turn the text around the markers into code; section left alone" });
      continue;
    }
    out = candidate;
  }
  problems.sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { text: out, problems };
}

function sectionNames(text: string): string {
  return findMarkers(text).sections.map((s) => s.name).join("\n");
}

/** The text between the markers for `content`: on lines of its own. */
function sectionText(content: string, eol: string): string {
  const body = content.replace(/(\r?\n)+$/, "").replace(/\r?\n/g, eol);
  return body === "" ? eol : `${eol}${body}${eol}`;
}

function contentProblem(content: string): string | null {
  if (HAS_MARKER.test(content)) return "contains an AUTO marker";
  const probe = "\u0000end";
  if (!maskCode(`${content}\n${probe}`).masked.endsWith(probe)) return "leaves a code block open";
  return null;
}

/** The line ending right after `offset`, else the text's first one, else LF. */
function lineEnding(text: string, offset: number): string {
  if (text.startsWith("\r\n", offset)) return "\r\n";
  if (text.startsWith("\n", offset)) return "\n";
  const first = text.indexOf("\n");
  return first > 0 && text[first - 1] === "\r" ? "\r\n" : "\n";
}

function markerTokens(text: string): Token[] {
  if (!text.includes("AUTO:")) return [];
  const masked = maskCode(text).masked;
  const tokens: Token[] = [];
  let line = 1;
  let counted = 0;
  for (const m of masked.matchAll(MARKER)) {
    for (let i = text.indexOf("\n", counted); i !== -1 && i < m.index; i = text.indexOf("\n", i + 1)) line++;
    counted = m.index;
    tokens.push({ close: m[1] === "/", name: m[2]!, start: m.index, end: m.index + m[0].length, line });
  }
  return tokens;
}
