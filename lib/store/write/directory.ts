import { readFileSync } from "node:fs";
import type { AtomDirectory, DirectoryEntry } from "../../core/write/types.js";
import { aliasesByPath, manifestEntryAt } from "../../core/indexes/sorted-splice.js";
import { F, isCurrentSearchFile } from "../../core/indexes/search-file.js";
import { pathFromField } from "../../core/util/text.js";
import { readMeta } from "../index-check.js";
import { checkedBytes } from "../index-previous.js";
import { vaultPaths } from "../paths.js";

export type { AtomDirectory, DirectoryEntry } from "../../core/write/types.js";

/**
 * The atoms of the index as its last run wrote them, read from
 * `index/search.tsv` (a line per atom) and the bytes of `index/manifest.json`
 * (ids, and the aliases of the few atoms that have any), each held to its
 * check in meta.json: what the near-duplicate, related-atom and name checks
 * of a write need, without parsing a 60 MB manifest. Names and descriptions
 * are lower-cased (those checks compare words, not letter case). Null when a
 * file is missing, damaged or of another format (read the manifest then).
 */
export function readAtomDirectory(vaultDir: string): AtomDirectory | null {
  const paths = vaultPaths(vaultDir);
  const read = (file: string) => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  };
  const metaBytes = read(paths.meta);
  const files = metaBytes && readMeta(metaBytes.toString("utf8"))?.files;
  if (!files) return null;
  // Held to their checks, and kept for the index update after the write (see checkedBytes).
  const search = checkedBytes(vaultDir, "index/search.tsv", files);
  const manifest = checkedBytes(vaultDir, "index/manifest.json", files);
  if (typeof search === "string" || typeof manifest === "string" || !isCurrentSearchFile(search)) return null;
  const aliases = aliasesByPath(manifest);
  if (!aliases) return null;
  return {
    entries: searchEntries(search.toString("utf8"), aliases),
    hasId: (id) => manifest.indexOf(`\n    "id": ${JSON.stringify(id)},\n`) !== -1,
    entry: (path) => manifestEntryAt(manifest, path),
  };
}

// One entry per line of search.tsv: only the fields the write path reads are cut out.
function searchEntries(text: string, aliases: ReadonlyMap<string, string[]>): DirectoryEntry[] {
  const entries: DirectoryEntry[] = [];
  const none: string[] = [];
  const field = new Int32Array(F.type + 1);
  for (let at = text.indexOf("\n") + 1; at > 0 && at < text.length; ) {
    const end = text.indexOf("\n", at);
    const stop = end === -1 ? text.length : end;
    field[0] = at;
    for (let i = 1; i <= F.type; i++) field[i] = text.indexOf("\t", field[i - 1]!) + 1;
    const cut = (i: number) => text.slice(field[i]!, field[i + 1]! - 1);
    if (field[F.type]! > 0 && field[F.type]! <= stop) {
      const path = pathFromField(cut(F.path));
      const tags = cut(F.tags);
      entries.push({ path, name: cut(F.name), description: cut(F.description), tags: tags === "" ? none : tags.split("\x1f"), aliases: aliases.get(path) ?? none, status: cut(F.status) });
    }
    at = stop + 1;
  }
  return entries;
}
