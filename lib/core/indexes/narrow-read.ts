import { compareStrings } from "../util/compare.js";
import type { GroupIndex, ManifestEntry } from "./types.js";
import { GROUP_ITEM_START, GROUP_LIST_FRAME, GROUP_MEMBER_START } from "../formats/groups.js";
import { MANIFEST_ENTRY_END, MANIFEST_ENTRY_START, manifestEntryStart } from "../formats/manifest.js";

/**
 * Narrow reads of index files this tool wrote (their layout and markers:
 * formats/manifest.ts, formats/groups.ts), on their bytes: a command that needs two fields
 * of 100k manifest entries, or one key of a group index, does not parse the
 * whole file. Each returns null when the bytes are not laid out as expected;
 * the caller then parses the file whole.
 */

const ENTRY = Buffer.from(MANIFEST_ENTRY_START);
const ALIASES = Buffer.from('\n    "aliases": ');
const ENTRY_END = Buffer.from(MANIFEST_ENTRY_END);

/**
 * The `path` and `aliases` of every manifest entry, in file order (what the
 * link resolver reads); null when the bytes are not a manifest as written.
 *
 * @example readManifestLinkFields(readFileSync("index/manifest.json"))?.[0]?.path
 */
export function readManifestLinkFields(buf: Buffer): Pick<ManifestEntry, "path" | "aliases">[] | null {
  const out: Pick<ManifestEntry, "path" | "aliases">[] = [];
  if (buf.length < 3 || buf[0] !== 0x5b) return null;
  try {
    for (let at = buf.indexOf(ENTRY); at !== -1; at = buf.indexOf(ENTRY, at + ENTRY.length)) {
      const start = at + ENTRY.length;
      // A JSON string holds no raw line break: the value runs to the end of its line, less the comma.
      const lineEnd = buf.indexOf(0x0a, start);
      const end = buf.indexOf(ENTRY_END, start);
      const aliasesAt = buf.indexOf(ALIASES, start);
      if (lineEnd === -1 || end === -1 || aliasesAt === -1 || aliasesAt > end || buf[lineEnd - 1] !== 0x2c) return null;
      out.push({ path: jsonString(buf, start, lineEnd - 1), aliases: stringArray(buf, aliasesAt + ALIASES.length, "\n    ]") });
    }
  } catch {
    return null;
  }
  return out;
}

/**
 * The members of some keys of a group index (`by_tag.json`, `links.json`):
 * `[]` for a key it does not have. Null when the bytes are not a group index
 * as written.
 *
 * @example readGroupKeys(readFileSync("index/by_tag.json"), ["deploy"]).deploy
 */
export function readGroupKeys(buf: Buffer, keys: readonly string[]): GroupIndex | null {
  if (buf.length < 2 || buf[0] !== 0x7b) return null;
  const out: GroupIndex = {};
  try {
    for (const key of keys) {
      const head = Buffer.from(`\n  ${JSON.stringify(key)}: `);
      const at = buf.indexOf(head);
      out[key] = at === -1 ? [] : stringArray(buf, at + head.length, GROUP_LIST_FRAME.close);
    }
  } catch {
    return null;
  }
  return out;
}

/**
 * The keys of a group index whose members include `member` (the sources that
 * link to a path, in `links.json`), in file order; null when the bytes are
 * not a group index as written.
 */
export function readGroupKeysOf(buf: Buffer, member: string): string[] | null {
  if (buf.length < 2 || buf[0] !== 0x7b) return null;
  const needle = Buffer.from(`${GROUP_ITEM_START}${JSON.stringify(member)}`);
  const keyHead = Buffer.from(GROUP_MEMBER_START);
  const found: string[] = [];
  try {
    for (let at = buf.indexOf(needle); at !== -1; at = buf.indexOf(needle, at + needle.length)) {
      const next = buf[at + needle.length];
      if (next !== 0x2c && next !== 0x0a) continue; // a longer member that starts with this one
      const head = buf.lastIndexOf(keyHead, at);
      const open = head === -1 ? -1 : buf.indexOf(": [", head);
      if (open === -1 || open > at) return null;
      const key = jsonString(buf, head + 3, open);
      if (found[found.length - 1] !== key) found.push(key);
    }
  } catch {
    return null;
  }
  return found;
}

