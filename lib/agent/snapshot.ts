import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../atoms/frontmatter.js";
import { loadConfig } from "../config/load.js";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import type { GroupIndex, ManifestEntry } from "../indexes/types.js";
import type { IndexFreshness } from "../status/types.js";
import type { IndexVaultResult } from "../vault/indexer.js";
import { isCurrentSearchFile } from "../search/search-file.js";
import { withVaultLock } from "../vault/lock.js";
import { readManifestFile } from "../vault/read-indexes.js";
import { vaultPaths } from "../vault/paths.js";

/** A vault as one request sees it: settings and an index brought up to date with the files. */
export interface VaultSnapshot {
  vaultDir: string;
  config: CortexConfig;
  /** YYYY-MM-DD the layers are computed for. */
  today: string;
  /** Every atom, sorted by path (from {@link openSnapshot}: read on first use). */
  manifest: ManifestEntry[];
  /**
   * The bytes of `index/search.tsv` when they hold exactly `manifest`'s atoms
   * (from {@link openSnapshot}: read on first use); ranking reads them
   * instead of the manifest. Absent or null: rank the manifest.
   */
  readonly searchFile?: Buffer | null;
  /** How current the index was before this request: when it was written, and how many files had to be (re-)read or dropped. */
  freshness: IndexFreshness;
  /** The resolved links (source → targets) when this request built the indexes whole; null means `index/links.json` is current. */
  links: GroupIndex | null;
}

/**
 * Opens a vault for one request: re-reads its cortex.toml and brings the
 * index up to date incrementally (only files changed since the last index
 * are re-read), so an edit made in an editor between two requests is seen by
 * the second. The index is written under the vault lock, held only for this
 * (waiting at most 2 s); when the lock is busy or the vault cannot be
 * written, the index is built in memory instead.
 *
 * @example const snap = await openSnapshot("/home/me/vault", "2026-11-22");
 */
export async function openSnapshot(vaultDir: string, today: string): Promise<VaultSnapshot> {
  const { vaultDir: dir, config } = loadConfig({ vault: vaultDir, env: {} });
  const indexedAt = modifiedAt(vaultPaths(dir).meta);
  // Imported here so that starting the MCP server or a hook does not load the YAML parser before it is needed.
  const { indexVault } = await import("../vault/indexer.js");
  let result: IndexVaultResult;
  let onDisk = true;
  try {
    // A hook or a tool call answers in time: it never waits for a busy writer, it reads without writing instead.
    result = await withVaultLock(dir, () => indexVault(dir, { config, today }), { timeoutMs: 2_000, maxWaitMs: 2_000 });
  } catch (error) {
    if (!(error instanceof CortexError) || (error.code !== "IO" && error.code !== "LOCKED")) throw error;
    result = indexVault(dir, { config, today, write: false });
    onDisk = false;
  }
  const changed = result.reread + result.removed;
  const freshness = { indexed_at: indexedAt, changed_since_index: changed, fresh: indexedAt !== null && changed === 0 };
  // Read on first use: a prompt hook ranks search.tsv and never needs the 60 MB manifest of a 100k vault.
  let manifest: ManifestEntry[] | undefined;
  let searchFile: Buffer | null | undefined;
  return {
    vaultDir: dir,
    config,
    today,
    freshness,
    links: result.indexes?.links ?? null,
    get manifest() {
      return (manifest ??= result.indexes?.manifest ?? readManifest(dir) ?? indexVault(dir, { config, today, write: false }).indexes!.manifest);
    },
    get searchFile() {
      // Only an index this request wrote (or found current) holds what the manifest holds.
      return (searchFile ??= onDisk ? readSearchBytes(dir) : null);
    },
  };
}

// index/search.tsv when it can be read and is of this version; null otherwise.
function readSearchBytes(vaultDir: string): Buffer | null {
  try {
    const buf = readFileSync(vaultPaths(vaultDir).search);
    return isCurrentSearchFile(buf) ? buf : null;
  } catch {
    return null;
  }
}

// The manifest the index run left on disk; null when it cannot be read.
function readManifest(vaultDir: string): ManifestEntry[] | null {
  try {
    return readManifestFile(vaultDir);
  } catch {
    return null;
  }
}

function modifiedAt(file: string): string | null {
  try {
    return statSync(file).mtime.toISOString();
  } catch {
    return null;
  }
}

/** The text of an atom file (BOM removed), or null when it cannot be read. */
export function readAtomText(vaultDir: string, path: string): string | null {
  try {
    return readFileSync(join(vaultDir, path), "utf8").replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

/** The body of an atom's text: everything after the frontmatter. */
export function atomBody(text: string): string {
  return splitFrontmatter(text).body;
}
