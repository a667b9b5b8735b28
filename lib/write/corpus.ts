import { readFileSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../atoms/frontmatter.js";
import type { ManifestEntry } from "../indexes/types.js";
import { comparableText } from "./similarity.js";
import { lazyCandidate, type LazyCandidate } from "./similarity-bound.js";

/** Whether an atom takes part in duplicate checks: only live ones (active, review). */
export function isLive(entry: Pick<ManifestEntry, "status">): boolean {
  return entry.status !== "superseded" && entry.status !== "archived";
}

/** The body of a vault file (frontmatter and BOM removed); empty when unreadable. */
export function readBody(vaultDir: string, path: string): string {
  try {
    return splitFrontmatter(readFileSync(join(vaultDir, path), "utf8").replace(/^\uFEFF/, "")).body;
  } catch {
    return "";
  }
}

/**
 * Every live atom of a manifest, read from disk, by path, as words (its
 * shingles are computed only when it may be a near-duplicate): what a new
 * atom is checked against.
 */
export function loadCorpus(vaultDir: string, manifest: readonly ManifestEntry[]): Map<string, LazyCandidate> {
  const corpus = new Map<string, LazyCandidate>();
  for (const entry of manifest) {
    if (isLive(entry)) corpus.set(entry.path, lazyCandidate(entry.path, comparableText(entry.name, readBody(vaultDir, entry.path))));
  }
  return corpus;
}
