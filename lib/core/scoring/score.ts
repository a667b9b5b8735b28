import { DEFAULT_LAYERS, DEFAULT_WEIGHTS } from "../config/defaults.js";
import type { LayerThresholds, ScoringWeights } from "../config/types.js";
import { classifyLayer } from "../layers/classify.js";
import type { Layer } from "../layers/types.js";
import type { Contribution, ScorableAtom, ScoreBreakdown } from "./types.js";
import { tokenize } from "../util/tokenize.js";

/** What scoring needs besides the atom: the day, the weights and the layer thresholds. */
export interface ScoreContext {
  /** YYYY-MM-DD; passed in so that scoring never reads the clock. */
  today: string;
  /** Default: the seed's table. */
  weights?: ScoringWeights;
  /** Default: hot 2, warm 7. */
  layers?: LayerThresholds;
  /**
   * Activation per lowercase atom path (see `activationFromEvents`); used
   * only when the `usage` weight is above 0.
   */
  activation?: ReadonlyMap<string, number>;
}

/**
 * Splits a query into keywords: on whitespace, lowercased, keywords of one
 * character dropped, duplicates dropped (order kept).
 *
 * @example tokenizeQuery("Deploy  risk a deploy") // ["deploy", "risk"]
 */
export function tokenizeQuery(query: string): string[] {
  return tokenize(query, { split: "whitespace", minLength: 2, unique: true });
}

/**
 * Scores one atom against keywords (already tokenized) with the seed's table:
 * per keyword name substring +10, tag exact +8, project exact +5, description
 * substring +4, path substring +3; ×1.5 when more than one keyword and all
 * matched; then, if above 0, +2 hot / +1 warm; then ×0.3 archived,
 * ×0.5 superseded. With a `usage` weight above 0, a positive score also
 * gets the usage bonus `usage × a / (a + 1)` (a = the atom's activation)
 * before the status multiplier.
 *
 * @example scoreAtom(atom, tokenizeQuery("deploy risk"), { today: "2026-11-22" }).score
 */
export function scoreAtom(atom: ScorableAtom, keywords: readonly string[], ctx: ScoreContext): ScoreBreakdown {
  const lower = {
    ...atom,
    name: atom.name.toLowerCase(),
    project: atom.project.toLowerCase(),
    description: atom.description.toLowerCase(),
    path: atom.path.toLowerCase(),
    tags: atom.tags.map((t) => t.toLowerCase()),
  };
  return scoreLowercase(lower, keywords, ctx);
}

/**
 * {@link scoreAtom} for an atom whose name, project, description, path and
 * tags are already lowercase (as the search file stores them).
 */
export function scoreLowercase(atom: ScorableAtom, keywords: readonly string[], ctx: ScoreContext): ScoreBreakdown {
  const w = ctx.weights ?? DEFAULT_WEIGHTS;
  const contributions: Contribution[] = [];
  let matched = 0;
  for (const keyword of keywords) {
    const hits = fieldHits(atom, keyword);
    if (hits === 0) continue;
    matched++;
    for (const field of SCORED_FIELDS) if (hits & FIELD_BIT[field]) contributions.push({ keyword, field, points: w[field] });
  }
  return finishScore(contributions, keywords.length > 1 && matched === keywords.length, atom, ctx);
}

/** The fields a keyword scores in, in the order their points are added (the seed's table). */
export const SCORED_FIELDS = ["name", "tag", "project", "description", "path"] as const;

/** A field of {@link SCORED_FIELDS}; its weight in `ScoringWeights` has the same name. */
export type ScoredField = (typeof SCORED_FIELDS)[number];

/** The bit of each scored field in a set of hits (see {@link fieldHits}). */
export const FIELD_BIT: Readonly<Record<ScoredField, number>> = { name: 1, tag: 2, project: 4, description: 8, path: 16 };

/**
 * The fields a lowercase keyword scores in for an atom whose fields are
 * lowercase, as a set of {@link FIELD_BIT}s: a substring of the name, the
 * description or the path; equal to a tag or to the project.
 */
export function fieldHits(atom: Pick<ScorableAtom, "name" | "tags" | "project" | "description" | "path">, keyword: string): number {
  let hits = 0;
  if (atom.name.includes(keyword)) hits |= FIELD_BIT.name;
  if (atom.tags.includes(keyword)) hits |= FIELD_BIT.tag;
  if (atom.project === keyword) hits |= FIELD_BIT.project;
  if (atom.description.includes(keyword)) hits |= FIELD_BIT.description;
  if (atom.path.includes(keyword)) hits |= FIELD_BIT.path;
  return hits;
}

/** The bonus a positive score gets for the atom's layer. */
export function layerBonusOf(w: ScoringWeights, layer: Layer): number {
  return layer === "hot" ? w.hot_bonus : layer === "warm" ? w.warm_bonus : 0;
}

/** The multiplier of a score for the atom's status (1 for active and review). */
export function statusMultiplierOf(w: ScoringWeights, status: string): number {
  return status === "archived" ? w.archived : status === "superseded" ? w.superseded : 1;
}

/**
 * The rest of the seed's table, after the field points, for both rankings:
 * the points added up; × `all_match` when `allMatched`; then, if above 0,
 * the layer bonus (and the usage bonus, when on); then the status multiplier.
 *
 * @example finishScore([{ keyword: "deploy", field: "name", points: 10 }], false, atom, { today: "2026-11-22" }).score
 */
export function finishScore(contributions: Contribution[], allMatched: boolean, atom: Pick<ScorableAtom, "path" | "status" | "updated">, ctx: ScoreContext): ScoreBreakdown {
  const w = ctx.weights ?? DEFAULT_WEIGHTS;
  const layer = classifyLayer(atom.updated, ctx.today, ctx.layers ?? DEFAULT_LAYERS);
  const base = contributions.reduce((sum, c) => sum + c.points, 0);
  const allMatch = allMatched ? w.all_match : 1;
  let score = base * allMatch;
  const layerBonus = score > 0 ? layerBonusOf(w, layer) : 0;
  score += layerBonus;
  const usageBonus = w.usage > 0 ? usageBonusFor(score, w.usage, ctx.activation?.get(atom.path) ?? 0) : undefined;
  score += usageBonus ?? 0;
  const statusMultiplier = statusMultiplierOf(w, atom.status);
  score = roundScore(score * statusMultiplier);
  const breakdown: ScoreBreakdown = { score, base, contributions, allMatch, layer, layerBonus, statusMultiplier };
  if (usageBonus !== undefined) breakdown.usageBonus = roundScore(usageBonus);
  return breakdown;
}

/**
 * The usage bonus: `weight × a / (a + 1)` for an atom with activation `a`,
 * so it grows with use but never reaches `weight`; 0 when the score before
 * it is 0 (usage alone never makes an atom match).
 *
 * @example usageBonusFor(10, 3, 1) // 1.5
 */
export function usageBonusFor(scoreSoFar: number, weight: number, activation: number): number {
  if (scoreSoFar <= 0 || weight <= 0 || activation <= 0) return 0;
  return (weight * activation) / (activation + 1);
}

/** Rounds away binary noise (0.1 + 0.2) so equal scores compare equal and print cleanly. */
export function roundScore(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
