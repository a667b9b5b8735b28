import type { GroupIndex, ManifestEntry, VaultIndexes } from "./types.js";
import { compareStrings } from "./build.js";

/** File name (relative to `index/`) → file text. */
export type IndexFileTexts = Record<string, string>;

/**
 * Serializes the indexes to their JSON files (the five of the seed and `links.json`): two-space indent, sorted
 * keys, trailing newline, so the same vault always gives the same bytes.
 */
export function serializeIndexes(indexes: VaultIndexes): IndexFileTexts {
  return {
    "manifest.json": serializeManifest(indexes.manifest),
    "by_project.json": serializeGroups(indexes.by_project),
    "by_type.json": serializeGroups(indexes.by_type),
    "by_tag.json": serializeGroups(indexes.by_tag),
    "graph.json": serializeGroups(indexes.graph),
    "links.json": serializeGroups(indexes.links),
  };
}

/** The manifest as a JSON array, one pretty-printed object per atom. */
export function serializeManifest(manifest: readonly ManifestEntry[]): string {
  if (manifest.length === 0) return "[]\n";
  return `[\n${manifest.map((entry) => indent(JSON.stringify(entry, null, 2))).join(",\n")}\n]\n`;
}

/**
 * A group index as JSON with keys in code-unit order (JSON.stringify would
 * put integer-like keys such as a tag `2024` first).
 */
export function serializeGroups(index: GroupIndex): string {
  const keys = Object.keys(index).sort(compareStrings);
  if (keys.length === 0) return "{}\n";
  const rows = keys.map((key) => `  ${JSON.stringify(key)}: ${indent(JSON.stringify(index[key], null, 2)).trimStart()}`);
  return `{\n${rows.join(",\n")}\n}\n`;
}

/** Any value as deterministic pretty JSON with a trailing newline (object keys as built). */
export function serializeJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function indent(text: string): string {
  return `  ${text.replace(/\n/g, "\n  ")}`;
}
