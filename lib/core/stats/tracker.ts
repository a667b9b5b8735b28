import { compareStrings } from "../util/compare.js";
import type { ManifestEntry } from "../indexes/types.js";
import { DEFAULT_LAYERS } from "../config/defaults.js";
import type { LayerThresholds } from "../config/types.js";
import { classifyLayer } from "../layers/classify.js";
import { ranked } from "../summary/summarize.js";
import type { AccessEvent } from "../activation/types.js";
import type { TrackerReport } from "./types.js";

/** Options of {@link trackerReport}. */
export interface TrackerOptions {
  /** Only events on or after this YYYY-MM-DD. */
  since?: string;
  /** How many most-accessed atoms. Default 10. */
  top?: number;
  layers?: LayerThresholds;
}

/**
 * The seed's tracker report: retrievals, latency, the layer of each top
 * result, the most returned atoms and the atoms never returned (dead). Pure.
 *
 * @example trackerReport(readAccessLog(vaultPaths(dir).accessLog).events, manifest)
 */
export function trackerReport(events: readonly AccessEvent[], manifest: readonly Pick<ManifestEntry, "path" | "updated">[], options: TrackerOptions = {}): TrackerReport {
  const kept = events.filter((e) => options.since === undefined || e.ts.slice(0, 10) >= options.since);
  const updated = new Map(manifest.map((m) => [m.path, m.updated]));
  const ops = new Map<string, number>();
  const returned = new Map<string, { returned: number; top: number }>();
  const topLayers = { hot: 0, warm: 0, cold: 0, gone: 0 };
  let empty = 0;
  for (const e of kept) {
    ops.set(e.op, (ops.get(e.op) ?? 0) + 1);
    if (e.results.length === 0) empty++;
    e.results.forEach((path, i) => {
      const r = returned.get(path) ?? { returned: 0, top: 0 };
      r.returned++;
      if (i === 0) r.top++;
      returned.set(path, r);
    });
    const first = e.results[0];
    if (first === undefined) continue;
    const date = updated.get(first);
    topLayers[date === undefined ? "gone" : classifyLayer(date, e.ts.slice(0, 10), options.layers ?? DEFAULT_LAYERS)]++;
  }
  const mostAccessed = [...returned]
    .map(([path, r]) => ({ path, ...r }))
    .sort((a, b) => b.returned - a.returned || b.top - a.top || compareStrings(a.path, b.path))
    .slice(0, options.top ?? 10);
  const stamps = kept.map((e) => e.ts).sort(compareStrings);
  return {
    retrievals: kept.length,
    byOp: ranked(ops),
    empty,
    latency: latency(kept.map((e) => e.duration_ms)),
    topLayers,
    mostAccessed,
    dead: manifest.map((m) => m.path).filter((p) => !returned.has(p)).sort(compareStrings),
    from: stamps[0] ?? null,
    to: stamps[stamps.length - 1] ?? null,
  };
}

function latency(values: number[]): TrackerReport["latency"] {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { mean: round(values.reduce((a, b) => a + b, 0) / values.length), p50: round(at(0.5)), p95: round(at(0.95)) };
}
