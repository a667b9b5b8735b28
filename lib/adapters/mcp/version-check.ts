import { isJSONRPCRequest, PROTOCOL_VERSION_META_KEY, UnsupportedProtocolVersionError, type JSONRPCMessage } from "@modelcontextprotocol/server";

/** The per-request revision the SDK serves (a connection whose requests carry it in `_meta` is pinned to it). */
export const MODERN_REVISION = "2026-07-28";

/** A JSON-RPC error to answer a request with instead of handing it on. */
export interface RequestRefusal {
  code: number;
  message: string;
  data: unknown;
}

/**
 * Checks the protocol version of every request on a connection. On the
 * 2026-07-28 revision each request carries its version in
 * `_meta["io.modelcontextprotocol/protocolVersion"]`, and the spec requires
 * the server to check each one; the SDK's stdio entry checks only the
 * request that opens the connection, then hands everything on to the
 * instance it pinned. So: once a request has opened the connection on that
 * revision, a later request without the claim or with another version is
 * refused with `-32022` (UnsupportedProtocolVersion) and never reaches the
 * server. A 2025-era connection (opened by `initialize`) is left to the SDK.
 */
export class ProtocolVersionCheck {
  /** `undefined` until a request opens the connection; `null` on a 2025-era connection. */
  private pinned: string | null | undefined = undefined;

  /** The refusal for this message, or null to hand it on. */
  check(message: JSONRPCMessage): RequestRefusal | null {
    if (!isJSONRPCRequest(message)) return null;
    const claim = claimOf(message.params);
    if (this.pinned === undefined) {
      if (claim === MODERN_REVISION && message.method !== "initialize") this.pinned = claim;
      else if (claim === undefined) this.pinned = null;
      return null;
    }
    // The SDK answers a legacy initialize on a modern connection itself.
    if (this.pinned === null || claim === this.pinned || message.method === "initialize") return null;
    const error = new UnsupportedProtocolVersionError({ supported: [this.pinned], requested: claim ?? "(none)" }, `Unsupported protocol version: ${claim ?? "none given"}; this connection speaks ${this.pinned}, and every request must say so in _meta`);
    return { code: error.code, message: error.message, data: error.data };
  }
}

function claimOf(params: unknown): string | undefined {
  const meta = (params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const value = meta?.[PROTOCOL_VERSION_META_KEY];
  return typeof value === "string" ? value : undefined;
}
