import type { Atom, ParsedAtom } from "../core/atoms/types.js";
import type { LayerThresholds } from "../core/config/types.js";
import { toManifestEntry } from "../core/index-build/build.js";
import { groupChunks, serializeManifestEntry } from "../core/indexes/serialize.js";
import { manifestEntryEdit, manifestEntryRange, searchLineRange, splicedPieces, type ByteEdit } from "../core/indexes/splice.js";
import type { GroupIndex, ManifestEntry } from "../core/indexes/types.js";
import { fileNameKey, targetKeys } from "../core/links/file-matcher.js";
import { resolveSourceList } from "../core/links/graph.js";
import { isCurrentSearchFile, readSearchFile, searchFileLine } from "../core/indexes/search-file.js";
import { compareStrings } from "../core/util/compare.js";
import type { PreviousTexts } from "../store/index-previous.js";
import { addLayers, type AtomDelta, type OutputTexts } from "./index-outputs.js";

/** The files of the previous run an addition rewrites besides manifest.json, search.tsv and graph.json. */
export interface AddedPreviousTexts extends PreviousTexts {
  by_project: Buffer;
  by_type: Buffer;
  by_tag: Buffer;
  links: Buffer;
}

/**
 * The outputs after atoms were only added (none changed or removed) and no
 * link of the vault can lead to one of them (no target has the name or an
 * alias of a new atom, so every old link resolves as before): the new
 * entries and search lines are inserted into manifest.json and search.tsv,
 * the atoms the new ones link to get their backlink counts raised in place,
 * graph.json and links.json get the new sources inserted, and the group
 * indexes and layers are rewritten. The same bytes as a rebuild, without
 * resolving every link or serializing the manifest again (a note added to a
 * 100k vault: the rebuild took ~4 s). Null when the delta is not of that
 * kind or a file is not laid out as expected; the caller then rebuilds.
 */
export function addedOutputs(previous: AddedPreviousTexts, delta: AtomDelta, today: string, layers: LayerThresholds): OutputTexts | null {
  if (delta.changed.length > 0 || delta.removed.length > 0 || delta.added.length === 0 || delta.added.length > 100 || !isCurrentSearchFile(previous.search)) return null;
  const added = [...delta.added].sort((a, b) => compareStrings(a.atom.path, b.atom.path));
  const graph = JSON.parse(previous.graph.toString("utf8")) as GroupIndex;
  if (canOpenOldLinks(added.map((p) => p.atom), graph)) return null;
  const entries = JSON.parse(previous.manifest.toString("utf8")) as ManifestEntry[];
  const links = JSON.parse(previous.links.toString("utf8")) as GroupIndex;
  // An entry already there (a run that died after writing the manifest, before the cache): rebuilt whole.
  const oldPaths = entries.map((e) => e.path);
  const known = new Set(oldPaths);
  if (entries.length === 0 || added.some((p) => known.has(p.atom.path))) return null;
  const linking = added.filter((p) => p.targets.length > 0);
  // A source already in graph.json or links.json (a run that died after those, before the manifest): rebuilt whole.
  if (added.some((p) => Object.hasOwn(graph, p.atom.path) || Object.hasOwn(links, p.atom.path))) return null;
  // Only the new atoms' own links are new: resolved against every atom, old and new.
  const resolved = resolveSourceList(mergeByPath(entries, added.map((p) => p.atom)), linking.map((p) => p.atom.path), linking.map((p) => p.targets));
  const backlinks = (path: string) => resolved.backlinks[path]?.length ?? 0;
  const manifest = manifestEdits(previous.manifest, entries, oldPaths, added, backlinks);
  const lineStart = (path: string) => searchLineRange(previous.search, path)?.[0] ?? null;
  const search = insertEdits(added.map((p) => p.atom.path), oldPaths, lineStart, previous.search.length, (p) => `${searchFileLine(toManifestEntry(atomOf(added, p)))}\n`, "");
  const graphText = withMembers(previous.graph, graph, linking.map((p) => [p.atom.path, [...p.targets]]));
  const linksText = withMembers(previous.links, links, Object.entries(resolved.edges));
  if (!manifest || !search || graphText === null || linksText === null) return null;
  const texts: OutputTexts = new Map();
  texts.set("index/manifest.json", splicedPieces(previous.manifest, manifest));
  const searchPieces = splicedPieces(previous.search, search);
  texts.set("index/search.tsv", searchPieces);
  if (graphText) texts.set("index/graph.json", graphText);
  if (linksText) texts.set("index/links.json", linksText);
  for (const [name, key] of [["by_project", "project"], ["by_type", "type"]] as const) texts.set(`index/${name}.json`, () => groupChunks(withPaths(previous[name], added.map((p) => [p.atom[key]!, p.atom.path]))));
  texts.set("index/by_tag.json", () => groupChunks(withPaths(previous.by_tag, added.flatMap((p) => p.atom.tags.map((tag) => [tag, p.atom.path] as [string, string])))));
  addLayers(texts, readSearchFile(Buffer.concat(searchPieces)), today, layers);
  return texts;
}

