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
  description: [
    "Assemble a ready-to-read briefing for a task or question from the memory vault, within a token budget: the project's map of content (MOC) summary, then the full text of the best-matching atoms, then one-line pointers to further matches.",
    "Use it when starting work on a task (\"help me fix the auth flow on staging\"), when joining a project mid-session (\"what do we know about payments?\"), or before a decision in an area with earlier decisions. Plain words are fine: common words are ignored, and only the first 24 distinct keywords are searched.",
    "Do not use it for a quick keyword lookup (use recall), to list atoms (use list), or to find a past conversation (use transcript_search).",
    "Deterministic, no model involved: the same vault and query give the same briefing. Tokens are estimated as characters / 4; the briefing never exceeds budget_tokens (default 1500). Archived atoms are left out.",
    "Returns: the markdown briefing, plus structured data (included paths, pointer paths, tokens, matched count); \"No atoms match: …\" when nothing matches.",
    "Side effects: not read-only on disk although it changes no atom: brings index/ up to date with the files (as every tool does) and appends one access event (the atoms whose text was included) to index/access_log.jsonl.",
  ].join("\n\n"),
  inputSchema: {
    type: "object",
    properties: {
      query: queryArg("The task or question, in plain words. At most 10,000 characters."),
      project: shortArg("Only atoms of this project; its MOC (_moc/<project>.md) heads the briefing."),
      budget_tokens: budgetArg("Maximum size of the briefing in tokens (characters / 4), 50–20,000. Default 1500.", 1500),
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
