import { readFileSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../atoms/frontmatter.js";
import type { ManifestEntry } from "../indexes/types.js";
import { comparableText, shingle, type Shingles } from "./similarity.js";

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
 * The shingles of every live atom of a manifest, read from disk, by path:
 * what a new atom is checked against for near-duplicates.
 */
export function loadCorpus(vaultDir: string, manifest: readonly ManifestEntry[]): Map<string, Shingles> {
  const corpus = new Map<string, Shingles>();
  for (const entry of manifest) {
    if (isLive(entry)) corpus.set(entry.path, shingle(comparableText(entry.name, readBody(vaultDir, entry.path))));
  }
  return corpus;
}
