import type { SearchRecord } from "../search/types.js";

/** A name and how many atoms have it. */
export type Count = [name: string, count: number];

/** The boot summary of a vault: what an agent or a person reads first. */
export interface VaultSummary {
  today: string;
  total: number;
  /** Atoms per status, most first. */
  statuses: Count[];
  /** Active atoms per layer. */
  active: { total: number; hot: number; warm: number; cold: number };
  /** Active atoms per project / type, most first (ties by name). */
  projects: Count[];
  types: Count[];
  /** Distinct tags over all atoms. */
  tags: number;
  /** Active hot atoms, newest first. */
  hot: SearchRecord[];
}
