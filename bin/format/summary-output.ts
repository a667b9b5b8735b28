import type { VaultIndexes } from "../../lib/indexes/types.js";
import type { Count, VaultSummary } from "../../lib/summary/types.js";

/** The boot summary as text. */
export function formatSummary(s: VaultSummary, vaultLabel: string, top = 5): string {
  const lines = [
    `Vault ${vaultLabel} on ${s.today}: ${s.total} atoms, ${s.active.total} active (${s.active.hot} hot, ${s.active.warm} warm, ${s.active.cold} cold)`,
    `Projects: ${counts(s.projects, top)}`,
    `Types: ${counts(s.types, top)}`,
  ];
  if (s.hot.length === 0) lines.push("Hot: none");
  else {
    lines.push("Hot:");
    for (const r of s.hot) lines.push(`  ${r.updated}  ${r.name}  (${r.project}/${r.type})  ${r.path}`);
  }
  return lines.join("\n");
}

/** `index --stats`: counts by status, type, project, tag and link totals. */
export function formatStats(s: VaultSummary, indexes: VaultIndexes): string {
  const links = Object.values(indexes.graph).reduce((n, targets) => n + targets.length, 0);
  const bytes = indexes.manifest.reduce((n, m) => n + m.size_bytes, 0);
  return [
    `Atoms: ${s.total} (${(bytes / 1024).toFixed(1)} KiB)`,
    `Status: ${counts(s.statuses)}`,
    `Active by layer: hot ${s.active.hot}, warm ${s.active.warm}, cold ${s.active.cold}`,
    `Projects: ${counts(s.projects)}`,
    `Types: ${counts(s.types)}`,
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