// Whether a link written in the vault could open one of `atoms`: a target with the name
// (rules 2–4) or an alias (rule 5) of one, or a relative target whose last segment names no file.
function canOpenOldLinks(atoms: readonly Atom[], graph: Readonly<GroupIndex>): boolean {
  const names = new Set(atoms.map((a) => fileNameKey(a.path)));
  const aliases = new Set(atoms.flatMap((a) => a.aliases.map((alias) => alias.trim().toLowerCase())));
  for (const targets of Object.values(graph)) {
    for (const target of targets) {
      const keys = targetKeys(target);
      if (keys.name === "" || keys.name === "." || keys.name === ".." || names.has(keys.name) || aliases.has(keys.alias)) return true;
    }
  }
  return false;
}

// The old entries and the new atoms, in path order (what the link resolver numbers files by).
function mergeByPath(entries: readonly ManifestEntry[], atoms: readonly Atom[]): Pick<ManifestEntry, "path" | "aliases">[] {
  return [...entries, ...atoms].sort((a, b) => compareStrings(a.path, b.path));
}

function atomOf(added: readonly ParsedAtom[], path: string): Atom {
  return added.find((p) => p.atom.path === path)!.atom;
}

// The new entries inserted, and the old ones the new atoms link to with their backlink counts raised.
function manifestEdits(buf: Buffer, entries: readonly ManifestEntry[], oldPaths: readonly string[], added: readonly ParsedAtom[], backlinks: (path: string) => number): ByteEdit[] | null {
  const edits: ByteEdit[] = [];
  for (const entry of entries) {
    const more = backlinks(entry.path);
    if (more === 0) continue;
    const edit = manifestEntryEdit(buf, { ...entry, backlinks: entry.backlinks + more });
    if (!edit) return null;
    edits.push(edit);
  }
  const last = manifestEntryRange(buf, entries[entries.length - 1]!.path);
  if (!last) return null;
  const entryStart = (path: string) => manifestEntryRange(buf, path)?.[0] ?? null;
  const inserts = insertEdits(added.map((p) => p.atom.path), oldPaths, entryStart, last[1], (path) => serializeManifestEntry(toManifestEntry(atomOf(added, path), backlinks(path))), ",\n");
  return inserts && [...inserts, ...edits];
}

/**
 * Insertions of new items into a file of items in path order: each goes
 * before the first old item after it (`startOf` its offset), or after the
 * last one (at `end`). `text` is an item's text; `separator` joins items
 * (",\n" in JSON, where an item at the end follows it; "" in search.tsv,
 * where each line ends with its own newline).
 */
function insertEdits(paths: readonly string[], oldPaths: readonly string[], startOf: (path: string) => number | null, end: number, text: (path: string) => string, separator: string): ByteEdit[] | null {
  const edits: ByteEdit[] = [];
  for (const path of paths) {
    const next = firstAfter(oldPaths, path);
    if (next === undefined) {
      edits.push({ start: end, end, bytes: Buffer.from(`${separator}${text(path)}`) });
      continue;
    }
    const at = startOf(next);
    if (at === null) return null;
    edits.push({ start: at, end: at, bytes: Buffer.from(`${text(path)}${separator}`) });
  }
  return edits;
}

// The first of the sorted `paths` that sorts after `path`.
function firstAfter(paths: readonly string[], path: string): string | undefined {
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareStrings(paths[mid]!, path) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return paths[lo];
}

/**
 * graph.json or links.json (`buf`, parsed as `index`) with new members
 * (source path → its list): the file in pieces, undefined when there are no
 * members, null when the file is not laid out as expected.
 */
function withMembers(buf: Buffer, index: GroupIndex, members: readonly [string, readonly string[]][]): Buffer[] | Iterable<string> | undefined | null {
  if (members.length === 0) return undefined;
  const keys = Object.keys(index);
  if (keys.length === 0) return groupChunks(Object.fromEntries([...members].sort((a, b) => compareStrings(a[0], b[0]))) as GroupIndex);
  const edits = memberInserts(buf, keys, members);
  return edits && splicedPieces(buf, edits);
}

// Insertions of new members (source path → its list) into a non-empty graph.json or links.json, each where its key sorts.
function memberInserts(buf: Buffer, keys: readonly string[], members: readonly [string, readonly string[]][]): ByteEdit[] | null {
  const end = buf.lastIndexOf("\n}");
  if (end === -1) return null;
  const text = (path: string) => {
    const list = members.find(([source]) => source === path)![1];
    return `  ${JSON.stringify(path)}: ${JSON.stringify(list, null, 2).replace(/\n/g, "\n  ")}`;
  };
  const keyStart = (key: string) => {
    const at = buf.indexOf(`\n  ${JSON.stringify(key)}: [`);
    return at === -1 ? null : at + 1;
  };
  return insertEdits([...members.map(([source]) => source)].sort(compareStrings), keys, keyStart, end, text, ",\n");
}

// A group index file with `path` added to the list of each key (a new key when it has none), lists kept sorted.
function withPaths(buf: Buffer, additions: readonly [key: string, path: string][]): GroupIndex {
  // Null-prototype: a key named "__proto__" is data like any other.
  const index: GroupIndex = Object.assign(Object.create(null) as GroupIndex, JSON.parse(buf.toString("utf8")) as GroupIndex);
  for (const [key, path] of additions) {
    const list = Object.hasOwn(index, key) ? index[key]! : (index[key] = []);
    const at = firstAfterIndex(list, path);
    if (list[at - 1] !== path) list.splice(at, 0, path);
  }
  return index;
}

function firstAfterIndex(paths: readonly string[], path: string): number {
  const after = firstAfter(paths, path);
  return after === undefined ? paths.length : paths.indexOf(after);
}
