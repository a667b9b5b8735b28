import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import { BODY_SCAN_LIMIT, overScanLimit } from "../../core/atoms/scan-limit.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { comparableText } from "../../core/write/similarity.js";
import { lazyCandidate, type LazyCandidate } from "../../core/write/similarity-bound.js";
import { isLive } from "../../core/write/directory.js";

/**
 * The body of a vault file (frontmatter and BOM removed), for near-duplicate
 * checks; empty when unreadable or over {@link BODY_SCAN_LIMIT} (the index
 * warns about such a note, rule `too-large`).
 */
export function readBody(vaultDir: string, path: string): string {
  try {
    const file = join(vaultDir, path);
    if (overScanLimit(statSync(file).size)) return "";
    return splitFrontmatter(readFileSync(file, "utf8").replace(/^\uFEFF/, "")).body;
  } catch {
    return "";
  }
}

/**
 * Every live atom of a manifest, read from disk, by path, as words (its
 * shingles are computed only when it may be a near-duplicate): what a new
 * atom is checked against.
 */
export function loadCorpus(vaultDir: string, manifest: readonly Pick<ManifestEntry, "path" | "name" | "status">[]): Map<string, LazyCandidate> {
  const corpus = new Map<string, LazyCandidate>();
  for (const entry of manifest) {
    if (isLive(entry)) corpus.set(entry.path, lazyCandidate(entry.path, comparableText(entry.name, readBody(vaultDir, entry.path))));
  }
  return corpus;
}
