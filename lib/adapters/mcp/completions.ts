import { ProtocolError, ProtocolErrorCode, type McpServer } from "@modelcontextprotocol/server";
import { completeArgument } from "../agent/completions.js";
import type { ToolEnv } from "../agent/types.js";
import { PROMPT_ARGS } from "./prompts.js";

/** The variables of the resource templates, by template. */
const TEMPLATE_VARIABLES: Readonly<Record<string, readonly string[]>> = { "cortex://atom/{+path}": ["path"], "cortex://moc/{project}": ["project"] };

/**
 * Answers `completion/complete` from the vault: the prompts' and resource
 * templates' arguments named `project`, `type`, `tag` or `path` (see
 * `completeArgument`); other arguments get an empty list. An unknown prompt
 * or template, or an argument it does not have, is -32602.
 */
export function registerCompletions(mcp: McpServer, env: ToolEnv): void {
  mcp.server.setRequestHandler("completion/complete", async (request) => {
    const { ref, argument } = request.params;
    const known = ref.type === "ref/prompt" ? Object.keys(PROMPT_ARGS[ref.name]?.properties ?? {}) : TEMPLATE_VARIABLES[ref.uri];
    const what = ref.type === "ref/prompt" ? `prompt ${ref.name}` : `resource template ${ref.uri}`;
    if (!known || (ref.type === "ref/prompt" && !PROMPT_ARGS[ref.name])) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown ${what}`);
    if (!known.includes(argument.name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The ${what} has no argument ${argument.name} (it has: ${known.join(", ") || "none"})`);
    return { completion: { ...(await completeArgument(env.vaultDir, env.today(), argument.name, argument.value)) } };
  });
}
