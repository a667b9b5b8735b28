import { fromJsonSchema, McpServer, ResourceNotFoundError, ResourceTemplate, type CallToolResult, type JsonSchemaType, type jsonSchemaValidator } from "@modelcontextprotocol/server";
import { atomUri, listAtomResources, listMocResources, readAtomResource, readMocResource, summaryMarkdown } from "../agent/resources.js";
import { debugChecklistPrompt, sessionStartPrompt } from "../agent/prompts.js";
import { runTool } from "../agent/run.js";
import { TOOLS } from "../agent/tools/registry.js";
import type { ArgsSchema, ToolEnv, ToolOutcome } from "../agent/types.js";
import { validateArgs } from "../agent/validate.js";
import { errorOutcome } from "../agent/errors.js";
import { isIsoDate, localDate } from "../util/dates.js";
import { packageVersion } from "../version.js";

/** Options of {@link createCortexMcpServer}. */
export interface CortexMcpOptions {
  /** Absolute vault folder. */
  vaultDir: string;
  /** Environment (HOME for transcripts, CORTEX_TODAY to pin the day). Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Where log lines go; never stdout, which carries the protocol. Default: stderr. */
  log?: (line: string) => void;
}

// The SDK only advertises the schema: validation (with the tool's own error codes and defaults) happens in runTool.
const ADVERTISE_ONLY: jsonSchemaValidator = { getValidator: () => (data: unknown) => ({ valid: true, data, errorMessage: undefined }) } as unknown as jsonSchemaValidator;

/**
 * Builds the cortex MCP server: the tools of the agent interface, the
 * `cortex://atom/{+path}`, `cortex://moc/{project}` and `cortex://summary`
 * resources, and the `session-start` and `debug-checklist` prompts. Holds
 * no state between requests: each one opens what it needs.
 *
 * @example serveStdio(() => createCortexMcpServer({ vaultDir: "/home/me/vault" }));
 */
export function createCortexMcpServer(options: CortexMcpOptions): McpServer {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const toolEnv: ToolEnv = { vaultDir: options.vaultDir, env, today: () => todayFrom(env) };
  const server = new McpServer({ name: "cortex-vault", version: packageVersion() }, { capabilities: { tools: {}, resources: {}, prompts: {} } });
  for (const tool of TOOLS) {
    const config = { title: tool.title, description: tool.description, inputSchema: fromJsonSchema(tool.inputSchema as unknown as JsonSchemaType, ADVERTISE_ONLY), annotations: { title: tool.title, ...tool.hints } };
    server.registerTool(tool.name, config, async (args: unknown) => toCallToolResult(await runTool(tool, args, toolEnv), tool.name, log));
  }
  registerResources(server, toolEnv);
  registerPrompts(server, toolEnv);
  return server;
}

function toCallToolResult(outcome: ToolOutcome, tool: string, log: (line: string) => void): CallToolResult {
  const error = outcome.structured.error as { code?: string; message?: string } | undefined;
  if (outcome.isError && error?.code === "CORTEX_E900") log(`cortex mcp: ${tool}: ${error.message}`);
  return { content: [{ type: "text", text: outcome.text }], structuredContent: outcome.structured, isError: outcome.isError };
}

function registerResources(server: McpServer, env: ToolEnv): void {
  const atoms = new ResourceTemplate("cortex://atom/{+path}", { list: async () => ({ resources: await listAtomResources(env.vaultDir, env.today()) }) });
  server.registerResource("atom", atoms, { title: "Atom", description: "One atom of the vault (markdown with YAML frontmatter), by its vault-relative path.", mimeType: "text/markdown" }, async (uri, vars) => {
    const found = await readAtomResource(env.vaultDir, env.today(), variable(vars.path));
    if (!found) throw new ResourceNotFoundError(uri.href);
    return { contents: [{ uri: atomUri(found.path), mimeType: "text/markdown", text: found.text }] };
  });
  const mocs = new ResourceTemplate("cortex://moc/{project}", { list: async () => ({ resources: await listMocResources(env.vaultDir, env.today()) }) });
  server.registerResource("moc", mocs, { title: "Map of content", description: "A project's map of content, _moc/<project>.md.", mimeType: "text/markdown" }, async (uri, vars) => {
    const found = await readMocResource(env.vaultDir, env.today(), variable(vars.project));
    if (!found) throw new ResourceNotFoundError(uri.href);
    return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: found.text }] };
  });
  server.registerResource("summary", "cortex://summary", { title: "Vault summary", description: "Atoms by layer, project and type, and the hot atoms.", mimeType: "text/markdown" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/markdown", text: await summaryMarkdown(env.vaultDir, env.today()) }],
  }));
}

const SESSION_START_ARGS: ArgsSchema = {
  type: "object",
  properties: { project: { type: "string", description: "The project to brief on. Default: the hot atoms of every project.", minLength: 1, maxLength: 100 } },
  additionalProperties: false,
};

const DEBUG_ARGS: ArgsSchema = {
  type: "object",
  properties: {
    error: { type: "string", description: "The error message or symptom.", minLength: 1, maxLength: 10_000 },
    context: { type: "string", description: "Where it happens (component, command, environment).", maxLength: 10_000 },
  },
  required: ["error"],
  additionalProperties: false,
};

function registerPrompts(server: McpServer, env: ToolEnv): void {
  server.registerPrompt("session-start", { title: "Start a session", description: "Loads the vault status and a briefing on a project, to start a session with what the vault knows.", argsSchema: fromJsonSchema(SESSION_START_ARGS as unknown as JsonSchemaType, ADVERTISE_ONLY) }, async (args: unknown) => {
    const a = checkPromptArgs(SESSION_START_ARGS, args);
    return userMessage(await sessionStartPrompt(env.vaultDir, env.today(), a.project as string | undefined));
  });
  server.registerPrompt("debug-checklist", { title: "Debug checklist", description: "Searches past incidents and lessons for an error, then gives a checklist to work through before changing code.", argsSchema: fromJsonSchema(DEBUG_ARGS as unknown as JsonSchemaType, ADVERTISE_ONLY) }, async (args: unknown) => {
    const a = checkPromptArgs(DEBUG_ARGS, args);
    return userMessage(await debugChecklistPrompt(env.vaultDir, env.today(), a.error as string, a.context as string | undefined));
  });
}

// Prompt arguments get the same checks as tool arguments; a bad one is a protocol error naming the argument and code.
function checkPromptArgs(schema: ArgsSchema, args: unknown): Record<string, unknown> {
  try {
    return validateArgs(schema, args);
  } catch (error) {
    throw new Error(errorOutcome(error).text.replace("\n", " "));
  }
}

function userMessage(text: string) {
  return { messages: [{ role: "user" as const, content: { type: "text" as const, text } }] };
}

function variable(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join("/") : (value ?? "");
}

function todayFrom(env: Record<string, string | undefined>): string {
  const pinned = env.CORTEX_TODAY;
  return pinned && isIsoDate(pinned) ? pinned : localDate(Date.now());
}
