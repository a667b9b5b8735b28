import { join } from "node:path";
import { Client, type ClientOptions } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { BUILT_CLI } from "./cli.js";

/** A tool result as the tests read it. */
export type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, any> };

/** Starts `node dist/cli/cortex.cjs mcp --vault DIR` (today pinned to 2026-11-22) and connects the official client to it. */
export async function connectMcp(vault: string, options: ClientOptions = {}): Promise<Client> {
  const client = new Client({ name: "cortex-test", version: "1.0.0" }, options);
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: join(vault, "no-home"), CORTEX_TODAY: "2026-11-22" };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUILT_CLI, "mcp", "--vault", vault], env, stderr: "pipe" }));
  return client;
}

/** Calls a tool. */
export const callTool = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;

/** The text of a tool result. */
export const textOf = (r: ToolResult) => r.content[0]?.text ?? "";
