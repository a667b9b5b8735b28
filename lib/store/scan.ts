import { isUtf8 } from "node:buffer";
import { lstatSync, readdirSync, type Dirent, type Stats } from "node:fs";
import { sep } from "node:path";

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

/** What {@link scanVault} finds. */
export interface VaultScan {
  /** Markdown files, sorted by path. */
  files: VaultFile[];
  /** Entries left out that a user may not expect to be (symlinks, unreadable folders), with the reason, sorted by path. */
  skipped: { path: string; reason: string }[];
  /** Other files a link may open (images, PDFs, the root MEMORY.md), vault-relative, sorted. */
  others: string[];
}

/** Folder names skipped anywhere in the vault (besides names starting with "."). */
const SKIP_ANYWHERE = new Set(["node_modules"]);
/** Names skipped only at the vault root: the tool's own output, and the entry point MEMORY.md. */
const SKIP_AT_ROOT = new Set(["index", "layers", "MEMORY.md"]);

/**
 * Fills in each found file's size and mtime (lstat); a file that cannot be
 * stat'ed moves to `skipped`. A file this process may not read gets a NaN
 * mtime: a chmod changes no mtime, so only that makes an incremental index
 * read it (and drop it, as a full one does) and read it again once it can.
 */
export function statEach(scan: VaultScan): void {
  scan.files = scan.files.filter((file) => {
    try {
      const stat = lstatSync(file.abs);
      file.mtimeMs = mayRead(stat) ? stat.mtimeMs : NaN;
      file.size = stat.size;
      return true;
    } catch (error) {
      scan.skipped.push({ path: file.path, reason: `cannot stat: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
      return false;
    }
  });
}

// Who this process is, for mayRead; null where there are no POSIX ids (Windows).
const self = typeof process.getuid === "function" ? { uid: process.getuid(), gids: new Set([process.getgid!(), ...process.getgroups!()]) } : null;

// Whether the mode bits let this process read the file (what open(2) decides, but ACLs); root reads everything.
function mayRead(stat: Stats): boolean {
  if (self === null || self.uid === 0) return true;
  if (stat.uid === self.uid) return (stat.mode & 0o400) !== 0;
  if (self.gids.has(stat.gid)) return (stat.mode & 0o040) !== 0;
  return (stat.mode & 0o004) !== 0;
}

/** Lists `abs` (vault-relative `rel`) into `scan`, recursively. */
export function walk(abs: string, rel: string, scan: VaultScan): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (error) {
    scan.skipped.push({ path: rel || ".", reason: `cannot read folder: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
    return;
  }
  let badNames: Set<string> | null = null;
  for (const entry of entries) {
    const name = entry.name;
    if (name.startsWith(".") || SKIP_ANYWHERE.has(name)) continue;
    const childRel = rel === "" ? name : `${rel}/${name}`;
    // Such a name reaches us with U+FFFD for its bad bytes: it opens no file, and two of them would read as one.
    if (name.includes("\uFFFD") && (badNames ??= notUtf8Names(abs)).has(name)) {
      scan.skipped.push({ path: childRel, reason: "file name is not valid UTF-8" });
      continue;
    }
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

// The names in folder `abs` that are not valid UTF-8, as readdir gives them (each bad byte a U+FFFD).
function notUtf8Names(abs: string): Set<string> {
  const bad = new Set<string>();
  try {
    for (const raw of readdirSync(abs, { encoding: "buffer" })) if (!isUtf8(raw)) bad.add(raw.toString("utf8"));
  } catch {
    // the folder went away since it was listed: its entries are reported as they are met
  }
  return bad;
}
