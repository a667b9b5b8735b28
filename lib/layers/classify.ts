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
  const files: LayerFiles = { hot: [], warm: [], cold: [] };
  for (const atom of atoms) {
    if (atom.status === "archived") continue;
    const { path, name, type, project, status, updated, tags } = atom;
    files[classifyLayer(updated, today, thresholds)].push({ path, name, type, project, status, updated, tags });
  }
  for (const list of Object.values(files)) list.sort(byUpdatedThenPath);
  return files;
}
