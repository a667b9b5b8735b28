import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig, indexVault, readConfigFile } from "./lib.js";
import { removeTemp, tempDir } from "./cli.js";
import { dbDump } from "./db-dump.js";

/** The day the index tests pin. */
export const TODAY = "2026-11-22";

/** Every file an index run derives, vault-relative. */
export const DERIVED = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "index/meta.json", "layers/hot.json", "layers/warm.json", "layers/cold.json"];

/** Indexes `vault` in this process with its own config (or the default). */
export function run(vault: string, options: { full?: boolean; today?: string } = {}) {
  return indexVault(vault, { config: readConfigFile(vault) ?? defaultConfig(), today: options.today ?? TODAY, full: options.full });
}

/** The text of every export, and a dump of the database, by path. */
export function snapshot(vault: string): Record<string, string> {
  return { ...Object.fromEntries(DERIVED.map((rel) => [rel, readFileSync(join(vault, rel), "utf8")])), "index/cortex.db": dbDump(vault) };
}

/** The derived files of a second vault with the same notes and mtimes, indexed from scratch. */
export function fullRebuildOf(vault: string, today = TODAY): Record<string, string> {
  const twin = tempDir();
  try {
    // A folder named index or layers is the index's, unless it is a quirk fixture's note folder.
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) || src.includes("quirks") });
    run(twin, { full: true, today });
    return snapshot(twin);
  } finally {
    removeTemp(twin);
  }
}
