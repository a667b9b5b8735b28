import { bodyPreview } from "../../../core/search/preview.js";
import type { SearchFilters, SearchHit } from "../../../core/search/types.js";
import { CortexError } from "../../../core/errors.js";
import { MAX_QUERY_UNITS, parseQuery, type ParsedQuery } from "../../../core/fts/query.js";
import { datesText, hitDates } from "../../../core/search/hit-dates.js";
import { ToolError } from "../errors.js";
import { budgetArg, limitArg, queryArg, shortArg } from "../limits.js";
import { arrayOf, object, S, toolOutput } from "../output-schema.js";
import { countVault, rankVault, recordAccess } from "../../../app/handle/search.js";
import { checkpoint, ok } from "../run.js";
import { atomBody, openSnapshot, readAtomText, type VaultSnapshot } from "../../../app/snapshot.js";
import { canonicalUri } from "../resources.js";
import { splitFrontmatter } from "../../../core/atoms/frontmatter.js";
import { readFrontmatterData } from "../../../core/atoms/frontmatter-data.js";
import type { ToolSpec } from "../types.js";
import type { LayerEntry } from "../../../core/layers/types.js";
import { clockMs } from "../../../store/access-log.js";

/** One recall result as the tool returns it. */
export type RecallHit = LayerEntry & {
  /** The atom's resource URI. */
  uri: string;
  layer: string;
  score: number;
  /** The replacement a superseded atom names; null otherwise. */
  superseded_by: string | null;
  /** The note's created date, when it is not the day of `updated`. */
  created?: string;
  preview: string;
};

/** `recall`: the search `cortex search` runs, with previews; records an access event. */
export const recallTool: ToolSpec = {
  name: "recall",
  title: "Recall memories",
  description:
    "Use before deciding or debugging: finds a fact, decision, rule or lesson. Returns ranked, dated hits with previews; superseded ones name superseded_by; retired ones only with include_retired.",
  inputSchema: {
    type: "object",
    properties: {
      query: queryArg(),
      limit: limitArg(10),
      project: shortArg(),
      type: shortArg(),
      tag: shortArg(),
      include_retired: { type: "boolean" },
      budget_tokens: budgetArg(),
      strict: { type: "boolean" },
    },
    required: ["query"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({
    query: S.string,
    matched: S.integer,
    hits: arrayOf(object({ path: S.string, uri: S.string, name: S.string, type: S.string, project: S.string, layer: S.string, score: S.number, status: S.string, superseded_by: S.stringOrNull, tags: S.strings, updated: S.string, created: S.string, preview: S.string }, ["created"])),
  }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, env) {
    const started = clockMs();
    const query = args.query as string;
    const { dropped } = readQuery(query, Boolean(args.strict));
    const snap = await openSnapshot(env.vaultDir, env.today());
    await checkpoint(env, "index up to date");
    const filters = { project: args.project as string | undefined, type: args.type as string | undefined, tag: args.tag as string | undefined };
    const withRetired = Boolean(args.include_retired);
    const best = bestMatches(snap, query, filters, args.limit as number, withRetired);
    const matched = countVault(snap, query, filters, withRetired);
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

// The `limit` best hits, retired (archived) ones left out unless asked for: the ranking's top, asked for in growing sizes
// (a top N is cheap to find; every hit of a common word in a 100k vault is not).
function bestMatches(snap: VaultSnapshot, query: string, filters: SearchFilters, limit: number, withRetired: boolean): SearchHit[] {
  for (let top = Math.max(2 * limit, 20); ; top *= 2) {
    const ranked = rankVault(snap, query, { ...filters, top });
    const kept = withRetired ? ranked : ranked.filter((h) => h.record.status !== "archived");
    if (kept.length >= limit || ranked.length < top) return kept.slice(0, limit);
  }
}

function toRecallHit(snap: VaultSnapshot, hit: SearchHit): RecallHit {
  const { path, name, type, project, status, tags, updated } = hit.record;
  const text = readAtomText(snap.vaultDir, path);
  const superseded_by = status === "superseded" && text !== null ? supersededBy(text) : null;
  const { created } = hitDates(updated, text);
  return { path, uri: canonicalUri(path), name, type, project, layer: hit.layer, score: hit.score, status, superseded_by, tags, updated, ...(created ? { created } : {}), preview: text === null ? "" : bodyPreview(atomBody(text)) };
}

// The `superseded_by` of a note's frontmatter, as written (an id or a link target); null when it has none.
function supersededBy(text: string): string | null {
  const split = splitFrontmatter(text.replace(/^\uFEFF/, ""));
  if (split.state !== "ok") return null;
  const value = readFrontmatterData(split.yaml, split.yamlLine).data.superseded_by;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null;
}

/** The markdown answer of recall. */
export function renderRecall(query: string, hits: readonly RecallHit[], matched = hits.length, budget?: number): string {
  if (hits.length === 0 && matched > 0 && budget !== undefined) {
    return `${matched} memor${matched === 1 ? "y matches" : "ies match"} ${query}, but none fits the budget of ${budget} tokens: raise budget_tokens, or read the best match with read.`;
  }
  if (hits.length === 0) return `No memories found for: ${query}`;
  const entries = hits.map((h) => {
    const status = h.superseded_by ? `superseded by ${h.superseded_by}` : h.status === "active" ? null : h.status;
    const meta = [`score ${Math.round(h.score * 100) / 100}`, h.layer, h.type, h.project, status, datesText(h)].filter(Boolean).join(", ");
    const tags = h.tags.length > 0 ? ` · #${h.tags.join(" #")}` : "";
    return `- **${h.name}** (${meta}) \`${h.path}\`${tags}${h.preview ? `\n  ${h.preview}` : ""}`;
  });
  return `### Memories\n\n${entries.join("\n")}`;
}
