/** How access events turn into activation. */
export interface ActivationOptions {
  /** An event's weight halves every this many days. Default 7. */
  halfLifeDays?: number;
  /** Events older than this many days are ignored. Default 90. */
  windowDays?: number;
  /** Only the first this many results of an event count. Default 10. */
  topResults?: number;
}

/** The fields of an access-log line activation reads. */
export interface AccessRecord {
  /** ISO timestamp. */
  ts: string;
  /** `search`, or the MCP tool / command that read atoms. */
  op: string;
  query: string;
  /** Result paths, best first. */
  results: string[];
}

/** One line of `index/access_log.jsonl`: a search and what it returned. */
export interface AccessEvent extends AccessRecord {
  duration_ms: number;
}
