import type { ConsolidateResult } from "../../lib/core/consolidate/types.js";

/** The consolidation report as text: one section per finding kind, one suggested action per finding. */
export function formatConsolidation(result: ConsolidateResult, reviewDays: number): string {
  const { duplicates, review, supersession } = result.report;
  const lines: string[] = [];
  if (duplicates.length > 0) {
    lines.push(`Near-duplicates (${duplicates.length} group${duplicates.length === 1 ? "" : "s"}):`);
    for (const g of duplicates) {
      lines.push(`  keep ${g.keep}`);
      for (const m of g.merge) lines.push(`    ${m.similarity.toFixed(2)}  ${m.path}  -> cortex supersede "${m.path}" --by "${g.keep}"`);
    }
  }
  if (review.length > 0) {
    lines.push(`In review for more than ${reviewDays} days (${review.length}):`);
    for (const r of review) lines.push(`  ${r.path}  updated ${r.updated} (${r.days} days)  -> set status: active, or cortex supersede "${r.path}"`);
  }
  if (supersession.length > 0) {
    lines.push(`Supersession problems (${supersession.length}):`);
    for (const s of supersession) lines.push(`  ${s.kind}: ${s.paths.join(" -> ")}  -> ${s.action}`);
  }
  if (result.applied.length > 0) {
    lines.push(`Merged ${result.applied.length} atom${result.applied.length === 1 ? "" : "s"}:`);
    for (const a of result.applied) lines.push(`  superseded ${a.old} by ${a.by}`);
  }
  if (lines.length === 0) lines.push("Nothing to consolidate.");
  return lines.join("\n");
}
