import type { LayerThresholds, ScoringWeights } from "../config/types.js";
import { epochDay } from "../util/dates.js";
import { F } from "../indexes/search-file.js";
import { addFieldPoints, FIELD_BIT, layerBonusOf, roundScore, statusMultiplierOf } from "../scoring/score.js";

/**
 * The search hot path, over the whole search file decoded as Latin-1 (one
 * character per byte, so offsets are byte offsets): keywords, given as their
 * UTF-8 bytes in Latin-1, are found by a plain indexOf (UTF-8 is
 * self-synchronizing, so a byte match is a character match), and each line
 * that holds one is met once, in file order, without a candidate list.
 */
export class CandidateLines {
  /** [start, end) of the current line (end at its newline). */
  start = 0;
  end: number;
  /** How many of the keywords the current line holds. */
  held = 0;
  /** Per keyword, its next occurrence at or after the current line's start; `never` when there is none. */
  readonly next: number[];
  /** Larger than every offset of the text. */
  readonly never: number;
  private lineFrom: number;

  constructor(
    readonly text: string,
    from: number,
    readonly keywords: readonly string[],
  ) {
    this.never = text.length + 1;
    this.end = from;
    this.lineFrom = from;
    this.next = keywords.map((k) => this.find(k, from));
  }

  /** The first occurrence of `k` at or after `from`, else `never`. */
  find(k: string, from: number): number {
    const at = this.text.indexOf(k, from);
    return at === -1 ? this.never : at;
  }

  /** Moves to the next line holding a keyword; false when there is none. */
  advance(): boolean {
    const { text, next, keywords } = this;
    let at = this.never;
    for (let i = 0; i < next.length; i++) {
      if (next[i]! < this.end) next[i] = this.find(keywords[i]!, this.end);
      if (next[i]! < at) at = next[i]!;
    }
    if (at === this.never) return false;
    // Newlines forward from the last line: memchr-fast, where lastIndexOf walks back one character at a time.
    let start = this.lineFrom;
    let nl = text.indexOf("\n", start);
    while (nl !== -1 && nl < at) {
      start = nl + 1;
      nl = text.indexOf("\n", start);
    }
    const end = nl === -1 ? text.length : nl;
    let held = 0;
    for (let i = 0; i < next.length; i++) if (next[i]! < end) held++;
    this.start = start;
    this.end = end;
    this.held = held;
    this.lineFrom = end + 1;
    return true;
  }

  /**
   * Moves to the next line holding every keyword; false when there is none.
   * Leapfrogs: the keyword found furthest on names the only line that can
   * hold them all, and every keyword behind it jumps to that line's start.
   */
  advanceAll(): boolean {
    const { text, next, keywords } = this;
    for (let i = 0; i < next.length; i++) if (next[i]! < this.end) next[i] = this.find(keywords[i]!, this.end);
    for (;;) {
      let last = 0;
      for (let i = 0; i < next.length; i++) if (next[i]! > last) last = next[i]!;
      if (last === this.never) return false;
      const start = this.lineStart(last);
      let behind = false;
      for (let i = 0; i < next.length; i++) {
        if (next[i]! >= start) continue;
        next[i] = this.find(keywords[i]!, start);
        behind = true;
      }
      if (behind) continue;
      const nl = text.indexOf("\n", last);
      this.start = start;
      this.end = nl === -1 ? text.length : nl;
      this.held = next.length;
      this.lineFrom = this.end + 1;
      return true;
    }
  }

  // The start of the line holding `at` (a line after the current one): newlines forward from
  // a little before it, memchr-fast, where lastIndexOf walks back one character at a time.
  private lineStart(at: number): number {
    const text = this.text;
    const from = Math.max(this.lineFrom, at - 256);
    let start = -1;
    for (let nl = text.indexOf("\n", from); nl !== -1 && nl < at; nl = text.indexOf("\n", nl + 1)) start = nl + 1;
    if (start !== -1) return start;
    return from === this.lineFrom ? from : text.lastIndexOf("\n", at) + 1;
  }

  /** Moves every keyword's next occurrence past the current line, unscored. */
  skip(): void {
    for (let i = 0; i < this.next.length; i++) if (this.next[i]! < this.end) this.next[i] = this.find(this.keywords[i]!, this.end);
  }
}

/** A string's UTF-8 bytes as a Latin-1 string (one character per byte), as keywords are searched for. */
export function toLatin1(s: string): string {
  return Buffer.from(s).toString("latin1");
}

