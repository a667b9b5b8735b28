import type { LayerThresholds } from "../../core/config/types.js";
import { buildContext } from "../../app/context/build.js";
import { briefingKeywords } from "../../core/context/keywords.js";
import { classifyLayer } from "../../core/layers/classify.js";
import { bodyPreview } from "../../core/search/preview.js";
import { computeStatus } from "../../core/status/compute.js";
import { readVaultEvents } from "../../store/status/read.js";
import { rankVault } from "../../app/handle/search.js";
import { atomBody, openSnapshot, readAtomText } from "../../app/snapshot.js";
import { renderStatus } from "../../core/status/render.js";

/** Types debug-checklist searches: what went wrong before, and what was learned. */
const DEBUG_TYPES = ["incident", "lesson"];

/**
 * The `session-start` prompt: the vault status, then a briefing on the
 * project (its MOC and best atoms), so an agent starts a session knowing
 * what the vault holds. Without a project, the briefing covers the hot atoms.
 */
export async function sessionStartPrompt(vaultDir: string, today: string, project?: string): Promise<string> {
  const snap = await openSnapshot(vaultDir, today);
  const status = renderStatus(computeStatus(snap.manifest, readVaultEvents(snap.vaultDir), snap.freshness, snap.today, snap.config.layers));
  const query = project ?? hotQuery(snap.manifest, snap.today, snap.config.layers);
  const briefing = query ? buildContext(snap, { query, project, budgetTokens: 1500, log: false }).text : "";
  // The instructions before the briefing: whatever the briefing holds, they are read first.
  return [
    `I am starting a session${project ? ` on the project "${project}"` : ""}. Use recall or context for anything more specific, and save durable decisions, rules and lessons with save as they come up. This is what my memory vault holds:`,
    status,
    briefing || "No atoms to brief on yet.",
  ].join("\n\n");
}

// A query that matches the hot atoms: their projects (a project match scores +5).
function hotQuery(manifest: readonly { project: string; updated: string; status: string }[], today: string, layers: LayerThresholds): string {
  const projects = new Set<string>();
  for (const m of manifest) if (m.status === "active" && classifyLayer(m.updated, today, layers) === "hot") projects.add(m.project);
  return [...projects].join(" ");
}

/**
 * The `debug-checklist` prompt: past incidents and lessons that match the
 * error (by its keywords), then a checklist to work through before
 * changing code.
 */
export async function debugChecklistPrompt(vaultDir: string, today: string, error: string, context?: string): Promise<string> {
  const snap = await openSnapshot(vaultDir, today);
  const query = briefingKeywords(`${error} ${context ?? ""}`).join(" ");
  const hits = query ? DEBUG_TYPES.flatMap((type) => rankVault(snap, query, { type, top: 5 })).sort((a, b) => b.score - a.score).slice(0, 8) : [];
  const found = hits.map((h) => {
    const text = readAtomText(snap.vaultDir, h.record.path);
    const preview = text === null ? "" : bodyPreview(atomBody(text));
    return `- **${h.record.name}** (${h.record.type}, ${h.record.updated}) \`${h.record.path}\`${preview ? `: ${preview}` : ""}`;
  });
  return [
    `I am about to debug this error:\n\n${error}${context ? `\n\nContext: ${context}` : ""}`,
    found.length > 0 ? `Past incidents and lessons from my memory vault that may apply:\n\n${found.join("\n")}` : "My memory vault has no incident or lesson that matches this error.",
    [
      "Before changing code, work through this checklist:",
      "1. Read the atoms above that look related (read tool, or the cortex://atom/<path> resource) and check whether the same root cause applies.",
      "2. Recall the rules and decisions that constrain a fix here: recall with the component's or service's name.",
      "3. Reproduce the error and pin down the failing input before changing anything.",
      "4. Fix the root cause, not the symptom; check the fix against the incidents above.",
      "5. Once it works, save the root cause and the fix as a lesson (save, type lesson) so the next session finds it.",
    ].join("\n"),
  ].join("\n\n");
}
