import { pathField, pathFromField } from "../util/text.js";

/**
 * The format of `index/folders.tsv`: what a scan found besides the notes,
 * and each folder's stamp, so that a later freshness check that finds every
 * folder as stamped lists nothing (a folder's entries change only with its
 * ctime) and stats only the files `cache.tsv` lists. A header line (format,
 * and the identity of the `cache.tsv` it was taken with), then lines —
 * `F⇥stamp⇥path` a folder (`.` the vault's root), `O⇥path` another file,
 * `S⇥reason (JSON)⇥path` an entry left out — then an end line with the
 * CRC-32 of everything before it (see store/folder-stamps.ts).
 */

/** The start of the header line. */
export const FOLDERS_HEADER = "#cortex-folders/1";

/** A folder of the vault as a scan found it: its path (`.` the root), and the stamp its entries are known by. */
export interface FolderStamp {
  path: string;
  /** `inode:ctime (whole µs)`: any entry added, removed or renamed in it, or a change of its mode, gives another. */
  stamp: string;
}

/** What `index/folders.tsv` holds besides the header and end line. */
export interface FolderListing {
  folders: FolderStamp[];
  /** Other files a link may open, vault-relative. */
  others: string[];
  /** Entries left out, with the reason. */
  skipped: { path: string; reason: string }[];
}

/** The file's text before its end line, for the cache file of identity `cacheSignature`. */
export function foldersBody(cacheSignature: string, listing: FolderListing): string {
  const lines = [`${FOLDERS_HEADER}\t${JSON.stringify(cacheSignature)}\n`];
  for (const f of listing.folders) lines.push(`F\t${f.stamp}\t${pathField(f.path)}\n`);
  for (const o of listing.others) lines.push(`O\t${pathField(o)}\n`);
  for (const s of listing.skipped) lines.push(`S\t${JSON.stringify(s.reason)}\t${pathField(s.path)}\n`);
  return lines.join("");
}

/**
 * The listing of a body (see {@link foldersBody}) taken with the cache file
 * of identity `cacheSignature`; null when it was taken with another, or a
 * line does not read back.
 */
export function parseFoldersBody(body: string, cacheSignature: string): FolderListing | null {
  const lines = body.split("\n");
  if (lines[0] !== `${FOLDERS_HEADER}\t${JSON.stringify(cacheSignature)}` || lines.at(-1) !== "") return null;
  const listing: FolderListing = { folders: [], others: [], skipped: [] };
  for (const line of lines.slice(1, -1)) if (!readLine(line, listing)) return null;
  return listing;
}

// Adds one line to `listing`; false when it does not read back.
function readLine(line: string, listing: FolderListing): boolean {
  const tab = line.indexOf("\t", 2);
  if (line.startsWith("O\t")) return void listing.others.push(pathFromField(line.slice(2))), true;
  if (tab === -1) return false;
  if (line.startsWith("F\t")) return void listing.folders.push({ stamp: line.slice(2, tab), path: pathFromField(line.slice(tab + 1)) }), true;
  if (!line.startsWith("S\t")) return false;
  try {
    const reason: unknown = JSON.parse(line.slice(2, tab));
    if (typeof reason !== "string") return false;
    listing.skipped.push({ reason, path: pathFromField(line.slice(tab + 1)) });
    return true;
  } catch {
    return false;
  }
}
