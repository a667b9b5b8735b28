import type { Readable, Writable } from "node:stream";
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/server";

/** The largest line (one JSON-RPC message) read from stdin: the limit the official stdio clients have. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

const MIB = 1024 * 1024;

/** How long requests still running when stdin ends may take before the server gives up on them. */
const DRAIN_TIMEOUT_MS = 120_000;

/** Options of {@link LineTransport}. */
export interface LineTransportOptions {
  /** Largest line accepted; a longer one is discarded and answered with a JSON-RPC error. Default {@link MAX_LINE_BYTES}. */
  maxLineBytes?: number;
  /** Where to report what is not sent to the client. */
  log?: (line: string) => void;
  /** Told of every message received, before it is handed on (the server's start-up uses it to see the handshake through). */
  onReceive?: (message: JSONRPCMessage) => void;
  /** Asked about every message received: a refusal is answered as an error and the message is not handed on (see `ProtocolVersionCheck`). */
  screen?: (message: JSONRPCMessage) => { code: number; message: string; data?: unknown } | null;
}

type Id = string | number;

/**
 * The MCP stdio transport of `cortex mcp`: newline-delimited JSON-RPC, like
 * the SDK's `StdioServerTransport`, but a line over the size limit is
 * discarded and answered with an error instead of closing the connection, a
 * line that is not JSON-RPC is answered with a parse or invalid-request
 * error, and the end of stdin closes the transport only once every request
 * already received has been answered (or cancelled).
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Settles once the transport has closed (stdin ended and everything in flight was answered, or {@link close}). */
  readonly closed: Promise<void>;
  private readonly maxLineBytes: number;
  private readonly log: (line: string) => void;
  private readonly onReceive: ((message: JSONRPCMessage) => void) | undefined;
  private readonly screen: LineTransportOptions["screen"];
  private chunks: Buffer[] = [];
  private size = 0;
  /** While a line over the limit is being skipped: its first bytes (to find its id) and its length so far. */
  private oversize: { head: Buffer; bytes: number } | null = null;
  private readonly pending = new Set<Id>();
  private ended = false;
  private isClosed = false;
  private resolveClosed!: () => void;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    options: LineTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.log = options.log ?? (() => {});
    this.onReceive = options.onReceive;
    this.screen = options.screen;
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
  }

  /** Starts reading stdin. */
  async start(): Promise<void> {
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStdinError);
    this.stdin.on("end", this.onEnd);
    this.stdin.on("close", this.onEnd);
    this.stdout.on("error", this.onStdoutError);
    if (this.stdin.readableEnded || this.stdin.destroyed) setImmediate(this.onEnd);
  }

  /** Writes one message as a line, waiting for the pipe to drain when it is full. */
  send(message: JSONRPCMessage): Promise<void> {
    if (this.isClosed) return Promise.reject(new Error("cortex mcp: the stdio transport is closed"));
    const settled = responseId(message);
    const written = this.write(`${JSON.stringify(message)}\n`);
    if (settled !== undefined) {
      this.pending.delete(settled);
      const done = () => this.closeWhenDrained();
      written.then(done, done);
    }
    return written;
  }

  // Writes a line; settles once the pipe took it (after a drain when it was full).
  private write(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stdout.write(line)) return resolve();
      const onDrain = () => {
        this.stdout.off("error", onError);
        resolve();
      };
      const onError = (error: Error) => {
        this.stdout.off("drain", onDrain);
        reject(error);
      };
      this.stdout.once("drain", onDrain);
      this.stdout.once("error", onError);
    });
  }

  /** Stops reading and reports the close. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStdinError);
    this.stdin.off("end", this.onEnd);
    this.stdin.off("close", this.onEnd);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
    this.resolveClosed();
  }

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  };

  // Adds bytes to the current line; past the limit the line is only measured (its first 64 KiB kept to find its id).
  private take(bytes: Buffer): void {
    if (this.oversize) {
      this.oversize.bytes += bytes.length;
      return;
    }
    if (this.size + bytes.length <= this.maxLineBytes) {
      this.chunks.push(Buffer.from(bytes));
      this.size += bytes.length;
      return;
    }
    const head = Buffer.concat([...this.chunks, bytes]).subarray(0, 64 * 1024);
    this.oversize = { head: Buffer.from(head), bytes: this.size + bytes.length };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.oversize) {
      const { head, bytes } = this.oversize;
      this.oversize = null;
      this.log(`cortex mcp: discarded a message of ${bytes} bytes (the limit is ${this.maxLineBytes})`);
      const mib = this.maxLineBytes % MIB === 0 ? ` (${this.maxLineBytes / MIB} MiB)` : "";
      this.reply(idInHead(head.toString("utf8")), -32600, `Invalid Request: the message is ${bytes} bytes, over the limit of ${this.maxLineBytes} bytes${mib}; it was discarded`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.size = 0;
    if (line.trim() !== "") this.receive(line);
  }

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.reply(null, -32700, "Parse error: the line is not JSON");
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.reply(idOf(value), -32600, "Invalid Request: not a JSON-RPC 2.0 message");
      return;
    }
    const record = message as { id?: Id; method?: string; params?: { requestId?: Id } };
    const refused = this.screen?.(message);
    if (refused) {
      this.reply(record.id ?? null, refused.code, refused.message, refused.data);
      return;
    }
    if (record.method !== undefined && record.id !== undefined) this.pending.add(record.id);
    // A cancelled request is never answered (the protocol says so): it no longer holds the close.
    if (record.method === "notifications/cancelled" && record.params?.requestId !== undefined) this.pending.delete(record.params.requestId);
    this.onReceive?.(message);
    this.onmessage?.(message);
    if (this.ended) this.closeWhenDrained();
  }

  private reply(id: Id | null, code: number, message: string, data?: unknown): void {
    if (this.isClosed) return;
    const error = data === undefined ? { code, message } : { code, message, data };
    this.write(`${JSON.stringify({ jsonrpc: "2.0", id, error })}\n`).catch((e: Error) => this.onerror?.(e));
  }

  private readonly onEnd = (): void => {
    if (this.ended) return;
    this.ended = true;
    // A last message without its newline still counts.
    if (this.size > 0 || this.oversize) this.endLine();
    if (this.pending.size > 0) {
      const timer = setTimeout(() => {
        this.log(`cortex mcp: stdin closed; ${this.pending.size} request(s) still unanswered after ${DRAIN_TIMEOUT_MS / 1000} s, closing`);
        void this.close();
      }, DRAIN_TIMEOUT_MS);
      timer.unref();
    }
    this.closeWhenDrained();
  };

  private closeWhenDrained(): void {
    if (this.ended && this.pending.size === 0) void this.close();
  }

  private readonly onStdinError = (error: Error): void => {
    this.onerror?.(error);
  };

  private readonly onStdoutError = (error: Error): void => {
    if (this.isClosed) return;
    this.onerror?.(error);
    void this.close();
  };
}

// The id of a response or error the server sends, which settles that request.
function responseId(message: JSONRPCMessage): Id | undefined {
  const m = message as { id?: Id; method?: string };
  return m.method === undefined && m.id !== undefined ? m.id : undefined;
}

function idOf(value: unknown): Id | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

// The id of a message too long to parse, when it comes before its params (as clients write it).
function idInHead(head: string): Id | null {
  const params = head.indexOf('"params"');
  const found = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")/.exec(params === -1 ? head : head.slice(0, params));
  if (!found) return null;
  try {
    return JSON.parse(found[1]!) as Id;
  } catch {
    return null;
  }
}
