import type { Count } from "../summary/types.js";

/** One line of `index/events.jsonl`: a mutation of the vault. */
export interface VaultEvent {
  /** ISO timestamp. */
  ts: string;
  /** e.g. `write`, `supersede`. */
  op: string;
  path: string | null;
  id: string | null;
}

/** How current `index/` is compared with the files. */
export interface IndexFreshness {
  /** When the index was last written (ISO), or null when there is none. */
  indexed_at: string | null;
  /** Files new or modified since the index was written, plus files removed (files that cannot be parsed count every time). */
  changed_since_index: number;
  /** True when `changed_since_index` is 0 and the index exists. */
  fresh: boolean;
}

/** An atom waiting in `review`. */
export interface ReviewItem {
  path: string;
  name: string;
  updated: string;
  /** Days since `updated`. */
  days: number;
}

/** What the `status` tool reports. */
export interface VaultStatus {
  today: string;
  total: number;
  /** Non-archived atoms per layer. */
  by_layer: { hot: number; warm: number; cold: number };
  by_status: Count[];
  by_project: Count[];
  by_type: Count[];
  /** Mutations from `index/events.jsonl`. */
  activity: { last_7_days: number; recent: VaultEvent[] };
  /** Atoms in `review` whose `updated` is more than 7 days ago, oldest first. */
  review_overdue: ReviewItem[];
  /** How current the index was before this request refreshed it. */
  index: IndexFreshness;
}
