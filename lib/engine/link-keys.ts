import type { GroupIndex } from "../core/indexes/types.js";
import { targetKeySet } from "../core/links/target-key-set.js";
import { parseJson } from "../core/util/json.js";
import type { LazyPreviousTexts } from "../store/index-previous.js";
import { writeLinkKeys } from "../store/link-keys.js";

/** What an index run knows of the graph it wrote, for {@link keepLinkKeys}. */
export interface RunGraph {
  /** The whole graph, when the run built it (a full or rebuilt run). */
  whole?: GroupIndex;
  /** The previous run's files as this run read them (an incremental run). */
  previous?: LazyPreviousTexts;
  /** The link targets of the atoms this run added (an incremental run that only added atoms). */
  added?: readonly string[];
}

/**
 * Keeps `index/link-keys.tsv` in step with the graph.json an index run just
 * recorded (of identity `identity`, see `graphIdentity`), after its cache:
 * made whole from a graph the run built; the keys of the added targets
 * inserted into the file made of the previous graph; made whole from the
 * previous graph's bytes, when the run read them and found the file
 * missing or stale. Left as it is when the graph is the one it was made of,
 * or when the run read neither (the next write that needs it reads
 * graph.json and makes it). A run killed before this leaves a file made of
 * another graph: its identity tells, and it is not used.
 */
export function keepLinkKeys(vaultDir: string, identity: string | null, graph: RunGraph): void {
  if (identity === null) return;
  if (graph.whole) return writeLinkKeys(vaultDir, identity, targetKeySet(targetsOf(graph.whole)));
  const asked = graph.previous?.asked();
  if (!asked || asked.identity === null) return;
  const added = graph.added ?? [];
  if (asked.identity === identity && asked.linkKeys !== null) return;
  const body = asked.identity === identity ? null : (asked.linkKeys ?? (asked.linkKeys === undefined ? graph.previous!.linkKeys() : null));
  if (body) return writeLinkKeys(vaultDir, identity, targetKeySet(added), body);
  if (asked.graph) writeLinkKeys(vaultDir, identity, targetKeySet([...targetsOf(parseJson(asked.graph.toString("utf8")) as GroupIndex), ...added]));
}

function* targetsOf(graph: GroupIndex): Generator<string> {
  for (const path in graph) yield* graph[path]!;
}
