import { ATOM_TYPES } from "../../core/atoms/types.js";
import { compareStrings } from "../../core/util/compare.js";
import { openSnapshot } from "../../app/snapshot.js";

/** What `completion/complete` answers: at most 100 values, and how many there are in all. */
export interface Completion {
  values: string[];
  total: number;
  hasMore: boolean;
}

/** The most values one completion answer holds (the MCP limit). */
const MAX_VALUES = 100;

/** Argument names completed from the vault, whatever prompt or resource template they belong to. */
export const COMPLETED_ARGUMENTS: readonly string[] = ["project", "type", "tag", "path"];

/**
 * Completes an argument from the vault: `project` from the projects of its
 * atoms and the `[projects]` names of cortex.toml, `type` from the schema's
 * types and those in use, `tag` from the tags in use, `path` from the atoms'
 * paths. Values start with `prefix` (case-insensitive), sorted; any other
 * argument gets no values.
 *
 * @example await completeArgument(vaultDir, today, "project", "op") // { values: ["ops"], total: 1, hasMore: false }
 */
export async function completeArgument(vaultDir: string, today: string, argument: string, prefix: string): Promise<Completion> {
  if (!COMPLETED_ARGUMENTS.includes(argument)) return { values: [], total: 0, hasMore: false };
  const snap = await openSnapshot(vaultDir, today);
  const candidates = new Set<string>();
  if (argument === "project") for (const p of snap.config.projects) candidates.add(p);
  if (argument === "type") for (const t of ATOM_TYPES) candidates.add(t);
  for (const m of snap.manifest) {
    if (argument === "project") candidates.add(m.project);
    else if (argument === "type") candidates.add(m.type);
    else if (argument === "tag") for (const t of m.tags) candidates.add(t);
    else candidates.add(m.path);
  }
  const wanted = prefix.toLowerCase();
  const matching = [...candidates].filter((v) => v !== "" && v.toLowerCase().startsWith(wanted)).sort(compareStrings);
  return { values: matching.slice(0, MAX_VALUES), total: matching.length, hasMore: matching.length > MAX_VALUES };
}
