import type { GroupIndex, ManifestEntry, VaultIndexes } from "./types.js";
import { compareStrings } from "../util/compare.js";

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

/** The manifest as a JSON array, one pretty-printed object per atom (what `JSON.stringify(m, null, 2)` gives). */
export function serializeManifest(manifest: readonly ManifestEntry[]): string {
  if (manifest.length === 0) return "[]\n";
  return `[\n${manifest.map(serializeManifestEntry).join(",\n")}\n]\n`;
}

/**
 * One manifest entry as it stands in manifest.json, indented two spaces,
 * without the separating comma. Same bytes as JSON.stringify with a 2-space
 * indent, for a flat object of scalars and arrays of scalars, but several
 * times faster, which matters at 100k atoms.
 */
export function serializeManifestEntry(entry: ManifestEntry): string {
  let out = "  {";
  let first = true;
  for (const key in entry) {
    const value = (entry as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out += `${first ? "" : ","}\n    ${JSON.stringify(key)}: ${Array.isArray(value) ? array(value, "    ") : JSON.stringify(value)}`;
    first = false;
  }
  return `${out}\n  }`;
}

/**
 * A group index as JSON with keys in code-unit order (JSON.stringify would
 * put integer-like keys such as a tag `2024` first).
 */
export function serializeGroups(index: GroupIndex): string {
  const keys = Object.keys(index).sort(compareStrings);
  if (keys.length === 0) return "{}\n";
  return `{\n${keys.map((key) => `  ${JSON.stringify(key)}: ${array(index[key]!, "  ")}`).join(",\n")}\n}\n`;
}

/** Any value as deterministic pretty JSON with a trailing newline (object keys as built). */
export function serializeJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

// A pretty-printed array of scalars whose closing bracket is at `indent`.
function array(values: readonly unknown[], indent: string): string {
  if (values.length === 0) return "[]";
  const inner = `\n${indent}  `;
  return `[${inner}${values.map((v) => JSON.stringify(v)).join(`,${inner}`)}\n${indent}]`;
}
