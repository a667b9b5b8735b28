import { readFileSync } from "node:fs";
import { join } from "node:path";
import { linkKeysBody, linkKeysHeader, linkKeysText, linkKeysWithMore, type LinkKeySet } from "../core/formats/link-keys.js";
import type { FileChecks } from "../core/formats/meta.js";
import { pendingText, type PendingPatches } from "../core/formats/pending.js";
import { writeFileAtomic } from "./atomic.js";
import { crc32Hex } from "./digest.js";
import { vaultPaths } from "./paths.js";

export type { LinkKeySet } from "../core/formats/link-keys.js";

const GRAPH = "index/graph.json";

/** Where a vault's link keys live (machine-local, like cache.tsv). */
export function linkKeysPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "link-keys.tsv");
}

/**
 * The identity of graph.json as the index holds it: the check meta.json
 * records of its base (`files`), and the pending pieces over that base
 * (`patches`), if any. Another graph gives another identity. Null when
 * `files` lists no graph.json.
 */
export function graphIdentity(files: FileChecks, patches: PendingPatches): string | null {
  const check = files[GRAPH];
  if (!check) return null;
  const patch = patches[GRAPH];
  return `${check.bytes}:${check.crc32}${patch ? `+${crc32Hex(pendingText({ [GRAPH]: patch }))}` : ""}`;
}

/**
 * The body of `index/link-keys.tsv` (see `lib/core/formats/link-keys.ts`),
 * when it was made of the graph.json of identity `identity` and matches its
 * end line's check; null otherwise (missing, damaged, of another version or
 * another graph: graph.json is then read instead).
 */
export function readLinkKeys(vaultDir: string, identity: string): Buffer | null {
  let buf: Buffer;
  try {
    buf = readFileSync(linkKeysPath(vaultDir));
  } catch {
    return null;
  }
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
