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
  description:
    "Use at the start of a session. Returns notes by layer, status, project and type, recent writes, overdue reviews, index freshness.",
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
