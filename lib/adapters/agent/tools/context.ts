import { buildContext } from "../../../app/context/build.js";
import { budgetArg, queryArg, shortArg } from "../limits.js";
import { S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** `context`: a query-tailored briefing within a token budget. */
export const contextTool: ToolSpec = {
  name: "context",
  title: "Context briefing",
  description:
    "A briefing for a task: the best-matching notes' text within budget_tokens, then pointers. Use when starting a task. Ranks as recall; notes under 0.4 × the best score are left out. Returns markdown.",
  inputSchema: {
    type: "object",
    properties: {
      query: queryArg(),
      project: shortArg(),
      budget_tokens: budgetArg(1500),
    },
    required: ["query"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({
    briefing: S.string,
    tokens: S.integer,
    budget_tokens: S.integer,
    moc: S.stringOrNull,
    included: S.strings,
    pointers: S.strings,
    omitted: S.integer,
    query: S.string,
    keywords: S.strings,
    matched: S.integer,
    floor: S.number,
    below_floor: S.integer,
  }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, env) {
    const snap = await openSnapshot(env.vaultDir, env.today());
    await checkpoint(env, "index up to date");
    const result = buildContext(snap, { query: args.query as string, project: args.project as string | undefined, budgetTokens: args.budget_tokens as number });
    const { text, ...rest } = result;
    return ok(text || `No atoms match: ${result.query}`, { briefing: text, ...rest });
  },
};
