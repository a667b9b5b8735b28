import { lstatSync, readdirSync, type Dirent } from "node:fs";
import { sep } from "node:path";
import { compareStrings } from "../util/compare.js";

/** A markdown file of the vault, with the facts incremental indexing compares. */
export interface VaultFile {
  /** Vault-relative POSIX path. */
  path: string;
  /** Absolute path. */
  abs: string;
  size: number;
  mtimeMs: number;
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
export function scanVault(vaultDir: string): VaultScan {
  const scan: VaultScan = { files: [], skipped: [], others: [] };
  walk(vaultDir, "", scan);
  scan.files.sort((a, b) => compareStrings(a.path, b.path));
  scan.others.sort(compareStrings);
  return scan;
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
      try {
        const stat = lstatSync(childAbs);
        scan.files.push({ path: childRel, abs: childAbs, size: stat.size, mtimeMs: stat.mtimeMs });
      } catch (error) {
        scan.skipped.push({ path: childRel, reason: `cannot stat: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
      }
    } else if (entry.isFile()) {
      scan.others.push(childRel);
    }
  }
}
