/**
 * cortex-vault/mcp: the MCP server over stdio. Needs the optional peer
 * dependency `@modelcontextprotocol/server`; `import "cortex-vault"` never
 * loads it.
 *
 * @example
 * import { serveCortexMcp } from "cortex-vault/mcp";
 * await serveCortexMcp({ vaultDir: "/home/me/vault" }).closed;
 */
import type { Readable, Writable } from "node:stream";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { LineTransport } from "./line-transport.js";
import { createCortexMcpServer, type CortexMcpOptions } from "./server.js";

export { createCortexMcpServer, type CortexMcpOptions } from "./server.js";

/** Options of {@link serveCortexMcp}: the server's, and the streams to serve on. */
export interface ServeCortexMcpOptions extends CortexMcpOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`. */
  stdout?: Writable;
}

/** A running server. */
export interface CortexMcpHandle {
  /** Settles when the server has stopped: stdin ended and every request received was answered. */
  closed: Promise<void>;
  /** Stops serving now. */
  close(): Promise<void>;
}

/**
 * Serves the cortex MCP server on stdin/stdout. A server factory is served,
 * so both the 2025 and the 2026-07-28 handshakes are answered. Everything
 * the server logs goes to stderr. A line over 10 MiB is answered with an
 * error and the server keeps serving; when stdin ends, the requests in
 * flight are finished before {@link CortexMcpHandle.closed} settles.
 */
export function serveCortexMcp(options: ServeCortexMcpOptions): CortexMcpHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const transport = new LineTransport(options.stdin ?? process.stdin, options.stdout ?? process.stdout, { log });
  const handle = serveStdio(({ era }) => createCortexMcpServer({ ...options, log, era }), { transport, onerror: (error) => log(`cortex mcp: ${error.message}`) });
  return { closed: transport.closed, close: () => handle.close() };
}
