import { findMoc } from "../../app/context/build.js";
import { CortexError } from "../../core/errors.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { summarize } from "../../core/summary/summarize.js";
import { countsText } from "../../core/status/render.js";
import { compareStrings } from "../../core/util/compare.js";
import { resolveAtomRef } from "../../core/indexes/atom-ref.js";
import { ToolError } from "./errors.js";
import { decodePath } from "../../core/links/refs.js";
import { capText } from "./read-cap.js";
import { openSnapshot, readAtomText } from "../../app/snapshot.js";

/** A listed resource. */
export interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** One page of `resources/list`. */
export interface ResourcePage {
  resources: ResourceEntry[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

/** A resource read: its canonical URI and text. */
export interface ResourceText {
  uri: string;
  text: string;
}

/** Resources per page of `resources/list`: small enough to answer fast at any vault size. */
export const RESOURCE_PAGE_SIZE = 500;

/** The URI of the vault summary. */
export const SUMMARY_URI = "cortex://summary";

/** The URI of an atom under `cortex://atom/`: its vault-relative path, each segment percent-encoded. */
export function atomUri(path: string): string {
  return `cortex://atom/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The URI of a project's MOC. */
export function mocUri(project: string): string {
  return `cortex://moc/${encodeURIComponent(project)}`;
}

/**
 * The one URI an atom has in every answer: `cortex://moc/<project>` for a
 * map of content (`_moc/<project>.md`), `cortex://atom/<path>` otherwise.
 */
export function canonicalUri(path: string): string {
  return isMocPath(path) ? mocUri(path.slice("_moc/".length, -".md".length)) : atomUri(path);
}

/** How long a listing walk may pause between two pages and still be served from the list its first page read. */
export const LISTING_TTL_MS = 30_000;

/**
 * `resources/list` for one connection: the first page opens the vault (and
 * brings the index up to date); the pages that follow within
 * {@link LISTING_TTL_MS} of the previous one are cut from the same list, so
 * a walk is fast and sees one state of the vault. A cursor that outlived
 * its list still works: the vault is opened again and the walk goes on
 * after the cursor's path.
 */
export class ResourceLister {
  private listed: { manifest: readonly ManifestEntry[]; at: number } | null = null;

  constructor(
    private readonly vaultDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One page of the vault's resources: the summary first, then every atom in
   * path order under its canonical URI (so a MOC is listed once). The cursor
   * is opaque to clients: the last path of the previous page.
   *
   * @throws ToolError `CORTEX_E205` for a cursor this server did not make.
   */
  async page(today: string, cursor: string | undefined, pageSize = RESOURCE_PAGE_SIZE): Promise<ResourcePage> {
    const after = cursor === undefined ? null : decodeResourceCursor(cursor);
    const fresh = after !== null && this.listed !== null && this.now() - this.listed.at <= LISTING_TTL_MS;
    const manifest = fresh ? this.listed!.manifest : (await openSnapshot(this.vaultDir, today)).manifest;
    this.listed = { manifest, at: this.now() };
    return pageOf(manifest, after, pageSize);
  }

  /** Forgets the list (after a write through this server), so the next page opens the vault again. */
  invalidate(): void {
    this.listed = null;
  }
}

function pageOf(manifest: readonly ManifestEntry[], after: string | null, pageSize: number): ResourcePage {
  const start = after === null ? 0 : firstAfter(manifest, after);
  const resources: ResourceEntry[] = after === null ? [{ uri: SUMMARY_URI, name: "summary", title: "Vault summary", description: "Atoms by layer, project and type, and the hot atoms.", mimeType: "text/markdown" }] : [];
  const page = manifest.slice(start, start + pageSize - resources.length);
  for (const m of page) resources.push(atomResource(m));
  const last = page[page.length - 1];
  const more = start + page.length < manifest.length;
  return more && last ? { resources, nextCursor: encodeResourceCursor(last.path) } : { resources };
}

function atomResource(m: ManifestEntry): ResourceEntry {
  if (isMocPath(m.path)) {
    const project = m.path.slice("_moc/".length, -".md".length);
    return { uri: mocUri(project), name: `moc ${project}`, title: m.name, description: m.description || `Map of content of ${project}`, mimeType: "text/markdown" };
  }
  return { uri: atomUri(m.path), name: m.path, title: m.name, description: m.description, mimeType: "text/markdown" };
}

// The index of the first atom after `path` (the manifest is sorted by path).
function firstAfter(manifest: readonly ManifestEntry[], path: string): number {
  let lo = 0;
  let hi = manifest.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareStrings(manifest[mid]!.path, path) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function encodeResourceCursor(path: string): string {
  return Buffer.from(JSON.stringify({ after: path })).toString("base64url");
}

function decodeResourceCursor(cursor: string): string {
  try {
    const { after } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { after?: unknown };
    if (typeof after === "string" && after !== "") return after;
  } catch {
    // fall through
  }
  throw new ToolError("CORTEX_E205", `cursor: ${JSON.stringify(cursor.slice(0, 40))} is not a cursor returned by resources/list`, { argument: "cursor" });
}

/**
 * Reads a resource by URI: `cortex://summary`, `cortex://moc/<project>`, or
 * `cortex://atom/<ref>` where ref is what the `read` tool accepts (a path
 * with or without `.md`, percent-encoded or not, an id or a unique name).
 * Only indexed atoms can be read, and the answer carries the atom's
 * canonical URI; a huge atom is cut (see `capText`). Returns null when
 * nothing has that URI.
 *
 * @throws ToolError `CORTEX_E102` when the ref names several atoms.
 */
export async function readResource(vaultDir: string, today: string, uri: string): Promise<ResourceText | null> {
  if (uri === SUMMARY_URI) return { uri, text: await summaryMarkdown(vaultDir, today) };
  const snap = await openSnapshot(vaultDir, today);
  const path = resourcePath(snap.manifest, uri);
  const text = path === null ? null : readAtomText(snap.vaultDir, path);
  return path === null || text === null ? null : { uri: canonicalUri(path), text: capText(text, path).text };
}

/**
 * The canonical URI of the resource a URI names (see {@link readResource}),
 * or null when it names none.
 *
 * @throws ToolError `CORTEX_E102` when the ref names several atoms.
 */
export async function canonicalResourceUri(vaultDir: string, today: string, uri: string): Promise<string | null> {
  if (uri === SUMMARY_URI) return uri;
  const path = resourcePath((await openSnapshot(vaultDir, today)).manifest, uri);
  return path === null ? null : canonicalUri(path);
}

// The vault-relative path of the atom a MOC or atom URI names.
function resourcePath(manifest: readonly ManifestEntry[], uri: string): string | null {
  if (uri.startsWith("cortex://moc/")) return findMoc(manifest, decodePath(uri.slice("cortex://moc/".length)))?.path ?? null;
  if (uri.startsWith("cortex://atom/")) return resolveUriRef(manifest, decodePath(uri.slice("cortex://atom/".length)));
  return null;
}

function resolveUriRef(manifest: readonly ManifestEntry[], ref: string): string | null {
  if (ref.trim() === "") return null;
  try {
    return resolveAtomRef(manifest, ref);
  } catch (error) {
    if (error instanceof CortexError && error.code === "AMBIGUOUS") throw new ToolError("CORTEX_E102", error.message);
    return null;
  }
}

/** The vault summary (`cortex summary`) as markdown. */
export async function summaryMarkdown(vaultDir: string, today: string): Promise<string> {
  const snap = await openSnapshot(vaultDir, today);
  const s = summarize(snap.manifest, snap.today, snap.config.layers);
  const lines = [
    `# Vault summary on ${s.today}`,
    "",
    `- ${s.total} atoms, ${s.active.total} active: ${s.active.hot} hot, ${s.active.warm} warm, ${s.active.cold} cold`,
    `- Projects: ${countsText(s.projects)}`,
    `- Types: ${countsText(s.types)}`,
    `- Tags: ${s.tags} distinct`,
    "",
    "## Hot atoms",
    "",
    ...(s.hot.length === 0 ? ["None."] : s.hot.map((r) => `- ${r.updated} **${r.name}** (${r.project}/${r.type}) ${canonicalUri(r.path)}`)),
  ];
  return `${lines.join("\n")}\n`;
}

/** True for a project's map of content, `_moc/<project>.md`. */
export function isMocPath(path: string): boolean {
  return path.startsWith("_moc/") && path.endsWith(".md") && path.indexOf("/", 5) === -1;
}
