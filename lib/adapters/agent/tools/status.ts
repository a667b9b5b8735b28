import { computeStatus } from "../../../core/status/compute.js";
import { readVaultEvents } from "../../../store/status/read.js";
import { renderStatus } from "../../../core/status/render.js";
import { arrayOf, object, S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** The overdue reviews a status reply lists (the oldest); the total is given beside them. */
const REVIEW_LISTED = 50;

/** `status`: counts, recent activity, overdue reviews, index freshness. */
export const statusTool: ToolSpec = {
  name: "status",
  title: "Vault status",
  description: [
    "Report the state of the memory vault: atoms by layer (hot/warm/cold), status, project and type; recent activity (writes and supersessions from index/events.jsonl, newest first, and how many in the last 7 days); atoms waiting in review status for more than 7 days; and whether the index was up to date with the files.",
    "Use it at the start of a session or when asked \"what is going on across my work\", and before a cleanup to see what needs attention.",
    "Do not use it to find content (use recall or context) or to list atoms (use list).",
    "Returns: a short markdown report and the same as structured data; review_overdue lists at most the 50 oldest, review_overdue_total counts them all. Takes no arguments.",
    "Side effects: not read-only on disk although it changes no atom: brings index/ up to date with the files, as every tool does; records no access event.",
  ].join("\n\n"),
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  outputSchema: toolOutput({
    today: S.string,
    total: S.integer,
    by_layer: object({ hot: S.integer, warm: S.integer, cold: S.integer }),
    by_status: S.counts,
    by_project: S.counts,
    by_type: S.counts,
    activity: object({ last_7_days: S.integer, recent: arrayOf(object({ ts: S.string, op: S.string, path: S.stringOrNull, id: S.stringOrNull })) }),
    review_overdue: arrayOf(object({ path: S.string, name: S.string, updated: S.string, days: S.integer })),
    review_overdue_total: S.integer,
    index: object({ indexed_at: S.stringOrNull, changed_since_index: S.integer, fresh: S.boolean }),
  }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(_args, env) {
    const snap = await openSnapshot(env.vaultDir, env.today());
    await checkpoint(env, "index up to date");
    const status = computeStatus(snap.manifest, readVaultEvents(snap.vaultDir), snap.freshness, snap.today, snap.config.layers);
    // Capped: a vault with thousands of atoms in review would otherwise make a reply of hundreds of kilobytes.
    const capped = { ...status, review_overdue: status.review_overdue.slice(0, REVIEW_LISTED), review_overdue_total: status.review_overdue.length };
    return ok(renderStatus(status), capped);
  },
};
