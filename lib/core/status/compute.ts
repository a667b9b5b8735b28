import type { LayerThresholds } from "../config/types.js";
import { compareStrings } from "../util/compare.js";
import { classifyLayer } from "../layers/classify.js";
import type { SearchRecord } from "../search/types.js";
import { bump, ranked } from "../summary/summarize.js";
import { daysBetween, localDate } from "../util/dates.js";
import type { IndexFreshness, ReviewItem, VaultEvent, VaultStatus } from "./types.js";

/** Days an atom may sit in `review` before status calls it overdue. */
export const REVIEW_DAYS = 7;

/**
 * The status of a vault (seed 003's status): counts by layer, status,
 * project and type; the last mutations (newest first, at most `recent`)
 * and how many happened in the last 7 days; atoms in review for more than
 * 7 days (by `updated`); and the index freshness given. Pure.
 *
 * @example computeStatus(records, events, freshness, "2026-11-22", { hot: 2, warm: 7 })
 */
export function computeStatus(records: readonly SearchRecord[], events: readonly VaultEvent[], index: IndexFreshness, today: string, layers: LayerThresholds, recent = 10): VaultStatus {
  const byLayer = { hot: 0, warm: 0, cold: 0 };
  const statuses = new Map<string, number>();
  const projects = new Map<string, number>();
  const types = new Map<string, number>();
  const review: ReviewItem[] = [];
  for (const r of records) {
    bump(statuses, r.status);
    bump(projects, r.project);
    bump(types, r.type);
    if (r.status !== "archived") byLayer[classifyLayer(r.updated, today, layers)]++;
    const days = daysBetween(r.updated, today);
    if (r.status === "review" && (days === null || days > REVIEW_DAYS)) review.push({ path: r.path, name: r.name, updated: r.updated, days: days ?? -1 });
  }
  review.sort((a, b) => b.days - a.days || compareStrings(a.path, b.path));
  const sorted = [...events].sort((a, b) => compareStrings(b.ts, a.ts));
  const lastWeek = sorted.filter((e) => {
    const ms = Date.parse(e.ts);
    const age = Number.isNaN(ms) ? null : daysBetween(localDate(ms), today);
    return age !== null && age >= 0 && age < 7;
  }).length;
  return {
    today,
    total: records.length,
    by_layer: byLayer,
    by_status: ranked(statuses),
    by_project: ranked(projects),
    by_type: ranked(types),
    activity: { last_7_days: lastWeek, recent: sorted.slice(0, recent) },
    review_overdue: review,
    index,
  };
}
