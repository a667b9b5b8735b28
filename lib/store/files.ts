import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, unlinkSync } from "node:fs";
import { homedir } from "node:os";
import { CortexError } from "../core/errors.js";

// The file facts and plain reads that the layers above the store need. The store is the only
// layer that imports node:fs (test/layers.test.ts): the app, the engine and the adapters ask here.

/** True when something exists at `path` (symbolic links followed). */
export function fileExists(path: string): boolean {
  return existsSync(path);
}

/** True when `path` is a folder (symbolic links followed); false when it is anything else or nothing. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** True when `path` is itself a symbolic link; false when it is not, or cannot be seen. */
export function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** True when something (a file, a folder, a symbolic link even dangling) has this name. */
export function pathTaken(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** True when both names are one file on disk (same device and inode). */
export function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [lstatSync(a, { bigint: true }), lstatSync(b, { bigint: true })];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** A file's identity for "did it change": size, mtime and inode; `gone` when it cannot be stat'ed. */
export function fileSignature(path: string): string {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}:${s.ino}`;
  } catch {
    return "gone";
  }
}

/** A folder's identity (device and inode); null when `path` is not a folder. */
export function folderIdentity(path: string): string | null {
  try {
    const s = statSync(path);
    return s.isDirectory() ? `${s.dev}:${s.ino}` : null;
  } catch {
    return null;
  }
}

/** When a file was last modified, as an ISO timestamp; null when it cannot be stat'ed. */
export function modifiedAt(path: string): string | null {
  try {
    return statSync(path).mtime.toISOString();
  } catch {
    return null;
  }
}

/**
 * A file's bytes.
 *
 * @throws the file system's error (ENOENT, EACCES, …), for the caller to map.
 */
export function readFileBytes(path: string): Buffer {
  return readFileSync(path);
}

/**
 * A file's text, decoded as UTF-8.
 *
 * @throws the file system's error (ENOENT, EACCES, …), for the caller to map.
 */
export function readFileText(path: string): string {
  return readFileSync(path, "utf8");
}

/**
 * The names of a folder's plain files.
 *
 * @throws the file system's error when the folder cannot be listed.
 */
export function fileNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/**
 * Removes a file.
 *
 * @throws the file system's error.
 */
export function removeFile(path: string): void {
  unlinkSync(path);
}

/** The user's home folder as the system knows it (for when HOME is not set). */
export function homeFolder(): string {
  return homedir();
}

/** Removes a file if it is there. */
export function discardFile(path: string): void {
  rmSync(path, { force: true });
}

/** A file's text (UTF-8); null when it cannot be read (missing, unreadable). */
export function readTextOrNull(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/**
 * A file's text (UTF-8); null when there is no such file.
 *
 * @throws CortexError (`IO`) naming the file when it exists but cannot be read.
 */
export function readTextIfExists(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new CortexError("IO", `cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** The canonical absolute path of `path` (symbolic links resolved); `path` itself when it cannot be resolved. */
export function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Renames a file over another (atomic on one file system).
 *
 * @throws the file system's error.
 */
export function renameFile(from: string, to: string): void {
  renameSync(from, to);
}
