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
  description:
    "Search past chat transcripts (not the vault) for a phrase. Use to find what was said in an earlier session. Returns session, date and an excerpt per match.",
  inputSchema: {
    type: "object",
    properties: {
      query: queryArg(),
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
