import type { LayerThresholds, ScoringWeights } from "../config/types.js";
import { epochDay } from "../util/dates.js";

/**
 * The search hot path: scores one line of `index/search.tsv` in place,
 * without splitting it into strings. The line is a slice of the whole file
 * decoded as Latin-1, so that a keyword, given as its UTF-8 bytes in Latin-1,
 * is found by a plain indexOf (UTF-8 is self-synchronizing, so a byte match
 * is a character match). Gives exactly the score of `scoreLowercase` for the
 * same fields; a test holds it to that.
 */
export interface LineScoreContext {
  /** Keywords as UTF-8 bytes in Latin-1 strings. */
  keywords: readonly string[];
  weights: ScoringWeights;
  layers: LayerThresholds;
  /** Epoch day of today. */
  today: number;
}

/** Field offsets of a line: the start of each of its 9 tab-separated fields, then the line length + 1. */
export function fieldStarts(line: string, out: Int32Array): boolean {
  out[0] = 0;
  let pos = 0;
  for (let i = 1; i < 9; i++) {
    const tab = line.indexOf("\t", pos);
    if (tab === -1) return false;
    out[i] = tab + 1;
    pos = tab + 1;
  }
  out[9] = line.length + 1;
  return true;
}

/** The score of the line whose fields start at `f` (see {@link fieldStarts}); 0 when no keyword matches. */
export function scoreLine(text: string, f: Int32Array, ctx: LineScoreContext): number {
  const w = ctx.weights;
  const keyStart = f[1]!;
  const s1 = text.indexOf("\x1f", keyStart);
  const s2 = text.indexOf("\x1f", s1 + 1);
  const s3 = text.indexOf("\x1f", s2 + 1);
  const keyEnd = f[2]! - 1;
  let base = 0;
  let matched = 0;
  let any = false;
  for (const k of ctx.keywords) {
    let hit = false;
    // Same fields, same order of additions as scoreLowercase, so the floating-point sum is identical.
    if (within(text, k, keyStart, s1)) (base += w.name), (hit = true);
    if (hasTag(text, k, f[7]!, f[8]! - 1)) (base += w.tag), (hit = true);
    if (s2 - s1 - 1 === k.length && text.startsWith(k, s1 + 1)) (base += w.project), (hit = true);
    if (within(text, k, s2 + 1, s3)) (base += w.description), (hit = true);
    if (within(text, k, s3 + 1, keyEnd)) (base += w.path), (hit = true);
    if (hit) matched++;
    any ||= hit;
  }
  if (!any) return 0;
  let score = ctx.keywords.length > 1 && matched === ctx.keywords.length ? base * w.all_match : base;
  const updated = epochDay(text.slice(f[6]!, f[7]! - 1));
  const days = updated === null ? null : ctx.today - updated;
  if (score > 0 && days !== null) score += days <= ctx.layers.hot ? w.hot_bonus : days <= ctx.layers.warm ? w.warm_bonus : 0;
  const status = text.slice(f[5]!, f[6]! - 1);
  score *= status === "archived" ? w.archived : status === "superseded" ? w.superseded : 1;
  return Math.round(score * 1e6) / 1e6;
}

function within(text: string, k: string, from: number, to: number): boolean {
  const at = text.indexOf(k, from);
  return at !== -1 && at + k.length <= to;
}

// True when k equals one of the U+001F-separated tags in [from, to).
function hasTag(text: string, k: string, from: number, to: number): boolean {
  for (let at = text.indexOf(k, from); at !== -1 && at + k.length <= to; at = text.indexOf(k, at + 1)) {
    const before = at === from || text.charCodeAt(at - 1) === 0x1f;
    const after = at + k.length === to || text.charCodeAt(at + k.length) === 0x1f;
    if (before && after) return true;
  }
  return false;
}
