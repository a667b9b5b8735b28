import { readFileSync } from "node:fs";
import type { AtomDirectory } from "../../core/write/types.js";
import { directoryOfIndex } from "../../core/write/index-directory.js";
import { isCurrentSearchFile } from "../../core/indexes/search-file.js";
import { readMeta } from "../index-check.js";
import { checkedBytes } from "../index-previous.js";
import { vaultPaths } from "../paths.js";
import { readAliasesFile } from "../aliases-file.js";

export type { AtomDirectory, DirectoryEntry } from "../../core/write/types.js";

/**
 * The atoms of the index as its last run wrote them, read from
 * `index/search.tsv` (a line per atom) and the bytes of `index/manifest.json`
 * (ids, and the aliases of the few atoms that have any), each held to its
 * check in meta.json: what the near-duplicate, related-atom and name checks
 * of a write need, without parsing a 60 MB manifest. A lookup finds its
 * lines by a byte search over search.tsv and decodes those only (see
 * {@link AtomDirectory}). Names and descriptions are lower-cased (those
 * checks compare words, not letter case). Null when a file is missing,
 * damaged or of another format (read the manifest then).
 */
export function readAtomDirectory(vaultDir: string): AtomDirectory | null {
  const paths = vaultPaths(vaultDir);
  let metaBytes: Buffer;
  try {
    metaBytes = readFileSync(paths.meta);
  } catch {
    return null;
  }
  const files = readMeta(metaBytes.toString("utf8"))?.files;
  if (!files) return null;
  // Held to their checks, and kept for the index update after the write (see checkedBytes).
  const search = checkedBytes(vaultDir, "index/search.tsv", files);
  const manifest = checkedBytes(vaultDir, "index/manifest.json", files);
  if (typeof search === "string" || typeof manifest === "string" || !isCurrentSearchFile(search)) return null;
  // The notes with aliases, as index/aliases.tsv lists them for this manifest (else found in its bytes).
  return directoryOfIndex(search, manifest, readAliasesFile(vaultDir, files) ?? undefined);
}
