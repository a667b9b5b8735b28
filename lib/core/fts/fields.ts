import { splitFrontmatter } from "../atoms/frontmatter.js";
import type { Atom } from "../atoms/types.js";
import { isAscii } from "../util/text.js";

/** The full-text columns of one atom, in the order of {@link TEXT_FIELDS}. */
export interface TextFields {
  /** The name and the aliases. */
  name: string;
  tags: string;
  project: string;
  description: string;
  /** The path as words: split on `/ . - _` and camelCase, without the `.md` extension. */
  path: string;
  /** The text of the markdown headings of the body. */
  headings: string;
  /** The body without frontmatter and without the heading lines. */
  body: string;
}

/** The full-text fields, highest weight first; the column order of `search.db`. */
export const TEXT_FIELDS = ["name", "tags", "project", "description", "path", "headings", "body"] as const;

/** One of {@link TEXT_FIELDS}. */
export type TextField = (typeof TEXT_FIELDS)[number];

/**
 * Where a body's passages part: a blank line, or a line break before a list
 * item or a heading. The snippet's passages, and the places a question's
 * answer is looked for (see `answersNear`).
 */
export const PASSAGE_BREAK = /\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)]|#{1,6})\s)/;

/**
 * Most of a note's text is indexed; past this many characters the rest of a
 * body is left out, so that one huge note cannot take the index run's memory.
 */
export const MAX_BODY_CHARS = 1_000_000;

/**
 * The full-text fields of an atom, from its parsed metadata and the note's
 * text (frontmatter excluded). Pure.
 *
 * @example textFields(atom, "---\nname: X\n---\n# Plan\nShip it.").headings // "Plan"
 */
export function textFields(atom: Atom, text: string): TextFields {
  const { headings, body } = splitHeadings(splitFrontmatter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).body);
  return {
    name: [atom.name, ...atom.aliases].join("\n"),
    tags: atom.tags.join(" "),
    project: atom.project,
    description: atom.description,
    path: pathWords(atom.path),
    headings,
    body: body.length > MAX_BODY_CHARS ? body.slice(0, MAX_BODY_CHARS) : body,
  };
}

/**
 * A vault path as words: folders, then the file name without `.md`, each cut
 * at `/ . - _` and between a lowercase letter or digit and a capital
 * (`deployFreeze` → `deploy Freeze`).
 *
 * @example pathWords("rules/deployFreeze_v2.md") // "rules deploy Freeze v2"
 */
export function pathWords(path: string): string {
  // An ASCII path (most) is cut in one pass over its characters, by the same rules as the Unicode ones below.
  if (isAscii(path)) return asciiPathWords(path);
  return path
    .replace(/\.md$/i, "")
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(/[/._\-\s]+/u)
    .filter((w) => w.length > 0)
    .join(" ");
}

// pathWords of an ASCII path: a word ends at `/ . - _` or white space, and before a capital that follows a
// lowercase letter or digit (`deployFreeze`) or that starts a capitalized word after capitals (`HTTPServer`).
function asciiPathWords(path: string): string {
  const end = /\.md$/i.test(path) ? path.length - 3 : path.length;
  const words: string[] = [];
  let start = 0;
  for (let i = 0; i < end; i++) {
    const c = path.charCodeAt(i);
    if (SEPARATOR[c] === 1) {
      if (i > start) words.push(path.slice(start, i));
      start = i + 1;
    } else if (i > start && isUpper(c) && (isLowerOrDigit(path.charCodeAt(i - 1)) || (isUpper(path.charCodeAt(i - 1)) && i + 1 < end && isLower(path.charCodeAt(i + 1))))) {
      words.push(path.slice(start, i));
      start = i;
    }
  }
  if (end > start) words.push(path.slice(start, end));
  return words.join(" ");
}

/** 1 for the ASCII characters a path's words are split at: `/ . _ -` and white space (`\s`). */
const SEPARATOR = Uint8Array.from({ length: 128 }, (_, c) => (/[/._\-\s]/.test(String.fromCharCode(c)) ? 1 : 0));
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isLowerOrDigit = (c: number): boolean => isLower(c) || (c >= 48 && c <= 57);

/** What a heading or fence line holds somewhere; a line without it is body as it stands. */
const MARKER = /[#`~]/g;

// ATX headings (`# …` to `###### …`) outside fenced code blocks go to `headings`, the rest to `body`. The body is
// its lines joined by newlines, taken as runs of the text between heading lines (no string per line).
function splitHeadings(text: string): { headings: string; body: string } {
  const headings: string[] = [];
  const runs: string[] = [];
  let fence: string | null = null;
  let run = -1;
  let runEnd = 0;
  let marker = nextMarker(text, 0);
  for (let start = 0; ; ) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    if (marker < start) marker = nextMarker(text, start);
    const heading: LineHeading = marker < end ? lineHeading(text.slice(start, end), fence) : { fence, heading: null };
    fence = heading.fence;
    if (heading.heading === null) {
      if (run < 0) run = start;
      runEnd = end;
    } else {
      if (run >= 0) runs.push(text.slice(run, runEnd));
      run = -1;
      headings.push(heading.heading);
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  if (run >= 0) runs.push(text.slice(run, runEnd));
  return { headings: headings.filter((h) => h.length > 0).join("\n"), body: runs.join("\n") };
}

function nextMarker(text: string, from: number): number {
  MARKER.lastIndex = from;
  return MARKER.exec(text)?.index ?? text.length;
}

type LineHeading = { fence: string | null; heading: string | null };

// A line that holds a marker: the fence state after it, and its heading text (null when it is body).
function lineHeading(line: string, fence: string | null): LineHeading {
  const trimmed = line.trimStart();
  const marker = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
  const after = marker && (fence === null || marker.startsWith(fence)) ? (fence === null ? marker : null) : fence;
  const heading = after === null && !marker ? /^#{1,6}(?:\s+(.*?))?\s*#*\s*$/.exec(trimmed) : null;
  return { fence: after, heading: heading ? heading[1] ?? "" : null };
}
