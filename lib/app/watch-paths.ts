/**
 * The vault-relative path an event is about when it can change the index: a
 * note (`.md`) outside `index/`, `layers/`, `node_modules` and dot-folders,
 * or `cortex.toml`; `unknown` for what may be a folder (no extension); null otherwise.
 */
export function relevantPath(filename: string): string | null {
  const path = filename.split(/[\\/]/).join("/");
  if (path === "cortex.toml") return path;
  const parts = path.split("/");
  if (ignoredFolder(parts.slice(0, -1).join("/")) || parts.at(-1)!.startsWith(".")) return null;
  if (path.endsWith(".md")) return path;
  // A folder renamed or removed moves every note in it; its one event names no note.
  return parts.at(-1)!.includes(".") || ignoredFolder(path) ? null : "unknown";
}

/** True for a vault-relative folder the index never reads: `index/`, `layers/`, dot-folders, `node_modules` (as the scan skips them). */
export function ignoredFolder(rel: string): boolean {
  if (rel === "") return false;
  const parts = rel.split("/");
  return parts[0] === "index" || parts[0] === "layers" || parts.some((p) => p.startsWith(".") || p === "node_modules");
}
