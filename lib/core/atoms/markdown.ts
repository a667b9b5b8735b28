import { collapseWhitespace, firstCodePoints, isWhitespaceCode } from "../util/text.js";

/** A note's body with code blanked out, plus the contents of its inline code spans. */
export interface MaskedBody {
  /** Same length and line structure as the input; fenced blocks, their fences and inline code spans are spaces. */
  masked: string;
  /** The text inside each inline code span, in order. */
  inlineCode: string[];
  /** Where each inline code span is (parallel to `inlineCode`): 0-based body line, start and end column, backticks included. */
  inlineSpans: CodeSpan[];
}

/** The position of an inline code span within a body. */
export interface CodeSpan {
  /** 0-based line of the body. */
  line: number;
  /** Column of the opening backtick. */
  start: number;
  /** Column just after the closing backtick run. */
  end: number;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** Blanks fenced code blocks and inline code spans so that links and tags inside them are not seen. */
export function maskCode(body: string): MaskedBody {
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

const MD_PATH = /^[^\s`]+\.md$/i;

/**
 * Link targets of a masked body, in order, de-duplicated: wikilinks reduced
 * to their target (`[[t|alias]]`, `[[t#heading]]`, `[[t#^block]]`, `![[t]]`
 * → `t`; `[[#heading]]` self-links are dropped) and inline-code `x/y.md` paths.
 */
export function extractTargets(body: MaskedBody): string[] {
  const seen = new Set<string>();
  const text = body.masked;
  for (let open = text.indexOf("[["); open !== -1; ) {
    const close = wikilinkClose(text, open + 2);
    if (close === -1) {
      open = text.indexOf("[[", open + 1);
      continue;
    }
    const target = wikilinkTarget(text.slice(open + 2, close));
    if (target) seen.add(target);
    open = text.indexOf("[[", close + 2);
  }
  for (const code of body.inlineCode) if (MD_PATH.test(code)) seen.add(code);
  return [...seen];
}

/**
 * Where the `]]` closing a wikilink whose inside starts at `from` is, or -1:
 * the inside is one or more characters other than `[`, `]` and a newline.
 * Scanning with `indexOf` and this gives what `!?\[\[([^[\]\n]+?)\]\]` with
 * the `g` flag captures, without a match array per link.
 */
function wikilinkClose(text: string, from: number): number {
  let end = from;
  while (end < text.length && !endsWikilinkInside(text.charCodeAt(end))) end++;
  return end > from && text.charCodeAt(end) === 93 && text.charCodeAt(end + 1) === 93 ? end : -1;
}

function endsWikilinkInside(c: number): boolean {
  return c === 91 /* [ */ || c === 93 /* ] */ || c === 10 /* \n */;
}

/** The target part of the inside of a `[[…]]`: before `|` (or `\|` in tables) and `#`, trimmed. */
export function wikilinkTarget(inner: string): string {
  let end = inner.length;
  const pipe = inner.indexOf("|");
  if (pipe !== -1) end = inner[pipe - 1] === "\\" ? pipe - 1 : pipe;
  const hash = inner.indexOf("#");
  if (hash !== -1 && hash < end) end = hash;
  return inner.slice(0, end).trim();
}

/** The body of a hashtag, matched where the `#` ends (sticky). */
const HASHTAG_BODY = /[\p{L}\p{N}_\-/]+/uy;

/**
 * Obsidian-style `#tags` of a masked body, lowercased, in order; purely
 * numeric ones are not tags. A tag is what `(?:^|[\s(,;])#([\p{L}\p{N}_\-/]+)`
 * matches, trailing slashes dropped; each `#` is found with `indexOf` and only
 * the tag body runs a regex, which is several times faster on long bodies.
 */
export function extractHashtags(masked: string): string[] {
  const tags: string[] = [];
  for (let at = masked.indexOf("#"); at !== -1; at = masked.indexOf("#", at + 1)) {
    if (at > 0 && !isTagBoundary(masked.charCodeAt(at - 1))) continue;
    HASHTAG_BODY.lastIndex = at + 1;
    if (!HASHTAG_BODY.test(masked)) continue;
    const tag = trimTrailingSlashes(masked.slice(at + 1, HASHTAG_BODY.lastIndex)).toLowerCase();
    if (tag && !isAsciiDigits(tag)) tags.push(tag);
  }
  return tags;
}

/** What may stand before a hashtag's `#`: whitespace, `(`, `,` or `;`. */
function isTagBoundary(c: number): boolean {
  return c === 40 || c === 44 || c === 59 || isWhitespaceCode(c);
}

function trimTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
  return end === s.length ? s : s.slice(0, end);
}

function isAsciiDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const NOT_PROSE = /^(#{1,6}(\s|$)|<!--|-->|---+$|\*\*\*+$|___+$|\|?[\s:|-]+\|[\s:|-]*$|\[\^|!\[)/;

/**
 * The first prose line of a body, stripped of markdown, whitespace collapsed,
 * at most `max` chars (code points). `body` is `maskCode(original)`: having
 * the same length and line breaks, a line sits at the same offsets in both,
 * so lines are walked with `indexOf` instead of splitting both texts.
 */
export function firstProseLine(body: MaskedBody, original: string, max = 150): string {
  const masked = body.masked;
  for (let start = 0; ; ) {
    const newline = masked.indexOf("\n", start);
    const end = newline === -1 ? masked.length : newline;
    const probe = masked.slice(start, end).trim();
    if (probe && !NOT_PROSE.test(probe)) {
      const text = plainText(original.slice(start, end));
      if (text) return firstCodePoints(text, max);
    }
    if (newline === -1) return "";
    start = newline + 1;
  }
}

/** One line of markdown as plain text: list and quote markers, emphasis and link syntax removed (`[[t|Alias]]` → Alias). */
export function plainText(line: string): string {
  let text = line.replace(/^\s*(>\s*)+/, "").replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, "");
  // Each replace below runs only when the text holds what its pattern needs: most lines have no links or emphasis.
  if (text.includes("[[")) text = text.replace(/!?\[\[([^[\]\n]+?)\]\]/g, wikilinkText);
  if (text.includes("](")) text = text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
  if (text.includes("**") || text.includes("__") || text.includes("`")) text = text.replace(/(\*\*|__|`)/g, "");
  return collapseWhitespace(text);
}

function wikilinkText(_match: string, inner: string): string {
  const pipe = inner.indexOf("|");
  return pipe === -1 ? wikilinkTarget(inner) : inner.slice(pipe + 1).trim();
}
