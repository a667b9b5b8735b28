import { isMoc } from "../moc/collectors.js";
import { findMoc } from "../context/build.js";
import { summarize } from "../summary/summarize.js";
import type { Count } from "../summary/types.js";
import { decodePath } from "./refs.js";
import { openSnapshot, readAtomText } from "./snapshot.js";

/** A listed resource. */
export interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** The URI of an atom: `cortex://atom/` and its vault-relative path, each segment percent-encoded. */
export function atomUri(path: string): string {
  return `cortex://atom/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The URI of a project's MOC. */
export function mocUri(project: string): string {
  return `cortex://moc/${encodeURIComponent(project)}`;
}

/** Every atom as a resource, in path order. */
export async function listAtomResources(vaultDir: string, today: string): Promise<ResourceEntry[]> {
  const snap = await openSnapshot(vaultDir, today);
  return snap.manifest.map((m) => ({ uri: atomUri(m.path), name: m.path, title: m.name, description: m.description, mimeType: "text/markdown" }));
}

/**
 * The text of the atom at a vault-relative path as a URI gives it
 * (percent-encoded or not); null when no indexed atom has that path, so
 * nothing outside the vault's atoms can be read.
 */
export async function readAtomResource(vaultDir: string, today: string, rawPath: string): Promise<{ path: string; text: string } | null> {
  const path = decodePath(rawPath);
  const snap = await openSnapshot(vaultDir, today);
  const entry = snap.manifest.find((m) => m.path === path);
  const text = entry ? readAtomText(snap.vaultDir, entry.path) : null;
  return entry && text !== null ? { path: entry.path, text } : null;
}

/** Every MOC (`_moc/<project>.md`) as a resource. */
export async function listMocResources(vaultDir: string, today: string): Promise<ResourceEntry[]> {
  const snap = await openSnapshot(vaultDir, today);
  return snap.manifest.filter((m) => isMoc(m.path)).map((m) => {
    const project = m.path.slice("_moc/".length, -".md".length);
    return { uri: mocUri(project), name: `moc ${project}`, title: m.name, description: m.description || `Map of content of ${project}`, mimeType: "text/markdown" };
  });
}

/** The text of a project's MOC; null when it has none. */
export async function readMocResource(vaultDir: string, today: string, rawProject: string): Promise<{ path: string; text: string } | null> {
  const snap = await openSnapshot(vaultDir, today);
  const entry = findMoc(snap.manifest, decodePath(rawProject));
  const text = entry ? readAtomText(snap.vaultDir, entry.path) : null;
  return entry && text !== null ? { path: entry.path, text } : null;
}

/** The vault summary (`cortex summary`) as markdown. */
export async function summaryMarkdown(vaultDir: string, today: string): Promise<string> {
  const snap = await openSnapshot(vaultDir, today);
  const s = summarize(snap.manifest, snap.today, snap.config.layers);
  const lines = [
    `# Vault summary on ${s.today}`,
    "",
    `- ${s.total} atoms, ${s.active.total} active: ${s.active.hot} hot, ${s.active.warm} warm, ${s.active.cold} cold`,
    `- Projects: ${counts(s.projects)}`,
    `- Types: ${counts(s.types)}`,
    `- Tags: ${s.tags} distinct`,
    "",
    "## Hot atoms",
    "",
    ...(s.hot.length === 0 ? ["None."] : s.hot.map((r) => `- ${r.updated} **${r.name}** (${r.project}/${r.type}) ${atomUri(r.path)}`)),
  ];
  return `${lines.join("\n")}\n`;
}

function counts(list: readonly Count[]): string {
  return list.length === 0 ? "none" : list.map(([name, n]) => `${name} ${n}`).join(", ");
}
