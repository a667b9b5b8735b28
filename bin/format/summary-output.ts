import type { VaultIndexes } from "../../lib/core/indexes/types.js";
import type { Count, VaultSummary } from "../../lib/core/summary/types.js";
import { countObjects } from "./json.js";

/** Hot atoms listed by the text summary; the rest are counted (a 100k vault has thousands). */
export const SUMMARY_HOT_SHOWN = 10;

/** The boot summary as text: at most `top` projects and types and {@link SUMMARY_HOT_SHOWN} hot atoms, each list saying how many more. */
export function formatSummary(s: VaultSummary, vaultLabel: string, top = 5): string {
  const lines = [
    `Vault ${vaultLabel} on ${s.today}: ${s.total} atoms, ${s.active.total} active (${s.active.hot} hot, ${s.active.warm} warm, ${s.active.cold} cold)`,
    `Projects: ${counts(s.projects, top)}`,
    `Types: ${counts(s.types, top)}`,
  ];
  if (s.hot.length === 0) lines.push("Hot: none");
  else {
    lines.push("Hot:");
    for (const r of s.hot.slice(0, SUMMARY_HOT_SHOWN)) lines.push(`  ${r.updated}  ${r.name}  (${r.project}/${r.type})  ${r.path}`);
    if (s.hot.length > SUMMARY_HOT_SHOWN) lines.push(`  … and ${s.hot.length - SUMMARY_HOT_SHOWN} more (cortex list --status active --layer hot)`);
  }
  return lines.join("\n");
}

/** `summary --json`: counts as objects (`{ project, count }`), every hot atom. */
export function summaryJson(s: VaultSummary): Record<string, unknown> {
  return { ...s, statuses: countObjects(s.statuses, "status"), projects: countObjects(s.projects, "project"), types: countObjects(s.types, "type") };
}

/** `index --stats`: counts by status (every atom), active atoms by layer, project and type, tags and link totals. */
export function formatStats(s: VaultSummary, indexes: VaultIndexes): string {
  const links = Object.values(indexes.graph).reduce((n, targets) => n + targets.length, 0);
  const bytes = indexes.manifest.reduce((n, m) => n + m.size_bytes, 0);
  return [
    `Atoms: ${s.total} (${(bytes / 1024).toFixed(1)} KiB)`,
    `Status: ${counts(s.statuses)}`,
    `Active by layer: hot ${s.active.hot}, warm ${s.active.warm}, cold ${s.active.cold}`,
    `Active by project: ${counts(s.projects, 20)}`,
    `Active by type: ${counts(s.types, 20)}`,
    `Tags: ${s.tags} distinct; top: ${counts(topTags(indexes), 10)}`,
    `Links: ${links} from ${Object.keys(indexes.graph).length} atoms`,
  ].join("\n");
}

function topTags(indexes: VaultIndexes): Count[] {
  return Object.entries(indexes.by_tag)
    .map(([tag, paths]): Count => [tag, paths.length])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

function counts(list: readonly Count[], top = Infinity): string {
  if (list.length === 0) return "none";
  const shown = list.slice(0, top).map(([name, n]) => `${name} ${n}`);
  return list.length > top ? `${shown.join(", ")}, … (${list.length - top} more)` : shown.join(", ");
}
