import type { AccessEvent } from "../activation/types.js";

/** What `index/access_log.jsonl` holds, read leniently. */
export interface AccessLog {
  events: AccessEvent[];
  /** Lines that were not a valid event (a crash mid-write, a hand edit). */
  badLines: number;
}

/** The seed's tracker report over the access log. */
export interface TrackerReport {
  /** Retrievals counted (after the `since` filter). */
  retrievals: number;
  /** Retrievals by `op` (`search`, MCP tools …), most first. */
  byOp: [string, number][];
  /** Retrievals that returned nothing. */
  empty: number;
  /** Mean, median and 95th percentile of `duration_ms`, rounded to 0.1 ms; null without retrievals. */
  latency: { mean: number; p50: number; p95: number } | null;
  /** Where the top result of each retrieval with results sat, on the day of the retrieval: hot, warm, cold, or gone (no longer in the vault). */
  topLayers: { hot: number; warm: number; cold: number; gone: number };
  /** Atoms by how often they were returned (any position), most first, at most `top`. */
  mostAccessed: { path: string; returned: number; top: number }[];
  /** Atoms of the vault no retrieval ever returned, sorted. */
  dead: string[];
  /** First and last timestamp seen. */
  from: string | null;
  to: string | null;
}
