import { appendLines } from "./append-lines.js";

/** One line of `index/access_log.jsonl`: a search and what it returned. */
export interface AccessEvent {
  /** ISO timestamp. */
  ts: string;
  /** `search`, or the MCP tool / command that read atoms. */
  op: string;
  query: string;
  /** Result paths, best first. */
  results: string[];
  duration_ms: number;
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
 * A monotonic clock in milliseconds, for `duration_ms`: process.hrtime, which
 * is always loaded, where the first use of `performance` loads perf_hooks
 * (about 1 ms of a search's start-up).
 */
export function clockMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
