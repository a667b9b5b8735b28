import { errorOutcome } from "./errors.js";
import type { ToolEnv, ToolOutcome, ToolSpec } from "./types.js";
import { validateArgs } from "./validate.js";

/**
 * Runs a tool call: validates the arguments against the tool's schema (with
 * defaults filled in), runs it, and turns any error into an error outcome
 * with a stable code and a suggestion. Never throws.
 *
 * @example const outcome = await runTool(recallTool, { query: "deploy" }, env);
 */
export async function runTool(spec: ToolSpec, args: unknown, env: ToolEnv): Promise<ToolOutcome> {
  try {
    return await spec.run(validateArgs(spec.inputSchema, args), env);
  } catch (error) {
    return errorOutcome(error);
  }
}

/** A successful outcome. */
export function ok(text: string, structured: Record<string, unknown>): ToolOutcome {
  return { text, structured, isError: false };
}

/**
 * Marks the end of a step of a tool call: throws an `AbortError` when the
 * client cancelled the call (so nothing after it runs: a cancelled save
 * writes nothing), and reports progress when the client asked for it.
 *
 * @example await checkpoint(env, "index up to date"); // then write
 */
export async function checkpoint(env: ToolEnv, step: string): Promise<void> {
  await env.checkpoint?.(step);
}