/** What {@link scoreCurrentLine} needs besides the line. */
export interface LineScoreContext {
  weights: ScoringWeights;
  layers: LayerThresholds;
  /** Epoch day of today. */
  today: number;
  /** Scratch space: field starts of the line (10 entries). */
  fields: Int32Array;
  /** Set by {@link scoreCurrentLine}: the epoch day of the line's `updated`, -Infinity when it is not a date. */
  day: number;
}

/**
 * Scores the current line of `lines` and moves every keyword's next
 * occurrence past it; 0 when no keyword scores. It finds which fields each
 * keyword hits in place (no string made); the points come from the one table
 * (`addFieldPoints`, `layerBonusOf`, `statusMultiplierOf`), added in the same
 * order as `scoreLowercase`, so the score is exactly its (a property test
 * holds it to that).
 */
export function scoreCurrentLine(lines: CandidateLines, ctx: LineScoreContext): number {
  const f = ctx.fields;
  if (!fieldStarts(lines.text, lines.start, lines.end, f)) return lines.skip(), 0;
  const w = ctx.weights;
  const n = lines.keywords.length;
  let base = 0;
  let matched = 0;
  for (let i = 0; i < n; i++) {
    const hits = keywordHits(lines, i, f);
    if (hits === 0) continue;
    matched++;
    base = addFieldPoints(base, w, hits);
  }
  if (matched === 0) return 0;
  const text = lines.text;
  let score = n > 1 && matched === n ? base * w.all_match : base;
  const day = epochDay(text, f[F.updated]!, f[F.updated + 1]! - 1);
  ctx.day = day ?? -Infinity;
  if (score > 0 && day !== null) {
    const days = ctx.today - day;
    score += layerBonusOf(w, days <= ctx.layers.hot ? "hot" : days <= ctx.layers.warm ? "warm" : "cold");
  }
  const status = f[F.status]!;
  const statusLength = f[F.status + 1]! - 1 - status;
  if (statusLength === 8 && text.startsWith("archived", status)) score *= statusMultiplierOf(w, "archived");
  else if (statusLength === 10 && text.startsWith("superseded", status)) score *= statusMultiplierOf(w, "superseded");
  return roundScore(score);
}

// The fields keyword i scores in (bit set), moving its next occurrence past the line.
function keywordHits(lines: CandidateLines, i: number, f: Int32Array): number {
  const { text, next, end } = lines;
  const k = lines.keywords[i]!;
  const pathScored = f[F.lowerPath + 1]! - f[F.lowerPath]! === 1 ? F.path : F.lowerPath;
  let hits = 0;
  let at = next[i]!;
  while (at < end) {
    const field = fieldAt(f, at);
    if (field === F.name) hits |= FIELD_BIT.name;
    else if (field === F.description) hits |= FIELD_BIT.description;
    else if (field === pathScored) hits |= FIELD_BIT.path;
    else if (field === F.project && at === f[F.project] && f[F.project + 1]! - 1 - at === k.length) hits |= FIELD_BIT.project;
    else if (field === F.tags && isWholeTag(text, at, k.length, f[F.tags]!, f[F.tags + 1]! - 1)) hits |= FIELD_BIT.tag;
    at = lines.find(k, at + 1);
  }
  next[i] = at;
  return hits;
}

// The field holding offset `at`: 0–7, or 8 for anything from the type on (never scored).
function fieldAt(f: Int32Array, at: number): number {
  let field = 0;
  while (field < F.type && f[field + 1]! <= at) field++;
  return field;
}

// True when [at, at + length) is one whole U+001F-separated tag of the tags in [from, to).
function isWholeTag(text: string, at: number, length: number, from: number, to: number): boolean {
  const before = at === from || text.charCodeAt(at - 1) === 0x1f;
  const after = at + length === to || text.charCodeAt(at + length) === 0x1f;
  return before && after;
}

/** Fills `out` with the start of each field of the line [start, end) up to the type (the fields scoring reads); false when it has fewer. */
export function fieldStarts(text: string, start: number, end: number, out: Int32Array): boolean {
  out[0] = start;
  let pos = start;
  for (let i = 1; i <= F.type; i++) {
    const tab = text.indexOf("\t", pos);
    if (tab === -1 || tab >= end) return false;
    out[i] = tab + 1;
    pos = tab + 1;
  }
  return true;
}
