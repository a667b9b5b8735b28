import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { vaultPaths } from "../paths.js";
import { renderAtom } from "../../core/write/render.js";
import type { ValidWrite } from "../../core/write/types.js";

/**
 * When the last index run completed (the mtime of `index/cache.tsv`, written
 * last), in nanoseconds; null when there is no index yet. Read before a write
 * brings the index up to date.
 */
export function lastIndexedNs(vaultDir: string): bigint | null {
  try {
    return statSync(vaultPaths(vaultDir).cache, { bigint: true }).mtimeNs;
  } catch {
    return null;
  }
}

/**
 * The atom an earlier write of this very input left behind unrecorded: the
 * note was created but the index update after it failed (a full disk), so a
 * retry would be refused as a near-duplicate of itself. It must be in the
 * same folder with the same name, type, project, status and tags, created
 * today, with the same body, and newer than the last completed index run
 * (`indexedNs`). Null when there is none.
 */
export function unrecordedTwin(vaultDir: string, manifest: readonly ManifestEntry[], valid: ValidWrite, folder: string, today: string, indexedNs: bigint | null): ManifestEntry | null {
  const same = (m: ManifestEntry) =>
    m.path.startsWith(`${folder}/`) && m.name === valid.name && m.type === valid.type && m.project === valid.project && m.status === valid.status && m.created === today && m.tags.join("\n") === valid.tags.join("\n");
  for (const entry of manifest) {
    if (same(entry) && newerThan(join(vaultDir, entry.path), indexedNs) && bodyOf(join(vaultDir, entry.path)) === renderedBody(valid, today)) return entry;
  }
  return null;
}

function newerThan(file: string, ns: bigint | null): boolean {
  try {
    return ns === null || statSync(file, { bigint: true }).mtimeNs > ns;
  } catch {
    return false;
  }
}

function bodyOf(file: string): string | null {
  try {
    return splitFrontmatter(readFileSync(file, "utf8")).body;
  } catch {
    return null;
  }
}

// The body a write of `valid` renders (the frontmatter does not matter here).
function renderedBody(valid: ValidWrite, today: string): string {
  const { name, type, project, status, tags } = valid;
  return splitFrontmatter(renderAtom({ id: "x", name, type, project, status, created: today, updated: today, tags, links: [] }, valid.body)).body;
}
