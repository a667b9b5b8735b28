import type { CortexConfig } from "../config/types.js";
import { scoreBounds, scoreLowercase } from "../scoring/score.js";
import { compareStrings } from "../util/compare.js";
import { epochDay } from "../util/dates.js";
import { CandidateLines, scoreCurrentLine, toLatin1, type LineScoreContext } from "./line-scan.js";
import { pathFromField } from "../util/text.js";
import { F, parseSearchFileLine } from "../indexes/search-file.js";
import type { RankOptions, SearchHit } from "./types.js";

/**
 * The fast path of `rankSearchFile` (no filters, no usage bonus): scores the
 * lines that hold a keyword in place, keeps the best, and decodes only the
 * lines kept. Nothing is allocated per candidate line but a kept entry.
 *
 * Top-k pruning, exact because the kept list's order (score, day, path) is
 * total: the lines holding every keyword are scored first, leaping from one
 * to the next; the lines holding only some are then read only if such a line
 * could still beat the worst kept score, and each is passed over unscored
 * when its keywords cannot.
 */
export function topLines(buf: Buffer, from: number, keywords: string[], options: RankOptions, config: CortexConfig): SearchHit[] {
  const text = buf.toString("latin1");
  const latin1 = keywords.map(toLatin1);
  const n = keywords.length;
  const ctx = { weights: config.scoring, layers: config.layers, today: epochDay(options.today)!, fields: new Int32Array(F.type + 1), day: 0 };
  const scan: Scan = { ctx, best: new TopList(options.top ?? 10, text), bounds: scoreBounds(config.scoring, n), hotOnly: Boolean(options.hotOnly) };
  if (n > 1) collect(new CandidateLines(text, from, latin1), true, scan);
  const { best, bounds } = scan;
  if (n === 1 || !(bounds !== null && best.full && bounds[n - 1]! < best.worstScore)) collect(new CandidateLines(text, from, latin1), false, scan);
  const scoreCtx = { today: options.today, weights: config.scoring, layers: config.layers };
  return best.sorted().map((k) => {
    const { record, lower } = parseSearchFileLine(buf.toString("utf8", k.start, k.end));
    const breakdown = scoreLowercase({ ...lower, tags: record.tags, status: record.status, updated: record.updated }, keywords, scoreCtx);
    return { record, score: breakdown.score, layer: breakdown.layer, breakdown };
  });
}

interface Scan {
  ctx: LineScoreContext;
  best: TopList;
  /** Highest score per number of keywords a line holds; null when pruning is off. */
  bounds: number[] | null;
  hotOnly: boolean;
}

// Offers the lines holding every keyword (`every`), or else those holding only some of them.
function collect(lines: CandidateLines, every: boolean, scan: Scan): void {
  const { ctx, best, bounds } = scan;
  const n = lines.keywords.length;
  let worst = best.full ? best.worstScore : -Infinity;
  while (every ? lines.advanceAll() : lines.advance()) {
    if ((!every && n > 1 && lines.held === n) || (bounds !== null && bounds[lines.held]! < worst)) {
      lines.skip();
      continue;
    }
    const score = scoreCurrentLine(lines, ctx);
    if (score <= 0 || (scan.hotOnly && !(ctx.today - ctx.day <= ctx.layers.hot))) continue;
    if (best.offer(score, ctx.day, lines.start, ctx.fields[F.lowerPath]! - 1, lines.end) && best.full) worst = best.worstScore;
  }
}

interface Kept {
  score: number;
  day: number;
  start: number;
  end: number;
  /** The path as UTF-8 bytes in a Latin-1 string. */
  path: string;
}

// The `limit` best lines by score, day and path (0 = all), kept sorted as they come.
class TopList {
  private items: Kept[] = [];
  constructor(
    private readonly limit: number,
    private readonly text: string,
  ) {}

  /** True when the list holds its limit (never for limit 0). */
  get full(): boolean {
    return this.limit > 0 && this.items.length === this.limit;
  }

  /** The lowest kept score (when full). */
  get worstScore(): number {
    return this.items[this.items.length - 1]!.score;
  }

  /** Keeps the line if it is among the best so far; true when kept. */
  offer(score: number, day: number, start: number, pathEnd: number, end: number): boolean {
    const worst = this.full ? this.items[this.items.length - 1]! : null;
    if (worst && (score < worst.score || (score === worst.score && day < worst.day))) return false;
    const item = { score, day, start, end, path: this.text.slice(start, pathEnd) };
    if (worst && compareKept(item, worst) >= 0) return false;
    if (this.limit === 0) return this.items.push(item) > 0;
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKept(this.items[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, item);
    if (this.items.length > this.limit) this.items.pop();
    return true;
  }

  sorted(): Kept[] {
    return this.limit === 0 ? this.items.sort(compareKept) : this.items;
  }
}

function compareKept(a: Kept, b: Kept): number {
  return b.score - a.score || b.day - a.day || compareUtf8Paths(a.path, b.path);
}

// Paths as UTF-8 bytes in Latin-1 strings, compared as compareStrings compares the decoded
// paths: byte order is code point order, which differs from UTF-16 order only from U+E000 up.
function compareUtf8Paths(a: string, b: string): number {
  // A quoted path (see pathField) is compared as the path it stands for.
  if (a.charCodeAt(0) === 34 || b.charCodeAt(0) === 34) return compareStrings(utf8Path(a), utf8Path(b));
  if (/[\xee-\xff]/.test(a) || /[\xee-\xff]/.test(b)) return compareStrings(Buffer.from(a, "latin1").toString("utf8"), Buffer.from(b, "latin1").toString("utf8"));
  return compareStrings(a, b);
}

function utf8Path(field: string): string {
  return pathFromField(Buffer.from(field, "latin1").toString("utf8"));
}
