import { join } from "node:path";
import { linkKeysBody, linkKeysHeader, linkKeysText, linkKeysWithMore, type LinkKeySet } from "../core/formats/link-keys.js";
import type { FileChecks } from "../core/formats/meta.js";
import type { PendingPatches } from "../core/formats/pending.js";
import { writeFileAtomic } from "./atomic.js";
import { readFileOrNull } from "./files.js";
import { indexedFileIdentity } from "./pending.js";
import { vaultPaths } from "./paths.js";

export type { LinkKeySet } from "../core/formats/link-keys.js";

const GRAPH = "index/graph.json";

/** Where a vault's link keys live (machine-local, like cache.tsv). */
export function linkKeysPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "link-keys.tsv");
}

/** The identity of graph.json as the index holds it (see {@link indexedFileIdentity}). */
export function graphIdentity(files: FileChecks, patches: PendingPatches): string | null {
  return indexedFileIdentity(GRAPH, files, patches);
}

/**
 * The body of `index/link-keys.tsv` (see `lib/core/formats/link-keys.ts`),
 * when it was made of the graph.json of identity `identity` and matches its
 * end line's check; null otherwise (missing, damaged, of another version or
 * another graph: graph.json is then read instead).
 */
export function readLinkKeys(vaultDir: string, identity: string): Buffer | null {
  const buf = readFileOrNull(linkKeysPath(vaultDir));
  if (buf === null) return null;
  const body = linkKeysBody(buf);
  return body && linkKeysHeader(body)?.identity === identity ? body : null;
}

/**
 * Writes the link keys of the graph.json of identity `identity`: `set`
 * whole, or, with `body` (the file as read for an earlier graph), its keys
 * and those of `set`. Never throws: a vault that cannot be written keeps
 * none, and its writes read graph.json.
 */
export function writeLinkKeys(vaultDir: string, identity: string, set: LinkKeySet, body?: Buffer): void {
  try {
    writeFileAtomic(linkKeysPath(vaultDir), body ? linkKeysWithMore(body, identity, set) : linkKeysText(identity, set));
  } catch {
    // read-only vault
  }
}
