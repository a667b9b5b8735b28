import { readTextOrNull } from "./files.js";
import type { AccessEvent } from "../core/activation/types.js";
import type { AccessLog } from "../core/stats/types.js";
import { appendLines } from "./append-lines.js";

/**
 * A monotonic clock in milliseconds, for an access log line's `duration_ms`:
 * process.hrtime, which is always loaded, where the first use of
 * `performance` loads perf_hooks (about 2 ms of a search's start-up).
 */
export function clockMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * Appends one event to the access log (a single `write` with O_APPEND, so
 * concurrent searches never interleave or rewrite the file). Returns false,
 * instead of throwing, when the vault cannot be written to.
 */
export function appendAccessEvent(file: string, event: AccessEvent): boolean {
  try {
    appendLines(file, `${JSON.stringify(event)}\n`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads `index/access_log.jsonl`; a missing file is an empty log, a line that
 * is not a valid event is counted and skipped.
 */
export function readAccessLog(file: string): AccessLog {
  const text = readTextOrNull(file);
  if (text === null) return { events: [], badLines: 0 };
  const log: AccessLog = { events: [], badLines: 0 };
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as AccessEvent;
      if (typeof e.ts === "string" && Array.isArray(e.results) && typeof e.duration_ms === "number") log.events.push({ ...e, op: String(e.op ?? "search"), query: String(e.query ?? "") });
      else log.badLines++;
    } catch {
      log.badLines++;
    }
  }
  return log;
}
