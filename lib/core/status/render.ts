import type { Count } from "../summary/types.js";
import type { VaultStatus } from "./types.js";

/** The status as a short markdown report. */
export function renderStatus(s: VaultStatus): string {
  const lines = [
    `### Vault status on ${s.today}`,
    `${s.total} atoms · hot ${s.by_layer.hot}, warm ${s.by_layer.warm}, cold ${s.by_layer.cold} (archived not counted)`,
    `Status: ${countsText(s.by_status)}`,
    `Projects: ${countsText(s.by_project)}`,
    `Types: ${countsText(s.by_type)}`,
    `Activity: ${s.activity.last_7_days} change${s.activity.last_7_days === 1 ? "" : "s"} in the last 7 days`,
  ];
  for (const e of s.activity.recent.slice(0, 5)) lines.push(`  - ${e.ts} ${e.op} ${e.path ?? e.id ?? ""}`.trimEnd());
  if (s.review_overdue.length === 0) lines.push("Review: nothing waiting for more than 7 days");
  else {
    lines.push(`Review: ${s.review_overdue.length} atom${s.review_overdue.length === 1 ? "" : "s"} waiting for more than 7 days`);
    for (const r of s.review_overdue.slice(0, 10)) lines.push(`  - ${r.name} (${r.days} days) ${r.path}`);
  }
  const i = s.index;
  lines.push(i.indexed_at === null ? "Index: none yet (built now)" : i.fresh ? `Index: up to date (written ${i.indexed_at})` : `Index: ${i.changed_since_index} file(s) changed since ${i.indexed_at} (refreshed now)`);
  return lines.join("\n");
}

/** Counts as `name n, name n`, or `none`. */
export function countsText(list: readonly Count[]): string {
  return list.length === 0 ? "none" : list.map(([name, n]) => `${name} ${n}`).join(", ");
}
