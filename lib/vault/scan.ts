import { lstatSync, readdirSync, type Dirent } from "node:fs";
import { sep } from "node:path";
import { compareStrings } from "../util/compare.js";
import { PARALLEL_STAT_THRESHOLD, startStatHelper, statFilesParallel, type StatHelper } from "./parallel-stat.js";

/** A markdown file of the vault, with the facts incremental indexing compares. */
export interface VaultFile {
  /** Vault-relative POSIX path. */
  path: string;
  /** Absolute path. */
  abs: string;
  /** Size and mtime; NaN when scanned with `stat: false`. */
  size: number;
  mtimeMs: number;
}

/** Options of {@link scanVault}. */
export interface ScanOptions {
  /**
   * Stat every markdown file for its size and mtime. Default true; a full
   * index, which opens every file anyway, passes false and reads them from
   * the open file instead.
   */
  stat?: boolean;
  /**
   * How many files the caller expects (an incremental index passes the last
   * run's count): when that many are stat'ed on two threads, the second one
   * is started before the folders are listed. Default 0.
   */
  expectedFiles?: number;
}

/** What {@link scanVault} finds. */
export interface VaultScan {
  /** Markdown files, sorted by path. */
  files: VaultFile[];
  /** Entries left out that a user may not expect to be (symlinks, unreadable folders), with the reason. */
  skipped: { path: string; reason: string }[];
  /** Other files a link may open (images, PDFs, the root MEMORY.md), vault-relative, sorted. */
  others: string[];
}

/** Folder names skipped anywhere in the vault (besides names starting with "."). */
const SKIP_ANYWHERE = new Set(["node_modules"]);
/** Names skipped only at the vault root: the tool's own output, and the entry point MEMORY.md. */
const SKIP_AT_ROOT = new Set(["index", "layers", "MEMORY.md"]);

/**
 * Lists the vault's markdown files: every `.md` file except in hidden folders
 * (`.obsidian`, `.git`, `.trash`, …), `node_modules`, the root `index/` and
 * `layers/` folders, and the root `MEMORY.md`. Symbolic links are not followed.
 */
export function scanVault(vaultDir: string, options: ScanOptions = {}): VaultScan {
  const scan: VaultScan = { files: [], skipped: [], others: [] };
  const stat = options.stat !== false;
  const helper = stat && (options.expectedFiles ?? 0) >= PARALLEL_STAT_THRESHOLD ? startStatHelper() : null;
  try {
    walk(vaultDir, "", scan);
    scan.files.sort((a, b) => compareStrings(a.path, b.path));
    scan.others.sort(compareStrings);
  } catch (error) {
    void helper?.worker.terminate();
    throw error;
  }
  if (stat) statFiles(scan, helper);
  return scan;
}

// Fills in size and mtime (on two threads for a large vault); a file that cannot be stat'ed moves to `skipped`.
function statFiles(scan: VaultScan, helper: StatHelper | null): void {
  const stats = statFilesParallel(scan.files.map((f) => f.abs), PARALLEL_STAT_THRESHOLD, helper);
  scan.files = scan.files.filter((file, i) => {
    file.mtimeMs = stats[2 * i]!;
    file.size = stats[2 * i + 1]!;
    if (file.size >= 0) return true;
    try {
      // Again here, for the reason (or the file is back).
      const stat = lstatSync(file.abs);
      file.mtimeMs = stat.mtimeMs;
      file.size = stat.size;
      return true;
    } catch (error) {
      scan.skipped.push({ path: file.path, reason: `cannot stat: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
      return false;
    }
  });
}

function walk(abs: string, rel: string, scan: VaultScan): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (error) {
    scan.skipped.push({ path: rel || ".", reason: `cannot read folder: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
    return;
  }
  for (const entry of entries) {
    const name = entry.name;
    if (name.startsWith(".") || SKIP_ANYWHERE.has(name)) continue;
    const childRel = rel === "" ? name : `${rel}/${name}`;
    if (rel === "" && SKIP_AT_ROOT.has(name)) {
      if (name === "MEMORY.md" && entry.isFile()) scan.others.push(childRel);
      continue;
    }
    const childAbs = abs.endsWith(sep) ? abs + name : abs + sep + name;
    if (entry.isSymbolicLink()) {
      scan.skipped.push({ path: childRel, reason: "symbolic link, not followed" });
    } else if (entry.isDirectory()) {
      walk(childAbs, childRel, scan);
    } else if (entry.isFile() && name.toLowerCase().endsWith(".md")) {
      scan.files.push({ path: childRel, abs: childAbs, size: NaN, mtimeMs: NaN });
    } else if (entry.isFile()) {
      scan.others.push(childRel);
    }
  }
}
