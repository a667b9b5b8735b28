import { readFileSync } from "node:fs";
import { join } from "node:path";
import { aliasesText, readAliasesText } from "../core/formats/aliases.js";
import type { FileChecks } from "../core/formats/meta.js";
import type { PendingPatches } from "../core/formats/pending.js";
import { writeFileAtomic } from "./atomic.js";
import { indexedFileIdentity, readPendingPatches } from "./pending.js";
import { vaultPaths } from "./paths.js";

const MANIFEST = "index/manifest.json";

/** Where a vault's aliased notes are listed (machine-local, like cache.tsv). */
export function aliasesPath(vaultDir: string): string {
  return join(vaultPaths(vaultDir).indexDir, "aliases.tsv");
}

/** The identity of manifest.json as the index holds it (see `indexedFileIdentity`). */
export function manifestIdentity(files: FileChecks, patches: PendingPatches): string | null {
  return indexedFileIdentity(MANIFEST, files, patches);
}

/**
 * The notes with aliases that `index/aliases.tsv` lists (see
 * `lib/core/formats/aliases.ts`), when it was made of the manifest.json the
 * index holds now (`files`: meta.json's checks, with the pending pieces
 * they list) and its check holds; null otherwise (the manifest is then
 * searched instead).
 */
export function readAliasesFile(vaultDir: string, files: FileChecks): Map<string, string[]> | null {
  const patches = readPendingPatches(vaultDir, files);
  const identity = typeof patches === "string" ? null : manifestIdentity(files, patches);
  if (identity === null) return null;
  try {
    return readAliasesText(readFileSync(aliasesPath(vaultDir)), identity);
  } catch {
    return null;
  }
}

/**
 * Writes the notes with aliases of the manifest.json of identity
 * `identity`. Never throws: a vault that cannot be written keeps none, and
 * its writes search the manifest.
 */
export function writeAliasesFile(vaultDir: string, identity: string, aliases: ReadonlyMap<string, readonly string[]>): void {
  try {
    writeFileAtomic(aliasesPath(vaultDir), aliasesText(identity, aliases));
  } catch {
    // read-only vault
  }
}
