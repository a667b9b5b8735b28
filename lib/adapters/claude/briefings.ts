import type { VaultSnapshot } from "../../app/snapshot.js";
import { cutText } from "../../core/context/assemble.js";
import { buildContext } from "../../app/context/build.js";
import { byUpdatedThenPath, classifyLayer } from "../../core/layers/classify.js";
import { REVIEW_DAYS } from "../../core/status/compute.js";
import { daysBetween } from "../../core/util/dates.js";

/** What the session-start briefing tells the agent first, so that no cut can take it away. */
export const SESSION_INSTRUCTIONS = "Use the cortex MCP tools (recall, context) for more, and save durable decisions and lessons as they come up.";

/**
 * The session-start briefing: the instructions, one line of vault status,
 * then the hot atoms of the project (every project when null), newest
 * first, one line each, as many whole lines as fit the budget
 * (characters / 4), and "(N more: recall to see them)" for the rest.
 */
export function sessionBriefing(snap: VaultSnapshot, project: string | null, budgetTokens: number): string {
  const active = snap.manifest.filter((m) => m.status === "active");
  const layer = (m: { updated: string }) => classifyLayer(m.updated, snap.today, snap.config.layers);
  const hotCount = active.filter((m) => layer(m) === "hot").length;
  const review = snap.manifest.filter((m) => m.status === "review" && (daysBetween(m.updated, snap.today) ?? Infinity) > REVIEW_DAYS).length;
  const lower = project?.toLowerCase();
  const hot = active.filter((m) => layer(m) === "hot" && (lower === undefined || m.project.toLowerCase() === lower)).sort(byUpdatedThenPath);
  const head = [
    SESSION_INSTRUCTIONS,
    `Memory vault ${snap.vaultDir} (cortex): ${snap.manifest.length} atoms, ${active.length} active, ${hotCount} hot${review ? `, ${review} waiting in review for more than ${REVIEW_DAYS} days` : ""}.`,
    project ? `This session is in project "${project}".` : "",
    hot.length > 0 ? `Recently updated${project ? ` in ${project}` : ""}:` : `Nothing was updated${project ? ` in ${project}` : ""} in the last ${snap.config.layers.hot} days.`,
  ].filter(Boolean);
  const lines = hot.map((m) => `- ${m.updated} ${m.name}${m.description ? ` — ${m.description}` : ""} (${m.path})`);
  return fitLines(head, lines, budgetTokens * 4);
}

// The head (cut only when it alone is over the budget), then as many whole lines as fit with the line saying how many are left out.
function fitLines(head: readonly string[], lines: readonly string[], capacity: number): string {
  const text = head.join("\n");
  const more = (n: number) => `\n(${n} more: recall to see them)`;
  if (text.length + (lines.length > 0 ? more(lines.length).length : 0) > capacity) return cutText(text, capacity);
  let out = text;
  for (let i = 0; i < lines.length; i++) {
    const rest = lines.length - i - 1;
    const next = `${out}\n${lines[i]}`;
    if (next.length + (rest > 0 ? more(rest).length : 0) > capacity) return out + more(lines.length - i);
    out = next;
  }
  return out;
}

/**
 * The briefing for one prompt: the `context` briefing of the prompt, ranked
 * as `cortex search` ranks it, atoms below the floor left out (0.4 × the
 * best score, or `minScore` scaled to the vault's size: see
 * `briefingFloor`); empty when nothing clears it.
 */
export function promptBriefing(snap: VaultSnapshot, prompt: string, budgetTokens: number, minScore: number): string {
  return buildContext(snap, { query: prompt, budgetTokens, minScore }).text;
}
