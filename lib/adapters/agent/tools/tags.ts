import { compareStrings } from "../../../core/util/compare.js";
import { shortArg } from "../limits.js";
import { arrayOf, object, S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** `tags`: the vault's tags with how many live notes carry each. */
export const tagsTool: ToolSpec = {
  name: "tags",
  title: "List tags",
  description:
    "Use to pick tags for save or a recall filter. Returns the tags in use with their note counts, most used first (retired ones not counted), of one project if given.",
  inputSchema: { type: "object", properties: { project: shortArg() }, additionalProperties: false },
  outputSchema: toolOutput({ tags: arrayOf(object({ tag: S.string, count: S.integer })) }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, env) {
    const snap = await openSnapshot(env.vaultDir, env.today());
    await checkpoint(env, "index up to date");
    const project = (args.project as string | undefined)?.toLowerCase();
    const counts = new Map<string, number>();
    for (const m of snap.manifest) {
      if (m.status === "archived" || (project !== undefined && m.project.toLowerCase() !== project)) continue;
      for (const tag of m.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    const tags = [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || compareStrings(a.tag, b.tag));
    const text = tags.length === 0 ? `No tags${project ? ` in project ${args.project as string}` : ""}.` : tags.map((t) => `#${t.tag} (${t.count})`).join(" ");
    return ok(text, { tags });
  },
};
