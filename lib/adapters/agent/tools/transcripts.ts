import { openVault } from "../../../app/vault.js";
import { transcriptsDir } from "../../../store/transcripts/config.js";
import { searchTranscripts } from "../../../store/transcripts/search.js";
import type { TranscriptSearchResult } from "../../../core/transcripts/types.js";
import { ToolError } from "../errors.js";
import { limitArg, queryArg } from "../limits.js";
import { arrayOf, object, S, toolOutput } from "../output-schema.js";
import { ok } from "../run.js";
import type { ToolSpec } from "../types.js";
import { fileNames } from "../../../store/files.js";

/** `transcript_search`: substring search over Claude Code session transcripts. */
export const transcriptSearchTool: ToolSpec = {
  name: "transcript_search",
  title: "Search session transcripts",
  description: [
    "Search raw Claude Code session transcripts (~/.claude/projects/**/*.jsonl, or [transcripts] dir in the vault's cortex.toml) for a phrase, case-insensitively, and return the matching messages newest first.",
    "This is different from recall: it searches what was actually said in past sessions, not the distilled knowledge of the vault. Use it to find \"what did I say three weeks ago about X\", the full context behind an atom, or the sessions that touched a topic or file.",
    "Do not use it for durable knowledge (use recall: ranked and faster), to list atoms (use list) or for a briefing (use context).",
    "Returns: for each match the session id, date, project folder, role and an excerpt around the match, as markdown under \"### Sessions\" and as structured hits; \"No matching sessions\" when nothing matches, and says so clearly when the transcripts folder does not exist; a folder that exists but cannot be read (or is not a folder) is a CORTEX_E103 error naming it. Only text messages and session summaries are searched, not tool calls.",
    "Side effects: none; reads the transcript files only.",
  ].join("\n\n"),
  inputSchema: {
    type: "object",
    properties: {
      query: queryArg("The phrase to find (a plain substring, not keywords). At most 10,000 characters."),
      limit: limitArg(10),
    },
    required: ["query"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({
    query: S.string,
    dir: S.string,
    exists: S.boolean,
    files: S.integer,
    hits: arrayOf(object({ session_id: S.string, project: S.string, date: S.string, role: S.string, excerpt: S.string, file: S.string, line: S.integer })),
  }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(args, env) {
    const { vaultDir, config } = openVault({ vault: env.vaultDir, env: {} });
    const dir = transcriptsDir(config, vaultDir, env.env);
    assertReadable(dir);
    const result = searchTranscripts(dir, args.query as string, args.limit as number);
    return ok(renderTranscripts(result), result as unknown as Record<string, unknown>);
  },
};

// A missing folder is a normal answer (no transcripts yet); one that exists but cannot be listed is an error, not "no matches".
function assertReadable(dir: string): void {
  try {
    fileNames(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    const why = code === "ENOTDIR" ? "is not a folder" : `cannot be read (${code ?? (error as Error).message})`;
    throw new ToolError("CORTEX_E103", `the transcripts folder ${dir} ${why}`, { details: { path: dir } });
  }
}

/** The transcript search result as markdown. */
export function renderTranscripts(r: TranscriptSearchResult): string {
  if (!r.exists) return `No matching sessions: there is no transcripts folder at ${r.dir} (set [transcripts] dir in cortex.toml to search another one).`;
  if (r.hits.length === 0) return `No matching sessions for: ${r.query} (searched ${r.files} transcript file${r.files === 1 ? "" : "s"} in ${r.dir})`;
  const lines = r.hits.map((h) => `- **${h.session_id}** ${h.date} (${h.project || "no project"}, ${h.role}): ${h.excerpt}`);
  return `### Sessions\n\n${lines.join("\n")}`;
}
