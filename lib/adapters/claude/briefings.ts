import type { VaultSnapshot } from "../../app/snapshot.js";
import { cutText } from "../../core/context/assemble.js";
import { buildContext } from "../../app/context/build.js";
import { byUpdatedThenPath, classifyLayer } from "../../core/layers/classify.js";
import { REVIEW_DAYS } from "../../core/status/compute.js";
import { daysBetween } from "../../core/util/dates.js";

/**
 * The session-start briefing: one line of vault status, then the hot atoms
 * of the project (every project when null), newest first, as one line each,
 * cut to the budget (characters / 4).
 */
export function sessionBriefing(snap: VaultSnapshot, project: string | null, budgetTokens: number): string {
  const active = snap.manifest.filter((m) => m.status === "active");
  const layer = (m: { updated: string }) => classifyLayer(m.updated, snap.today, snap.config.layers);
  const hotCount = active.filter((m) => layer(m) === "hot").length;
  const review = snap.manifest.filter((m) => m.status === "review" && (daysBetween(m.updated, snap.today) ?? Infinity) > REVIEW_DAYS).length;
  const lower = project?.toLowerCase();
  const hot = active.filter((m) => layer(m) === "hot" && (lower === undefined || m.project.toLowerCase() === lower)).sort(byUpdatedThenPath);
  const lines = [
    `Memory vault ${snap.vaultDir} (cortex): ${snap.manifest.length} atoms, ${active.length} active, ${hotCount} hot${review ? `, ${review} waiting in review for more than ${REVIEW_DAYS} days` : ""}.`,
    project ? `This session is in project "${project}".` : "",
    hot.length > 0 ? `Recently updated${project ? ` in ${project}` : ""}:` : `Nothing was updated${project ? ` in ${project}` : ""} in the last ${snap.config.layers.hot} days.`,
    ...hot.map((m) => `- ${m.updated} ${m.name}${m.description ? ` — ${m.description}` : ""} (${m.path})`),
    "Use the cortex MCP tools (recall, context) for more, and save durable decisions and lessons as they come up.",
  ].filter(Boolean);
  return cutText(lines.join("\n"), budgetTokens * 4);
}

/**
 * The briefing for one prompt: the `context` briefing of the prompt's
 * keywords, leaving out atoms scoring below `minScore`; empty when nothing
 * scores.
 */
export function promptBriefing(snap: VaultSnapshot, prompt: string, budgetTokens: number, minScore: number): string {
  return buildContext(snap, { query: prompt, budgetTokens, minScore }).text;
}