// The JSON string in bytes [start, end): decoded without JSON.parse when it holds no escape.
function jsonString(buf: Buffer, start: number, end: number): string {
  if (buf[start] !== 0x22 || buf[end - 1] !== 0x22 || end - start < 2) throw new Error("not a JSON string");
  const inner = buf.subarray(start + 1, end - 1);
  return inner.includes(0x5c) ? (JSON.parse(buf.toString("utf8", start, end)) as string) : inner.toString("utf8");
}

// The array of strings that starts at `start` (`[]`, or `[` … `close` on its own line).
function stringArray(buf: Buffer, start: number, close: string): string[] {
  if (buf[start] !== 0x5b) throw new Error("not an array");
  if (buf[start + 1] === 0x5d) return [];
  const end = buf.indexOf(close, start);
  if (end === -1) throw new Error("unterminated array");
  const value: unknown = JSON.parse(buf.toString("utf8", start, end + close.length));
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) throw new Error("not an array of strings");
  return value as string[];
}

/** How many entries a manifest as written holds. */
export function countManifestEntries(buf: Buffer): number {
  let count = 0;
  for (let at = buf.indexOf(ENTRY); at !== -1; at = buf.indexOf(ENTRY, at + ENTRY.length)) count++;
  return count;
}

/**
 * The manifest entries of some paths, parsed (a path without one is left
 * out). Looked up in code-unit order, each from where the one before was
 * found (the manifest is in path order): one pass over the file.
 *
 * @example readManifestEntries(buf, ["atoms/a.md"]).get("atoms/a.md")?.name
 */
export function readManifestEntries(buf: Buffer, paths: readonly string[]): Map<string, ManifestEntry> {
  const out = new Map<string, ManifestEntry>();
  let from = 0;
  for (const path of [...new Set(paths)].sort(compareStrings)) {
    const head = Buffer.from(manifestEntryStart(path));
    let at = buf.indexOf(head, from);
    if (at === -1 && from > 0) at = buf.indexOf(head);
    const end = at === -1 ? -1 : buf.indexOf(ENTRY_END, at + head.length);
    if (end === -1) continue;
    out.set(path, JSON.parse(buf.toString("utf8", at + 1, end + ENTRY_END.length)) as ManifestEntry);
    from = end;
  }
  return out;
}

const ID = Buffer.from('\n    "id": ');
const NAME = Buffer.from('\n    "name": ');

/**
 * The `path`, `id` and `name` of every manifest entry, in file order (what a
 * REF is resolved by, see `resolveAtomRef`); null when the bytes are not a
 * manifest as written.
 */
export function readManifestRefFields(buf: Buffer): Pick<ManifestEntry, "path" | "id" | "name">[] | null {
  const out: Pick<ManifestEntry, "path" | "id" | "name">[] = [];
  if (buf.length < 3 || buf[0] !== 0x5b) return null;
  try {
    for (let at = buf.indexOf(ENTRY); at !== -1; at = buf.indexOf(ENTRY, at + ENTRY.length)) {
      const start = at + ENTRY.length;
      const end = buf.indexOf(ENTRY_END, start);
      const idAt = buf.indexOf(ID, start);
      const nameAt = buf.indexOf(NAME, start);
      if (end === -1 || idAt === -1 || nameAt === -1 || idAt > end || nameAt > end) return null;
      const id = lineValue(buf, idAt + ID.length);
      out.push({ path: jsonString(buf, start, lineValue(buf, start)), id: buf.toString("latin1", idAt + ID.length, id) === "null" ? null : jsonString(buf, idAt + ID.length, id), name: jsonString(buf, nameAt + NAME.length, lineValue(buf, nameAt + NAME.length)) });
    }
  } catch {
    return null;
  }
  return out;
}

// The end of a member's value that starts at `start`: its line less the comma (a JSON string holds no raw line break).
function lineValue(buf: Buffer, start: number): number {
  const lineEnd = buf.indexOf(0x0a, start);
  if (lineEnd === -1 || buf[lineEnd - 1] !== 0x2c) throw new Error("not a member line");
  return lineEnd - 1;
}
