import type { Layer, LayerEntry } from "../layers/types.js";
import type { ScoreBreakdown } from "../scoring/types.js";

/** The fields of an atom search needs: its layer entry and its description. */
export interface SearchRecord extends LayerEntry {
  description: string;
}

/** An atom's search record, keys in this order (what `--json` prints of a hit). */
export function searchRecordOf(atom: SearchRecord): SearchRecord {
  const { path, name, type, project, status, updated, tags, description } = atom;
  return { path, name, type, project, status, updated, tags, description };
}

/** Narrowing filters; each one given must match. */
export interface SearchFilters {
  project?: string;
  type?: string;
  /** Atom must carry this tag (compared lowercase, `#` ignored). */
  tag?: string;
  /** Only this status. Without a query and without `allStatus`, only `active`. */
  status?: string;
  /** Without a query: every status instead of active only. */
  allStatus?: boolean;
  /** Only hot atoms. */
  hotOnly?: boolean;
}

/** Options of {@link rankRecords}. */
export interface RankOptions extends SearchFilters {
  /** YYYY-MM-DD. */
  today: string;
  /** Results kept; default 10; 0 keeps all. */
  top?: number;
  /** Activation per lowercase path, for the optional usage bonus (`[scoring] usage`). */
  activation?: ReadonlyMap<string, number>;
  /** Full-text ranking: refuse a query that is not well-formed syntax (`BAD_QUERY`) instead of reading it as text. */
  strictQuery?: boolean;
}

/** One search result. */
export interface SearchHit {
  record: SearchRecord;
  /** The score (0 in filter mode, which has no query). */
  score: number;
  layer: Layer;
  /** How the score was reached; null in filter mode. */
  breakdown: ScoreBreakdown | null;
  /** Full-text ranking: the query's words and phrases this atom contains, in query order. */
  matched?: string[];
}
