import { crc32, crcHex } from "../util/crc32.js";
import { compareStrings } from "../util/compare.js";
import { pathField, pathFromField } from "../util/text.js";

/**
 * The format of `index/aliases.tsv`: the notes of `manifest.json` that have
 * aliases, and their aliases, so that a write finds them without a search
 * over the whole manifest (few notes have any). A header line (format, and
 * the identity of the manifest.json it was made of), then one line per such
 * note in path order — `aliases (JSON array)⇥path` — then an end line with
 * the CRC-32 of everything before it. A function of the manifest's entries
 * and identity only: the same manifest gives the same bytes.
 */

/** The start of the header line. */
export const ALIASES_HEADER = "#cortex-aliases/1";

/** The start of the end line. */
export const ALIASES_TRAILER = "#end\t";

/** The whole file's text for `aliases` (path → its aliases; notes without any are left out), made of the manifest of identity `identity`. */
export function aliasesText(identity: string, aliases: ReadonlyMap<string, readonly string[]>): string {
  const lines = [`${ALIASES_HEADER}\t${JSON.stringify(identity)}\n`];
  for (const path of [...aliases.keys()].sort(compareStrings)) {
    const list = aliases.get(path)!;
    if (list.length > 0) lines.push(`${JSON.stringify(list)}\t${pathField(path)}\n`);
  }
  const body = lines.join("");
  return `${body}${ALIASES_TRAILER}${crcHex(crc32(body))}\n`;
}

/**
 * The aliases a file's text lists (path → aliases, in path order), when it
 * was made of the manifest of identity `identity` and its end line's check
 * holds; null otherwise (cut short, garbled, of another version or another
 * manifest).
 */
export function readAliasesText(text: string, identity: string): Map<string, string[]> | null {
  const at = text.lastIndexOf(`\n${ALIASES_TRAILER}`);
  if (at === -1 || !text.endsWith("\n")) return null;
  const body = text.slice(0, at + 1);
  if (text.slice(at + 1 + ALIASES_TRAILER.length, -1) !== crcHex(crc32(body))) return null;
  const lines = body.split("\n");
  lines.pop();
  if (lines[0] !== `${ALIASES_HEADER}\t${JSON.stringify(identity)}`) return null;
  const found = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    // A JSON array holds no tab: the first one ends it.
    const tab = line.indexOf("\t");
    const list = tab === -1 ? null : parseAliases(line.slice(0, tab));
    if (!list) return null;
    found.set(pathFromField(line.slice(tab + 1)), list);
  }
  return found;
}

function parseAliases(json: string): string[] | null {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string") ? (value as string[]) : null;
  } catch {
    return null;
  }
}
