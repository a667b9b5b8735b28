import { DEFAULT_LAYERS } from "../config/defaults.js";
import type { LayerThresholds } from "../config/types.js";
import { byUpdatedThenPath, classifyLayer } from "../layers/classify.js";
import type { SearchRecord } from "../search/types.js";
import type { Count, VaultSummary } from "./types.js";
import { compareStrings } from "../util/compare.js";

/**
 * The seed's boot summary: totals, active atoms per layer, top projects and
 * types of active atoms, and the hot atoms. Pure: `today` is passed in.
 *
 * @example summarize(records, "2026-11-22").active.hot
 */
export function summarize(records: readonly SearchRecord[], today: string, layers: LayerThresholds = DEFAULT_LAYERS): VaultSummary {
  const statuses = new Map<string, number>();
  const projects = new Map<string, number>();
  const types = new Map<string, number>();
  const tags = new Set<string>();
  const active = { total: 0, hot: 0, warm: 0, cold: 0 };
  const hot: SearchRecord[] = [];
  for (const r of records) {
    bump(statuses, r.status);
    for (const t of r.tags) tags.add(t);
    if (r.status !== "active") continue;
    active.total++;
    const layer = classifyLayer(r.updated, today, layers);
    active[layer]++;
    if (layer === "hot") hot.push(r);
    bump(projects, r.project);
    bump(types, r.type);
  }
  return { today, total: records.length, statuses: ranked(statuses), active, projects: ranked(projects), types: ranked(types), tags: tags.size, hot: hot.sort(byUpdatedThenPath) };
}

/** Counts one more `key` in `map`. */
export function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Counts as pairs, most first, ties by name (code-unit order). */
export function ranked(map: ReadonlyMap<string, number>): Count[] {
  return [...map].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]));
}
