import { compareStrings } from "../util/compare.js";
import { JSON_OBJECT_FRAME, framedPieces, insertedEntry, type Frame } from "./frame.js";

/**
 * The format of the files that map keys to lists of strings: the group
 * indexes (`by_project.json`, `by_type.json`, `by_tag.json`), `graph.json`
 * and `links.json`. A JSON object as `JSON.stringify(…, null, 2)` writes it,
 * but with keys in code-unit order (JSON.stringify would put integer-like
 * keys such as a tag `2024` first), trailing newline. The one place their
 * bytes are defined: the full run, the part worker (graph) and the insertion
 * of members and list items all write through these.
 */

/** Key → its list of strings. */
export type Groups = Record<string, readonly string[]>;

/** What stands around and between the members (`"key": [list]`). */
export const GROUPS_FRAME: Frame = JSON_OBJECT_FRAME;

/** What stands around and between the items of a member's list (the list closes at the member's indent). */
export const GROUP_LIST_FRAME: Frame = Object.freeze({ open: "[\n", separator: ",\n", close: "\n  ]", empty: "[]" });

/** The bytes that start every member, up to its key's text: members are found by it. */
export const GROUP_MEMBER_START = '\n  "';

/** The bytes that start every item of a member's list (after the previous line's end). */
export const GROUP_ITEM_START = "\n    ";

/** The bytes that start the member of `key`, up to its list's opening bracket. */
export function groupMemberStart(key: string): string {
  return `\n  ${JSON.stringify(key)}: [`;
}

/** One item of a member's list as it stands in the file (indented four spaces, no separator). */
export function groupItemText(item: string): string {
  return `    ${JSON.stringify(item)}`;
}

/** One member exactly as it stands in the file (indented two spaces, no separator). */
export function groupMemberText(key: string, list: readonly string[]): string {
  const items = list.map(groupItemText);
  const text = items.length === 0 ? GROUP_LIST_FRAME.empty : GROUP_LIST_FRAME.open + items.join(GROUP_LIST_FRAME.separator) + GROUP_LIST_FRAME.close;
  return `  ${JSON.stringify(key)}: ${text}`;
}

/**
 * The members of `keys` (in that order) as they stand in the file, joined by
 * the separator; "" for none. One native call unless a key is integer-like.
 */
export function groupMembersText(groups: Groups, keys: readonly string[] = Object.keys(groups)): string {
  if (keys.some(isArrayIndex)) return keys.map((key) => groupMemberText(key, groups[key]!)).join(GROUPS_FRAME.separator);
  const ordered: Groups = Object.create(null);
  for (const key of keys) ordered[key] = groups[key]!;
  const json = JSON.stringify(ordered, null, 2);
  return json.length <= 2 ? "" : json.slice(2, -2);
}

/** The whole file. */
export function groupsText(groups: Groups): string {
  return [...groupsPieces(groups)].join("");
}

/**
 * The whole file in pieces of about `size` list items each, so that a 20 MB
 * index is never one string: the same bytes as {@link groupsText}. Keys
 * inserted in order (graph and links are built in path order) without an
 * integer-like one make one native JSON.stringify (twice as fast as pieces).
 */
export function* groupsPieces(groups: Groups, size = 2000): Generator<string> {
  const keys = Object.keys(groups);
  if (keys.length > 0 && !keys.some(isArrayIndex) && isSorted(keys)) return yield `${JSON.stringify(groups, null, 2)}\n`;
  yield* framedPieces(GROUPS_FRAME, batches(groups, keys.sort(compareStrings), size));
}

/** The bytes that insert a member into a file with members: before a member's text, or after the last one (`last`). */
export function groupMemberInsertText(key: string, list: readonly string[], last: boolean): string {
  return insertedEntry(GROUPS_FRAME, groupMemberText(key, list), last);
}

/** The bytes that insert an item into a non-empty list: before an item's text, or after the last one (`last`). */
export function groupItemInsertText(item: string, last: boolean): string {
  return insertedEntry(GROUP_LIST_FRAME, groupItemText(item), last);
}

// The members' texts, in batches of about `size` list items.
function* batches(groups: Groups, keys: readonly string[], size: number): Generator<string> {
  let batch: string[] = [];
  let values = 0;
  for (const key of keys) {
    batch.push(key);
    values += groups[key]!.length + 1;
    if (values < size) continue;
    yield groupMembersText(groups, batch);
    batch = [];
    values = 0;
  }
  if (batch.length > 0) yield groupMembersText(groups, batch);
}

function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (compareStrings(keys[i - 1]!, keys[i]!) > 0) return false;
  return true;
}

// Keys a JS object orders first, numerically: "0", "7", "4294967294" (not "07" or "-1").
function isArrayIndex(key: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}
