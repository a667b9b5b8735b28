import { McpServer, type CallToolResult, type ServerContext } from "@modelcontextprotocol/server";
import { runTool } from "../agent/run.js";
import { liveVault } from "../../app/live-vault.js";
import { TOOLS } from "../agent/tools/registry.js";
import type { ToolEnv, ToolOutcome, ToolSpec } from "../agent/types.js";
import { isIsoDate, localDate } from "../../core/util/dates.js";
import { packageVersion } from "../../store/version.js";
import { registerCompletions } from "./completions.js";
import { registerPrompts } from "./prompts.js";
import { registerResources, type ResourceNotifier } from "./resources.js";
import { advertised } from "./schema.js";

/** Options of {@link createCortexMcpServer}. */
export interface CortexMcpOptions {
  /** Absolute vault folder. */
  vaultDir: string;
  /** Environment (HOME for transcripts, CORTEX_TODAY to pin the day). Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Where log lines go; never stdout, which carries the protocol. Default: stderr. */
  log?: (line: string) => void;
  /**
   * The protocol era the instance serves (given by `serveStdio`'s factory).
   * On a 2026-07-28 connection every change is announced and the SDK routes
   * it to the client's `subscriptions/listen` streams. Default `legacy`.
   */
  era?: "legacy" | "modern";
  /** Given the instance's notifier, to tell its client about changes made on disk (see `serveCortexMcp`). */
  onNotifier?: (notifier: ResourceNotifier) => void;
}

/** What the server tells a client it is, and which tool to use when (MCP `instructions`). */
export const INSTRUCTIONS = [
  "cortex-vault: a local, persistent memory of durable knowledge (decisions, rules, lessons, incidents, references), kept as markdown atoms in a git-friendly vault.",
  "Start a session with the session-start prompt or the status tool. Before deciding or debugging, search with recall or get a briefing for a task with context; open one note in full with read; page through the inventory with list; see the tags in use with tags.",
  "Save durable knowledge with save (one idea per note). Change a note in place with update, mark it replaced by a newer note with supersede, retire it with forget (nothing is deleted), rename it with move. transcript_search searches past chat sessions, not the vault.",
  "Resources: cortex://summary, cortex://atom/<path> for each atom, cortex://moc/<project> for each map of content; resources/list is paginated.",
].join("\n");

/**
 * Builds the cortex MCP server: the tools of the agent interface (each with
 * its input and output schema), the paginated `cortex://` resources with
 * subscriptions and change notifications, the `session-start` and
 * `debug-checklist` prompts, completions, and short instructions. Holds no
 * vault state between requests: each one opens what it needs (the vault
 * kept open by a `LiveVault`, when `serveCortexMcp` runs one).
 *
 * @example serveStdio(({ era }) => createCortexMcpServer({ vaultDir: "/home/me/vault", era }));
 */
export function createCortexMcpServer(options: CortexMcpOptions): McpServer {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const toolEnv: ToolEnv = { vaultDir: options.vaultDir, env, today: () => todayFrom(env) };
  const server = new McpServer(
    { name: "cortex-vault", version: packageVersion() },
    // listChanged only where it is sent: the tools and prompts never change while the server runs.
    { capabilities: { tools: { listChanged: false }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: false }, completions: {} }, instructions: INSTRUCTIONS },
  );
  const notifier = registerResources(server, toolEnv, options.era ?? "legacy");
  options.onNotifier?.(notifier);
  for (const tool of TOOLS) registerTool(server, tool, toolEnv, notifier, log);
  registerPrompts(server, toolEnv);
  registerCompletions(server, toolEnv);
  return server;
}

function registerTool(server: McpServer, tool: ToolSpec, env: ToolEnv, notifier: ResourceNotifier, log: (line: string) => void): void {
  const config = { title: tool.title, description: tool.description, inputSchema: advertised(tool.inputSchema), outputSchema: advertised(tool.outputSchema), annotations: { title: tool.title, ...tool.hints } };
  server.registerTool(tool.name, config, async (args: unknown, ctx: ServerContext) => {
    const callEnv: ToolEnv = { ...env, signal: ctx.mcpReq.signal, checkpoint: checkpointFor(ctx) };
    await callEnv.checkpoint!("started");
    const outcome = await runTool(tool, args, callEnv);
    if (!outcome.isError) {
      const paths = changedPaths(tool.name, outcome.structured);
      // The watcher will see these writes too: announced once, here.
      if (paths.length > 0) liveVault(env.vaultDir)?.announce(paths);
      await notifier.changed(paths);
    }
    return toCallToolResult(outcome, tool.name, log);
  });
}

// Between steps: let pending input (a cancellation) be read, stop if the call was cancelled, and report progress when asked for.
function checkpointFor(ctx: ServerContext): (step: string) => Promise<void> {
  const token = ctx.mcpReq._meta?.progressToken;
  let progress = 0;
  return async (step) => {
    await new Promise((resolve) => setImmediate(resolve));
    ctx.mcpReq.signal.throwIfAborted();
    if (token === undefined) return;
    progress += 1;
    await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, progress, message: step } }).catch(() => {});
  };
}

// The atoms a successful write changed (a move: the old path and the new, and the notes whose links it rewrote).
function changedPaths(tool: string, s: Record<string, unknown>): string[] {
  const paths: Record<string, unknown[]> = { save: [s.path, s.superseded], supersede: [s.old, s.by], update: [s.path], forget: [s.path], move: [s.from, s.to, ...((s.rewritten as unknown[]) ?? [])] };
  return (paths[tool] ?? []).filter((p): p is string => typeof p === "string");
}

function toCallToolResult(outcome: ToolOutcome, tool: string, log: (line: string) => void): CallToolResult {
  const error = outcome.structured.error as { code?: string; message?: string } | undefined;
  if (outcome.isError && error?.code === "CORTEX_E900") log(`cortex mcp: ${tool}: ${error.message}`);
  return { content: [{ type: "text", text: outcome.text }], structuredContent: outcome.structured, isError: outcome.isError };
}

/** The day a server works for: CORTEX_TODAY when it is a date, else the local date now. */
export function todayFrom(env: Record<string, string | undefined>): string {
  const pinned = env.CORTEX_TODAY;
  return pinned && isIsoDate(pinned) ? pinned : localDate(Date.now());
}
