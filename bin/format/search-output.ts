import type { SearchHit } from "../../lib/search/types.js";
import type { ScoreBreakdown } from "../../lib/scoring/types.js";
import { maxOf } from "../../lib/util/arrays.js";

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

/** Default output: one line per hit, `score  layer  path  name`. */
export function formatLines(hits: readonly SearchHit[], color: boolean): string {
  const width = maxOf(hits.map((h) => formatScore(h.score).length));
  return hits.map((h) => `${formatScore(h.score).padStart(width)}  ${paint(`[${h.layer}]`.padEnd(6), h.layer, color)}  ${h.record.path}  ${h.record.name}`).join("\n");
}

/** `--brief`: `[layer] name (score: N)`, the path, and a one-line preview. */
export function formatBrief(hits: readonly SearchHit[], previews: ReadonlyMap<string, string>, color: boolean): string {
  return hits
    .map((h) => {
      const head = `${paint(`[${h.layer}]`, h.layer, color)} ${h.record.name} (score: ${formatScore(h.score)})`;
      const preview = previews.get(h.record.path);
      return [head, `  ${h.record.path}`, ...(preview ? [`  ${preview}`] : [])].join("\n");
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

const COLORS: Record<string, string> = { hot: "\x1b[31m", warm: "\x1b[33m", cold: "\x1b[36m" };

function paint(text: string, layer: string, color: boolean): string {
  return color ? `${COLORS[layer] ?? ""}${text}\x1b[0m` : text;
}
