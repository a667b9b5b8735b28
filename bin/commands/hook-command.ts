import type { Command } from "commander";
import { promptBriefing, sessionBriefing } from "../../lib/adapters/claude/briefings.js";
import { hookOutput, hookSettings, parseHookInput, projectFromCwd } from "../../lib/core/claude/hooks.js";
import type { HookEvent } from "../../lib/core/claude/types.js";
import type { CliContext } from "../context.js";

interface HookOptions {
  vault?: string;
  today?: string;
  budget?: string;
}

const EVENTS: Record<string, HookEvent> = { "session-start": "SessionStart", prompt: "UserPromptSubmit" };

/** `cortex hook session-start|prompt`: Claude Code hooks that brief the agent; they never fail it. */
export function registerHook(program: Command, ctx: CliContext): void {
  program
    .command("hook")
    .description("Claude Code hook: read the hook's JSON on stdin, print a briefing as hookSpecificOutput.additionalContext. session-start: vault status and the hot atoms of the project matched from cwd; prompt: the context briefing for the prompt. Any error: no output, exit 0, one line on stderr")
    .argument("<event>", "session-start or prompt")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-b, --budget <tokens>", "budget in tokens (default [hooks] budget, else 800)")
    .allowUnknownOption()
    .allowExcessArguments()
    .action((event: string, opts: HookOptions) => runHook(ctx, event, opts));
}

async function runHook(ctx: CliContext, eventArg: string, opts: HookOptions): Promise<void> {
  try {
    const event = EVENTS[eventArg];
    if (!event) throw new Error(`unknown hook event "${eventArg}" (expected session-start or prompt)`);
    const input = parseHookInput(await readStdin(ctx));
    const snap = ctx.vault(opts);
    const settings = hookSettings(snap.config);
    const budget = opts.budget === undefined ? settings.budget : Number(opts.budget);
    if (!Number.isInteger(budget) || budget < 50 || budget > 20_000) throw new Error(`--budget must be a whole number from 50 to 20000, got ${opts.budget}`);
    let context = "";
    if (event === "SessionStart") {
      const projects = new Set([...snap.config.projects, ...snap.manifest.map((m) => m.project)]);
      context = sessionBriefing(snap, projectFromCwd(input.cwd ?? ctx.params.cwd, projects), budget);
    } else if (typeof input.prompt === "string" && input.prompt.trim()) {
      context = promptBriefing(snap, input.prompt, budget, settings.min_score);
    }
    const line = hookOutput(event, context);
    if (line) ctx.params.stdout.write(line);
  } catch (error) {
    ctx.err(`cortex hook: ${(error as Error).message}`);
  }
  ctx.exitCode = 0;
}

async function readStdin(ctx: CliContext): Promise<string> {
  const input = (ctx.params.stdin ?? process.stdin) as NodeJS.ReadableStream & { isTTY?: boolean };
  if (input.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
