import { bodyBeforeEndLine, withEndLine } from "./end-line.js";
import { compareStrings } from "../util/compare.js";
import { pathField, pathFromField } from "../util/text.js";

/**
 * The format of `index/aliases.tsv`: the notes of `manifest.json` that have
 * aliases, and their aliases, so that a write finds them without a search
 * over the whole manifest (few notes have any). A header line (format, and
 * the identity of the manifest.json it was made of), then one line per such
 * note in path order — `aliases (JSON array)⇥path` — then the end line
 * (see end-line.ts). A function of the manifest's entries
 * and identity only: the same manifest gives the same bytes.
 */

/** The start of the header line. */
export const ALIASES_HEADER = "#cortex-aliases/1";

/** The whole file's text for `aliases` (path → its aliases; notes without any are left out), made of the manifest of identity `identity`. */
export function aliasesText(identity: string, aliases: ReadonlyMap<string, readonly string[]>): string {
  const lines = [`${ALIASES_HEADER}\t${JSON.stringify(identity)}\n`];
  for (const path of [...aliases.keys()].sort(compareStrings)) {
    const list = aliases.get(path)!;
    if (list.length > 0) lines.push(`${JSON.stringify(list)}\t${pathField(path)}\n`);
  }
  return withEndLine(lines.join(""));
}

/**
 * The aliases a file's text lists (path → aliases, in path order), when it
 * was made of the manifest of identity `identity` and its end line's check
 * holds; null otherwise (cut short, garbled, of another version or another
 * manifest).
 */
export function readAliasesText(text: Buffer | string, identity: string): Map<string, string[]> | null {
  const body = bodyBeforeEndLine(typeof text === "string" ? Buffer.from(text) : text);
  if (body === null) return null;
  const lines = body.toString("utf8").split("\n");
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
