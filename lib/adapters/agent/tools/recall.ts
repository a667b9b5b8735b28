import { bodyPreview } from "../../../core/search/preview.js";
import { countVault } from "../../../app/handle/search.js";
import type { SearchFilters, SearchHit } from "../../../core/search/types.js";
import { CortexError } from "../../../core/errors.js";
import { MAX_QUERY_UNITS, parseQuery, type ParsedQuery } from "../../../core/fts/query.js";
import { ToolError } from "../errors.js";
import { datesText, hitDates } from "../../../core/search/hit-dates.js";
import { budgetArg, limitArg, queryArg, shortArg } from "../limits.js";
import { arrayOf, object, S, toolOutput } from "../output-schema.js";
import { rankSnapshot, recordAccess } from "../../../app/handle/ranking.js";
import { checkpoint, ok } from "../run.js";
import { atomBody, openSnapshot, readAtomText, type VaultSnapshot } from "../../../app/snapshot.js";
import { canonicalUri } from "../resources.js";
import type { ToolSpec } from "../types.js";

/** One recall result as the tool returns it. */
export interface RecallHit {
  path: string;
  /** The atom's resource URI. */
  uri: string;
  name: string;
  type: string;
  project: string;
  layer: string;
  score: number;
  status: string;
  tags: string[];
  updated: string;
  /** The note's created date, when it is not the day of `updated`. */
  created?: string;
  preview: string;
}

