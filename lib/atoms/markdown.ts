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

const WIKILINK = /!?\[\[([^[\]\n]+?)\]\]/g;
const MD_PATH = /^[^\s`]+\.md$/i;

/**
 * Link targets of a masked body, in order, de-duplicated: wikilinks reduced
 * to their target (`[[t|alias]]`, `[[t#heading]]`, `[[t#^block]]`, `![[t]]`
 * → `t`; `[[#heading]]` self-links are dropped) and inline-code `x/y.md` paths.
 */
export function extractTargets(body: MaskedBody): string[] {
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

/** The target part of the inside of a `[[…]]`: before `|` (or `\|` in tables) and `#`, trimmed. */
export function wikilinkTarget(inner: string): string {
  let end = inner.length;
  const pipe = inner.indexOf("|");
  if (pipe !== -1) end = inner[pipe - 1] === "\\" ? pipe - 1 : pipe;
  const hash = inner.indexOf("#");
  if (hash !== -1 && hash < end) end = hash;
  return inner.slice(0, end).trim();
}

const HASHTAG = /(?:^|[\s(,;])#([\p{L}\p{N}_\-/]+)/gu;

/** Obsidian-style `#tags` of a masked body, lowercased, in order; purely numeric ones are not tags. */
export function extractHashtags(masked: string): string[] {
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
export function firstProseLine(body: MaskedBody, original: string, max = 150): string {
  const masked = body.masked.split("\n");
  const lines = original.split("\n");
  for (let i = 0; i < masked.length; i++) {
    const probe = masked[i]!.trim();
    if (!probe || NOT_PROSE.test(probe)) continue;
    const text = plainText(lines[i]!);
    if (text) return [...text].slice(0, max).join("");
  }
  return "";
}

/** One line of markdown as plain text: list and quote markers, emphasis and link syntax removed (`[[t|Alias]]` → Alias). */
export function plainText(line: string): string {
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
