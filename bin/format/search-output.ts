import type { SearchHit } from "../../lib/search/types.js";
import type { ScoreBreakdown } from "../../lib/scoring/types.js";
import { dimRetired, statusMark } from "./atom-output.js";

/** A score as printed: at most two decimals, no trailing zeros (51.5, 34, 6.3). */
export function formatScore(score: number): string {
  return String(Math.round(score * 100) / 100);
}

/** The JSON shape of a hit (`--json`); with `explain`, the score breakdown too. */
export function hitToJson(hit: SearchHit, explain: boolean): Record<string, unknown> {
  const { path, name, type, project, status, tags, updated } = hit.record;
  const json: Record<string, unknown> = { path, name, type, project, status, tags, updated, layer: hit.layer, score: hit.score };
  if (explain && hit.breakdown) json.explain = hit.breakdown;
  return json;
}

/** How hits are printed: colours on a terminal, and scores (none in filter mode, where every score is 0). */
export interface HitStyle {
  color: boolean;
  scores: boolean;
}

/** Default output: one line per hit, `score  layer  path  name`; superseded and archived atoms marked (and dimmed). */
export function formatLines(hits: readonly SearchHit[], style: HitStyle): string {
  const width = Math.max(...hits.map((h) => formatScore(h.score).length));
  return hits
    .map((h) => {
      const score = style.scores ? `${formatScore(h.score).padStart(width)}  ` : "";
      const line = `${score}${paint(`[${h.layer}]`.padEnd(6), h.layer, style.color)}  ${h.record.path}  ${h.record.name}${statusMark(h.record.status)}`;
      return dimRetired(line, h.record.status, style.color);
    })
    .join("\n");
}

/** `--brief`: `[layer] name (score: N)`, the path, and a one-line preview. */
export function formatBrief(hits: readonly SearchHit[], previews: ReadonlyMap<string, string>, style: HitStyle): string {
  return hits
    .map((h) => {
      const head = `${paint(`[${h.layer}]`, h.layer, style.color)} ${h.record.name}${statusMark(h.record.status)}${style.scores ? ` (score: ${formatScore(h.score)})` : ""}`;
      const preview = previews.get(h.record.path);
      return dimRetired([head, `  ${h.record.path}`, ...(preview ? [`  ${preview}`] : [])].join("\n"), h.record.status, style.color);
    })
    .join("\n\n");
}

/** `--explain`: each field's contribution, then the multipliers and bonus. */
export function formatExplain(b: ScoreBreakdown): string {
  const byKeyword = new Map<string, string[]>();
  for (const c of b.contributions) {
    const list = byKeyword.get(c.keyword) ?? [];
    list.push(`${c.field} +${c.points}`);
    byKeyword.set(c.keyword, list);
  }
  const lines = [...byKeyword].map(([k, parts]) => `    ${k}: ${parts.join(", ")}`);
  const steps = [`base ${formatScore(b.base)}`];
  if (b.allMatch !== 1) steps.push(`× ${b.allMatch} (all keywords)`);
  if (b.layerBonus !== 0) steps.push(`+ ${b.layerBonus} (${b.layer})`);
  if (b.usageBonus) steps.push(`+ ${formatScore(b.usageBonus)} (usage)`);
  if (b.statusMultiplier !== 1) steps.push(`× ${b.statusMultiplier} (status)`);
  lines.push(`    ${steps.join(" ")} = ${formatScore(b.score)}`);
  return lines.join("\n");
}

// Red reads as an error: hot is magenta.
const COLORS: Record<string, string> = { hot: "\x1b[35m", warm: "\x1b[33m", cold: "\x1b[36m" };

function paint(text: string, layer: string, color: boolean): string {
  return color ? `${COLORS[layer] ?? ""}${text}\x1b[39m` : text;
}
