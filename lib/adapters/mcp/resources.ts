import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type McpServer } from "@modelcontextprotocol/server";
import { ToolError } from "../agent/errors.js";
import { canonicalResourceUri, canonicalUri, readResource, ResourceLister, SUMMARY_URI } from "../agent/resources.js";
import type { ToolEnv } from "../agent/types.js";

/** Tells the client what a write changed. */
export interface ResourceNotifier {
  /**
   * After a write: `notifications/resources/list_changed`, and `resources/updated`
   * for each changed atom (and the summary) subscribed to. No paths: nothing
   * is sent, unless `unnamed` (notes changed that no event named: a folder renamed).
   */
  changed(paths: readonly string[], unnamed?: boolean): Promise<void>;
}

/** The resource templates: an atom by path (or any ref `read` takes), a MOC by project. */
const TEMPLATES = [
  { name: "atom", uriTemplate: "cortex://atom/{+path}", title: "Atom", description: "One atom of the vault (markdown with YAML frontmatter), by its vault-relative path; \".md\" is optional, and an id or a unique name works too, as in the read tool.", mimeType: "text/markdown" },
  { name: "moc", uriTemplate: "cortex://moc/{project}", title: "Map of content", description: "A project's map of content, _moc/<project>.md.", mimeType: "text/markdown" },
];

/**
 * Serves the resources with the SDK's low-level handlers (the high-level
 * registry lists everything in one answer): `resources/list` one page at a
 * time with an opaque `nextCursor` (see `ResourceLister`), `resources/templates/list`,
 * `resources/read` answering under each atom's canonical URI, and
 * `resources/subscribe` / `unsubscribe`. On a 2026-07-28 connection
 * (`era` modern) every change is announced and the SDK's listen router
 * keeps those the client listens to.
 */
export function registerResources(mcp: McpServer, env: ToolEnv, era: "legacy" | "modern"): ResourceNotifier {
  const server = mcp.server;
  // Canonical URI → the URIs the client subscribed with (it is told under the form it used).
  const subscribed = new Map<string, Set<string>>();
  const lister = new ResourceLister(env.vaultDir);
  server.setRequestHandler("resources/list", async (request) => ({ ...(await asProtocolError(() => lister.page(env.today(), request.params?.cursor))) }));
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: TEMPLATES }));
  server.setRequestHandler("resources/read", async (request) => {
    const found = await asProtocolError(() => readResource(env.vaultDir, env.today(), request.params.uri));
    if (!found) throw new ResourceNotFoundError(request.params.uri);
    return { contents: [{ uri: found.uri, mimeType: "text/markdown", text: found.text }] };
  });
  server.setRequestHandler("resources/subscribe", async (request) => {
    const uri = request.params.uri;
    const canonical = await asProtocolError(() => canonicalResourceUri(env.vaultDir, env.today(), uri));
    if (canonical === null) throw new ResourceNotFoundError(uri);
    subscribed.set(canonical, (subscribed.get(canonical) ?? new Set()).add(uri));
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", async (request) => {
    const uri = request.params.uri;
    for (const [canonical, forms] of subscribed) if (forms.delete(uri) && forms.size === 0) subscribed.delete(canonical);
    return {};
  });
  return {
    async changed(paths, unnamed = false) {
      if (paths.length === 0 && !unnamed) return;
      lister.invalidate();
      const send = (p: Promise<void>) => p.catch(() => {});
      await send(server.sendResourceListChanged());
      for (const canonical of [...paths.map(canonicalUri), SUMMARY_URI]) {
        const forms = era === "modern" ? [canonical] : [...(subscribed.get(canonical) ?? [])];
        for (const uri of forms) await send(server.sendResourceUpdated({ uri }));
      }
    },
  };
}

// A bad cursor or an ambiguous ref is the client's mistake: -32602 with the message.
async function asProtocolError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ToolError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${error.code} ${error.message}`);
    throw error;
  }
}
