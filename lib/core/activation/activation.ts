import { daysBetween, localDate } from "../util/dates.js";
import type { AccessRecord, ActivationOptions } from "./types.js";

/** The operations whose results count as an atom being used. */
export const ACTIVATING_OPS: ReadonlySet<string> = new Set(["search", "recall", "read", "context"]);

/**
 * Activation per atom path (lowercase, as scoring compares paths) from
 * access events (seed 003): each event that
 * returned an atom adds `0.5^(age_days / halfLifeDays)`. Events with an
 * empty query (filter listings), of other operations, or older than
 * `windowDays` are ignored, and only the first `topResults` results of an
 * event count. Pure: `today` (YYYY-MM-DD) is passed in.
 *
 * @example activationFromEvents([{ ts: "2026-11-22T09:00:00Z", op: "recall", query: "deploy", results: ["a.md"] }], "2026-11-22").get("a.md") // 1
 */
export function activationFromEvents(events: Iterable<AccessRecord>, today: string, options: ActivationOptions = {}): Map<string, number> {
  const halfLife = options.halfLifeDays ?? 7;
  const window = options.windowDays ?? 90;
  const top = options.topResults ?? 10;
  const activation = new Map<string, number>();
  for (const event of events) {
    if (!ACTIVATING_OPS.has(event.op) || !event.query.trim()) continue;
    const ms = Date.parse(event.ts);
    if (Number.isNaN(ms)) continue;
    const age = Math.max(0, daysBetween(localDate(ms), today) ?? Infinity);
    if (age > window) continue;
    const weight = Math.pow(0.5, age / halfLife);
    for (const result of event.results.slice(0, top)) {
      const path = result.toLowerCase();
      activation.set(path, (activation.get(path) ?? 0) + weight);
    }
  }
  return activation;
}