/** `recall`: the deterministic search, with previews; records an access event. */
export const recallTool: ToolSpec = {
  name: "recall",
  title: "Recall memories",
  description: [
    "Search the memory vault for durable knowledge: decisions, rules, lessons, incidents, people, references.",
    "Use it when you need a specific fact (\"which auth library did we pick?\"), before deciding something that may have been decided before, or when debugging to find whether this problem was seen and fixed before.",
    "Do not use it for a ready-to-read briefing on a task (use context), to list everything (use list), or to find what was said in a past chat session (use transcript_search).",
    `How it ranks: deterministic keyword scoring over name (+10), tags (+8), project (+5), description (+4) and path (+3) per keyword, ×1.5 when every keyword matches, +2 for recently updated (hot) and +1 for warm atoms, ×0.5 for superseded atoms; archived atoms are left out unless include_archived is true. Any text is a query: "exact phrase", -excluded and prefix* are honoured where well formed, everything else is read as words; past ${MAX_QUERY_UNITS} distinct words the first ones are searched (strict: true refuses, with CORTEX_E202, what is not well formed or too long).`,
    "Returns: a markdown list under \"### Memories\" and the same hits as structured data (path, uri, name, type, project, layer, score, status, tags, updated, preview), plus created when it differs from updated, with matched (how many atoms matched before limit and budget); \"No memories found for: …\" when nothing matches, and says how many matched when none fit budget_tokens. Read an atom in full with the read tool or the cortex://atom/{path} resource.",
    "Side effects: not read-only on disk although it changes no atom: brings index/ up to date with the files (as every tool does) and appends one access event (the returned paths) to index/access_log.jsonl, which can raise their rank later when [scoring] usage is set. Local only, nothing leaves the machine.",
  ].join("\n\n"),
  inputSchema: {
    type: "object",
    properties: {
      query: queryArg("Keywords to search for, e.g. \"deploy freeze release\". At most 10,000 characters."),
      limit: limitArg(10),
      project: shortArg("Only atoms of this project."),
      type: shortArg("Only atoms of this type (rule, decision, lesson, incident, insight, reference, person, …)."),
      tag: shortArg("Only atoms with this tag."),
      include_archived: { type: "boolean", description: "Also return archived atoms. Default false.", default: false },
      budget_tokens: budgetArg("Cut the markdown answer to about this many tokens (characters / 4), dropping the lowest hits. Default: no cut."),
      strict: { type: "boolean", description: `Refuse (CORTEX_E202) a query that is not well-formed syntax or has more than ${MAX_QUERY_UNITS} distinct words, instead of reading it as words. Default false.`, default: false },
    },
    required: ["query"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({
    query: S.string,
    matched: S.integer,
    hits: arrayOf(object({ path: S.string, uri: S.string, name: S.string, type: S.string, project: S.string, layer: S.string, score: S.number, status: S.string, tags: S.strings, updated: S.string, created: S.string, preview: S.string }, ["created"])),
  }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, env) {
    const started = performance.now();
    const query = args.query as string;
    const { dropped } = readQuery(query, Boolean(args.strict));
    const snap = await openSnapshot(env.vaultDir, env.today());
    await checkpoint(env, "index up to date");
    const filters = { project: args.project as string | undefined, type: args.type as string | undefined, tag: args.tag as string | undefined };
    const withArchived = Boolean(args.include_archived);
    const best = bestMatches(snap, query, filters, args.limit as number, withArchived);
    const matched = countVault(snap, query, filters, withArchived);
    await checkpoint(env, "ranked");
    let hits = best.map((h) => toRecallHit(snap, h));
    const note = dropped > 0 ? `\n\n(searched the first ${MAX_QUERY_UNITS} distinct words of the query; ${dropped} more left out)` : "";
    let text = renderRecall(query, hits, matched) + note;
    const budget = args.budget_tokens as number | undefined;
    while (budget !== undefined && hits.length > 0 && text.length > budget * 4) {
      hits = hits.slice(0, -1);
      text = renderRecall(query, hits, matched, budget) + note;
    }
    if (hits.length > 0) recordAccess(snap.vaultDir, "recall", query, hits.map((h) => h.path), started);
    return ok(text, { query, matched, hits });
  },
};

// The query as the ranking reads it; when strict, what is not well formed is refused here, naming the argument,
// before the index is brought up to date.
function readQuery(query: string, strict: boolean): ParsedQuery {
  try {
    return parseQuery(query, { strict });
  } catch (error) {
    if (error instanceof CortexError) throw new ToolError("CORTEX_E202", `query: ${error.message}`, { argument: "query" });
    throw error;
  }
}

// The `limit` best hits, archived ones left out unless asked for: the ranking's top, asked for in growing sizes
// (a top N is cheap to find; every hit of a common word in a 100k vault is not).
function bestMatches(snap: VaultSnapshot, query: string, filters: SearchFilters, limit: number, withArchived: boolean): SearchHit[] {
  for (let top = Math.max(2 * limit, 20); ; top *= 2) {
    const ranked = rankSnapshot(snap, query, { ...filters, top });
    const kept = withArchived ? ranked : ranked.filter((h) => h.record.status !== "archived");
    if (kept.length >= limit || ranked.length < top) return kept.slice(0, limit);
  }
}

function toRecallHit(snap: VaultSnapshot, hit: SearchHit): RecallHit {
  const { path, name, type, project, status, tags, updated } = hit.record;
  const text = readAtomText(snap.vaultDir, path);
  const { created } = hitDates(updated, text);
  return { path, uri: canonicalUri(path), name, type, project, layer: hit.layer, score: hit.score, status, tags, updated, ...(created ? { created } : {}), preview: text === null ? "" : bodyPreview(atomBody(text)) };
}

/** The markdown answer of recall. */
export function renderRecall(query: string, hits: readonly RecallHit[], matched = hits.length, budget?: number): string {
  if (hits.length === 0 && matched > 0 && budget !== undefined) {
    return `${matched} memor${matched === 1 ? "y matches" : "ies match"} ${query}, but none fits the budget of ${budget} tokens: raise budget_tokens, or read the best match with read.`;
  }
  if (hits.length === 0) return `No memories found for: ${query}`;
  const entries = hits.map((h) => {
    const meta = [`score ${Math.round(h.score * 100) / 100}`, h.layer, h.type, h.project, h.status === "active" ? null : h.status, datesText(h)].filter(Boolean).join(", ");
    const tags = h.tags.length > 0 ? ` · #${h.tags.join(" #")}` : "";
    return `- **${h.name}** (${meta}) \`${h.path}\`${tags}${h.preview ? `\n  ${h.preview}` : ""}`;
  });
  return `### Memories\n\n${entries.join("\n")}`;
}
