import type { Snippet } from "../../lib/store/fts/snippet.js";
import type { SearchHit } from "../../lib/core/search/types.js";
import { datesText, type HitDates } from "../../lib/core/search/hit-dates.js";
import type { ScoreBreakdown } from "../../lib/core/scoring/types.js";
import { maxOf } from "../../lib/core/util/arrays.js";
import { dimRetired, formatAtomRows, statusMark } from "./atom-output.js";
import { displayWidth, shortenMiddle, wrapWords } from "./columns.js";

/** A score as printed: at most two decimals, no trailing zeros (51.5, 34, 6.3). */
export function formatScore(score: number): string {
  return String(Math.round(score * 100) / 100);
}

/**
 * The JSON shape of a hit (`--json`); full-text hits add `matched` (the query
 * words and phrases the atom contains) and `snippet` (the best-matching
 * passage, null when only metadata matched); with `explain`, the breakdown.
 * `created` follows `updated` when the dates give it (another day).
 */
export function hitToJson(hit: SearchHit, explain: boolean, snippet?: Snippet | null, dates?: HitDates): Record<string, unknown> {
  const { path, name, type, project, status, tags, updated } = hit.record;
  const json: Record<string, unknown> = { path, name, type, project, status, tags, updated, ...(dates?.created ? { created: dates.created } : {}), layer: hit.layer, score: hit.score };
  if (hit.matched) json.matched = hit.matched;
  if (snippet !== undefined) json.snippet = snippet?.text ?? null;
  if (explain && hit.breakdown) json.explain = hit.breakdown;
  return json;
}

/** How hits are printed: colours on a terminal, scores (none in filter mode, where every score is 0), a terminal's width. */
export interface HitStyle {
  color: boolean;
  scores: boolean;
  /** Fit every line to this many columns (a terminal); undefined: the full text (a pipe). */
  width?: number;
}

/** Default output: one line per hit, `score  layer  path  name`; superseded and archived atoms marked (and dimmed); columns aligned on a terminal. */
export function formatLines(hits: readonly SearchHit[], style: HitStyle): string {
  const width = maxOf(hits.map((h) => formatScore(h.score).length));
  const rows = hits.map((h) => {
    const score = style.scores ? `${formatScore(h.score).padStart(width)}  ` : "";
    return { lead: `${score}${paint(`[${h.layer}]`.padEnd(6), h.layer, style.color)}  `, path: h.record.path, name: h.record.name, status: h.record.status };
  });
  return formatAtomRows(rows, style);
}

/**
 * `--brief`: `[layer] name (score: N)`, the path with the dates (`updated D`,
 * and `created D` when given), and a passage (its matches highlighted on a
 * terminal). On a terminal every line fits its width: the name and the
 * passage wrap at spaces keeping their indent, a long path is shortened in
 * the middle.
 */
export function formatBrief(hits: readonly SearchHit[], previews: ReadonlyMap<string, Snippet>, style: HitStyle, dates?: ReadonlyMap<string, HitDates>): string {
  const fit = (text: string, indent: string) => (style.width === undefined ? indent + text : wrapWords(text, style.width, indent));
  return hits
    .map((h) => {
      const head = `${paint(`[${h.layer}]`, h.layer, style.color)} ${h.record.name}${statusMark(h.record.status)}${style.scores ? ` (score: ${formatScore(h.score)})` : ""}`;
      const when = datesText(dates?.get(h.record.path) ?? { updated: h.record.updated });
      const path = style.width === undefined ? h.record.path : shortenMiddle(h.record.path, Math.max(8, style.width - 4 - when.length));
      const preview = previews.get(h.record.path);
      const lines = [style.width === undefined || displayWidth(head) <= style.width ? head : wrapWords(head, style.width, "  ").slice(2), `  ${path}  ${when}`];
      if (preview?.text) lines.push(fit(highlight(preview, style.color), "  "));
      return dimRetired(lines.join("\n"), h.record.status, style.color);
    })
    .join("\n\n");
}

/**
 * `--explain`: the points of each query word per field, then one step per
 * line, each with its running total, so the arithmetic reads one way only:
 * `= 33 (fields)`, `× 1.5 (all keywords) = 49.5`, `+ 2 (hot) = 51.5`, …
 */
export function formatExplain(b: ScoreBreakdown): string {
  const byKeyword = new Map<string, string[]>();
  for (const c of b.contributions) {
    const list = byKeyword.get(c.keyword) ?? [];
    list.push(`${c.field} +${formatScore(c.points)}${c.factor ? ` (×${c.factor} whole name)` : ""}`);
    byKeyword.set(c.keyword, list);
  }
  const lines = [...byKeyword].map(([k, parts]) => `    ${k}: ${parts.join(", ")}`);
  let total = b.base;
  lines.push(`    = ${formatScore(total)} (fields)`);
  const step = (text: string, next: number) => lines.push(`    ${text} = ${formatScore((total = next))}`);
  if (b.allMatch !== 1) step(`× ${b.allMatch} (all keywords)`, total * b.allMatch);
  if (b.layerBonus !== 0) step(`+ ${b.layerBonus} (${b.layer})`, total + b.layerBonus);
  if (b.usageBonus) step(`+ ${formatScore(b.usageBonus)} (usage)`, total + b.usageBonus);
  if (b.statusMultiplier !== 1) step(`× ${b.statusMultiplier} (status)`, total * b.statusMultiplier);
  if (b.questionForm) step(`× ${b.questionForm.factor} (a ${b.questionForm.form === "when" ? "date" : "duration"} beside its words: a "${b.questionForm.form === "when" ? "when" : "how long"}" question)`, b.score);
  return lines.join("\n");
}

// Red reads as an error: hot is magenta.
const COLORS: Record<string, string> = { hot: "\x1b[35m", warm: "\x1b[33m", cold: "\x1b[36m" };

function paint(text: string, layer: string, color: boolean): string {
  return color ? `${COLORS[layer] ?? ""}${text}\x1b[39m` : text;
}

// Matched words in bold on a terminal; plain otherwise.
function highlight(snippet: Snippet, color: boolean): string {
  if (!color || snippet.matches.length === 0) return snippet.text;
  let out = "";
  let at = 0;
  for (const [start, end] of snippet.matches) {
    out += `${snippet.text.slice(at, start)}\x1b[1m${snippet.text.slice(start, end)}\x1b[22m`;
    at = end;
  }
  return out + snippet.text.slice(at);
}
