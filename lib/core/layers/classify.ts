import { DEFAULT_LAYERS } from "../config/defaults.js";
import type { LayerThresholds } from "../config/types.js";
import { daysBetween, epochDay } from "../util/dates.js";
import type { Layer, LayerEntry, LayerFiles } from "./types.js";

/**
 * The layer of an atom updated on `updated`, seen on `today` (both
 * YYYY-MM-DD): at most `hot` days old → hot, at most `warm` → warm, else
 * cold. A missing or bad date is cold; a date after today is hot.
 *
 * @example classifyLayer("2026-11-20", "2026-11-22") // "hot" (2 days)
 */
export function classifyLayer(updated: string, today: string, thresholds: LayerThresholds = DEFAULT_LAYERS): Layer {
  const days = daysBetween(updated, today);
  if (days === null) return "cold";
  if (days <= thresholds.hot) return "hot";
  if (days <= thresholds.warm) return "warm";
  return "cold";
}

/** Newest `updated` first (a missing or bad date counts as oldest), then path ascending (code-unit order, never locale). */
export function byUpdatedThenPath(a: { updated: string; path: string }, b: { updated: string; path: string }): number {
  const da = epochDay(a.updated) ?? -Infinity;
  const db = epochDay(b.updated) ?? -Infinity;
  if (da !== db) return db > da ? 1 : -1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * Splits atoms into the three layer files: archived atoms are left out, each
 * layer newest first (ties by path).
 */
export function buildLayers(atoms: readonly LayerEntry[], today: string, thresholds: LayerThresholds = DEFAULT_LAYERS): LayerFiles {
  const pick = ({ path, name, type, project, status, updated, tags }: LayerEntry): LayerEntry => ({ path, name, type, project, status, updated, tags });
  const order = layerOrder(atoms, today, thresholds);
  return { hot: order.hot.map(pick), warm: order.warm.map(pick), cold: order.cold.map(pick) };
}

/** The fields a layer file lists, in their order. */
export const LAYER_FIELDS = ["path", "name", "type", "project", "status", "updated", "tags"] as const satisfies readonly (keyof LayerEntry)[];

/**
 * {@link buildLayers} without copying: the given atoms themselves, in each
 * layer's order (write them with {@link LAYER_FIELDS} as the only keys).
 */
export function layerOrder<T extends LayerEntry>(atoms: readonly T[], today: string, thresholds: LayerThresholds = DEFAULT_LAYERS): Record<Layer, T[]> {
  const keyed: Record<Layer, { day: number; atom: T }[]> = { hot: [], warm: [], cold: [] };
  const todayDay = epochDay(today);
  for (const atom of atoms) {
    if (atom.status === "archived") continue;
    const day = epochDay(atom.updated) ?? -Infinity;
    keyed[layerOfDays(todayDay === null ? null : todayDay - day, thresholds)].push({ day, atom });
  }
  return { hot: sortByDay(keyed.hot), warm: sortByDay(keyed.warm), cold: sortByDay(keyed.cold) };
}

// The same order as byUpdatedThenPath, with each date read once instead of in every comparison.
// Atoms that come in path order (the manifest's) need no path comparison: the sort is stable.
function sortByDay<T extends LayerEntry>(list: { day: number; atom: T }[]): T[] {
  const byPath = (a: { atom: T }, b: { atom: T }) => (a.atom.path < b.atom.path ? -1 : a.atom.path > b.atom.path ? 1 : 0);
  const inPathOrder = list.every((k, i) => i === 0 || byPath(list[i - 1]!, k) < 0);
  // A bad date is -Infinity: -Infinity minus -Infinity is NaN, which sort takes as equal.
  return list.sort(inPathOrder ? (a, b) => b.day - a.day : (a, b) => b.day - a.day || byPath(a, b)).map((k) => k.atom);
}

// The layer for an age in days (null or -Infinity-old: cold), as classifyLayer decides it.
function layerOfDays(days: number | null, thresholds: LayerThresholds): Layer {
  if (days === null || !Number.isFinite(days)) return "cold";
  if (days <= thresholds.hot) return "hot";
  if (days <= thresholds.warm) return "warm";
  return "cold";
}
