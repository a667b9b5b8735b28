import type { Command } from "commander";
import { LIMITS } from "../../lib/adapters/agent/limits.js";
import { transcriptsDir } from "../../lib/store/transcripts/config.js";
import { searchTranscripts } from "../../lib/store/transcripts/search.js";
import { wholeNumberWithin, type CliContext } from "../context.js";
import { jsonError } from "../format/json.js";

interface TranscriptsOptions {
  vault?: string;
  dir?: string;
  limit: number;
  json?: boolean;
}

/** `cortex transcripts`: substring search over Claude Code session transcripts. */
export function registerTranscripts(program: Command, ctx: CliContext): void {
  program
    .command("transcripts")
    .description("Search Claude Code session transcripts (~/.claude/projects/**/*.jsonl, or [transcripts] dir) for a phrase, newest first")
    .argument("<query...>", "the phrase to find (case-insensitive substring)")
    .option("--vault <dir>", "vault folder (for its [transcripts] dir setting)")
    .option("--dir <dir>", "transcripts folder to search instead")
    .option("-n, --limit <n>", `matches to show, ${LIMITS.limitMin}–${LIMITS.limitMax}`, wholeNumberWithin(LIMITS.limitMin, LIMITS.limitMax), 10)
    .option("-j, --json", "print the result as JSON")
    .action((words: string[], opts: TranscriptsOptions) => runTranscripts(ctx, words.join(" "), opts));
}

function runTranscripts(ctx: CliContext, query: string, opts: TranscriptsOptions): void {
  const dir = opts.dir ?? (() => {
    const { vaultDir, config } = ctx.vault(opts);
    return transcriptsDir(config, vaultDir, ctx.params.env);
  })();
  const result = searchTranscripts(dir, query, opts.limit);
  if (opts.json) ctx.out(JSON.stringify(result, null, 2));
  else for (const h of result.hits) ctx.out(`${h.date}  ${h.session_id}  ${h.project || "-"}  ${h.role}: ${h.excerpt}`);
  if (result.hits.length > 0) return;
  ctx.exitCode = 1;
  // With --json the printed result says what was found; a missing folder is an error, and as JSON too.
  if (opts.json) {
    if (!result.exists) ctx.err(jsonError("NOT_FOUND", `no transcripts folder at ${dir}`));
    return;
  }
  ctx.err(result.exists ? `No matching sessions for: ${query} (searched ${result.files} files in ${dir})` : `No transcripts folder at ${dir}`);
}

