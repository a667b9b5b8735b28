import { lstatSync, readdirSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";

/** Options of {@link watchFolders}. */
export interface FolderWatchOptions {
  /** True for a folder (vault-relative, `/`-separated) whose changes do not matter; it is not watched, nor anything under it. */
  skipFolder: (rel: string) => boolean;
  /** A change of the entry at `rel` (vault-relative); null when the system could not say which. */
  onEvent: (rel: string | null) => void;
}

/** A running folder watch. */
export interface FolderWatch {
  close(): void;
}

/**
 * Watches a folder tree for changes: the system's recursive watch where it
 * has one (macOS, Windows), else one non-recursive `fs.watch` per folder
 * (Linux: one inotify watch per folder, where Node's own recursive watch
 * holds one per file and stats them all at start). Folders made later are
 * watched as they appear; folders removed or renamed are let go.
 *
 * @throws Error from `fs.watch` (ENOSPC: the system's limit of watches, EACCES, ENOENT).
 */
export function watchFolders(root: string, options: FolderWatchOptions): FolderWatch {
  if (process.platform === "darwin" || process.platform === "win32") {
    const watcher = watch(root, { recursive: true }, (_event, name) => options.onEvent(name === null ? null : String(name).split("\\").join("/")));
    watcher.on("error", () => options.onEvent(null));
    return { close: () => watcher.close() };
  }
  const watchers = new Map<string, FSWatcher>();
  const add = (rel: string) => {
    if (watchers.has(rel)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(rel === "" ? root : join(root, rel), (event, name) => onFolderEvent(rel, event, name === null ? null : String(name)));
    } catch (error) {
      // Gone before it could be watched: its parent's event covers it.
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && rel !== "") return;
      throw error;
    }
    watcher.on("error", () => {
      drop(rel);
      options.onEvent(null);
    });
    watchers.set(rel, watcher);
    for (const child of subfolders(root, rel)) if (!options.skipFolder(child)) add(child);
  };
  const drop = (rel: string) => {
    for (const [dir, watcher] of watchers) {
      if (dir !== rel && !dir.startsWith(`${rel}/`)) continue;
      watcher.close();
      watchers.delete(dir);
    }
  };
  const onFolderEvent = (rel: string, event: string, name: string | null) => {
    if (name === null) return options.onEvent(null);
    const child = rel === "" ? name : `${rel}/${name}`;
    if (event === "rename" && !options.skipFolder(child)) {
      // A folder made (watched from now on, with what it already holds) or removed (let go).
      if (isFolder(join(root, child))) add(child);
      else if (watchers.has(child)) drop(child);
    }
    options.onEvent(child);
  };
  add("");
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function subfolders(root: string, rel: string): string[] {
  try {
    return readdirSync(rel === "" ? root : join(root, rel), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => (rel === "" ? entry.name : `${rel}/${entry.name}`));
  } catch {
    return [];
  }
}

// A folder, not a link to one (the scan does not follow links either).
function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
