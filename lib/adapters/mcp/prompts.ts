import { ProtocolError, ProtocolErrorCode, type McpServer } from "@modelcontextprotocol/server";
import { ToolError } from "../agent/errors.js";
import { debugChecklistPrompt, sessionStartPrompt } from "../agent/prompts.js";
import type { ArgsSchema, ToolEnv } from "../agent/types.js";
import { validateArgs } from "../agent/validate.js";
import { advertised } from "./schema.js";

/** The arguments of the session-start prompt. */
export const SESSION_START_ARGS: ArgsSchema = {
  type: "object",
  properties: { project: { type: "string", description: "The project to brief on. Default: the hot atoms of every project.", minLength: 1, maxLength: 100 } },
  additionalProperties: false,
};

/** The arguments of the debug-checklist prompt. */
export const DEBUG_ARGS: ArgsSchema = {
  type: "object",
  properties: {
    error: { type: "string", description: "The error message or symptom.", minLength: 1, maxLength: 10_000 },
    context: { type: "string", description: "Where it happens (component, command, environment).", maxLength: 10_000 },
  },
  required: ["error"],
  additionalProperties: false,
};

/** The prompts and their arguments, by name (completions look arguments up here). */
export const PROMPT_ARGS: Readonly<Record<string, ArgsSchema>> = { "session-start": SESSION_START_ARGS, "debug-checklist": DEBUG_ARGS };

/** Registers the `session-start` and `debug-checklist` prompts. */
export function registerPrompts(server: McpServer, env: ToolEnv): void {
  const description = {
    "session-start": "Loads the vault status and a briefing on a project, to start a session with what the vault knows.",
    "debug-checklist": "Searches past incidents and lessons for an error, then gives a checklist to work through before changing code.",
  };
  server.registerPrompt("session-start", { title: "Start a session", description: description["session-start"], argsSchema: advertised(SESSION_START_ARGS) }, async (args: unknown) => {
    const a = checkPromptArgs("session-start", args);
    return userMessage(await sessionStartPrompt(env.vaultDir, env.today(), a.project as string | undefined));
  });
  server.registerPrompt("debug-checklist", { title: "Debug checklist", description: description["debug-checklist"], argsSchema: advertised(DEBUG_ARGS) }, async (args: unknown) => {
    const a = checkPromptArgs("debug-checklist", args);
    return userMessage(await debugChecklistPrompt(env.vaultDir, env.today(), a.error as string, a.context as string | undefined));
  });
}

// Prompt arguments get the same checks as tool arguments; a bad one is -32602 naming the prompt, the argument and the code.
function checkPromptArgs(prompt: string, args: unknown): Record<string, unknown> {
  try {
    return validateArgs(PROMPT_ARGS[prompt]!, args);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    const message = error.message.replace(/\(this tool takes:/, "(this prompt takes:");
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${prompt}: ${message} (${error.code})`, { argument: error.argument ?? null, code: error.code });
  }
}

function userMessage(text: string) {
  return { messages: [{ role: "user" as const, content: { type: "text" as const, text } }] };
}
