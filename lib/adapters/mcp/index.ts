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
import { LiveVault } from "../../app/live-vault.js";
import type { CortexError } from "../../core/errors.js";
import { LineTransport } from "./line-transport.js";
import type { ResourceNotifier } from "./resources.js";
import { createCortexMcpServer, todayFrom, type CortexMcpOptions } from "./server.js";
import { watchWhenQuiet } from "./watch-start.js";
import { ProtocolVersionCheck } from "./version-check.js";

export { createCortexMcpServer, type CortexMcpOptions } from "./server.js";

/** Options of {@link serveCortexMcp}: the server's, and the streams to serve on. */
export interface ServeCortexMcpOptions extends CortexMcpOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`. */
  stdout?: Writable;
  /**
   * Watch the vault (see `LiveVault`): keep the index current, answer from the
   * vault kept open while nothing changed, and tell clients about changes
   * made on disk. Default true.
   */
  watch?: boolean;
  /** The vault folder was deleted or renamed: the server has stopped watching (the caller decides to stop). */
  onGone?: (error: CortexError) => void;
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
 * so both the 2025 and the 2026-07-28 handshakes are answered; on a
 * 2026-07-28 connection every request's protocol version is checked (see
 * `ProtocolVersionCheck`). Everything
 * the server logs goes to stderr. A line over 10 MiB is answered with an
 * error and the server keeps serving; when stdin ends, the requests in
 * flight are finished before {@link CortexMcpHandle.closed} settles. With
 * `watch` (the default) a watcher keeps the index current (started once the
 * handshake is through, see `watchWhenQuiet`) and clients are
 * sent `notifications/resources/list_changed` (and `resources/updated` for
 * the atoms they subscribed to) when notes change on disk; it stops with the
 * server.
 */
export function serveCortexMcp(options: ServeCortexMcpOptions): CortexMcpHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const notifiers = new Set<ResourceNotifier>();
  const live = options.watch === false ? undefined : startLive(options, log, notifiers);
  const watchStart = live && watchWhenQuiet(live);
  const versions = new ProtocolVersionCheck();
  const transport = new LineTransport(options.stdin ?? process.stdin, options.stdout ?? process.stdout, { log, onReceive: watchStart?.received, screen: (m) => versions.check(m) });
  const handle = serveStdio(({ era }) => createCortexMcpServer({ ...options, log, era, onNotifier: (n) => notifiers.add(n) }), { transport, onerror: (error) => log(`cortex mcp: ${error.message}`) });
  const stop = () => {
    watchStart?.cancel();
    live?.close();
  };
  const closed = transport.closed.finally(stop);
  return {
    closed,
    close: async () => {
      stop();
      await handle.close();
    },
  };
}

// The watcher of a live server: changes made on disk are announced to every connected instance.
function startLive(options: ServeCortexMcpOptions, log: (line: string) => void, notifiers: Set<ResourceNotifier>): LiveVault {
  const env = options.env ?? process.env;
  return LiveVault.start(options.vaultDir, {
    today: () => todayFrom(env),
    // The handshake first (see watchWhenQuiet).
    deferred: true,
    onChange: (paths) => {
      for (const notifier of notifiers) void notifier.changed(paths, true);
    },
    onError: (error) => log(`cortex mcp: index: ${error instanceof Error ? error.message : String(error)}`),
    onGone: (error) => {
      log(`cortex mcp: ${error.message}`);
      options.onGone?.(error);
    },
  });
}
