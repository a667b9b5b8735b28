/**
 * cortex-vault/mcp: the MCP server over stdio. Needs the optional peer
 * dependency `@modelcontextprotocol/server`; `import "cortex-vault"` never
 * loads it.
 *
 * @example
 * import { serveCortexMcp } from "cortex-vault/mcp";
 * serveCortexMcp({ vaultDir: "/home/me/vault" });
 */
import { serveStdio, type StdioServerHandle } from "@modelcontextprotocol/server/stdio";
import { createCortexMcpServer, type CortexMcpOptions } from "./server.js";

export { createCortexMcpServer, type CortexMcpOptions } from "./server.js";

/**
 * Serves the cortex MCP server on this process's stdin/stdout. A server
 * factory is served, so both the 2025 and the 2026-07-28 handshakes are
 * answered. Everything the server logs goes to stderr.
 */
export function serveCortexMcp(options: CortexMcpOptions): StdioServerHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  return serveStdio(() => createCortexMcpServer({ ...options, log }), { onerror: (error) => log(`cortex mcp: ${error.message}`) });
}
