import type { Atom, ParsedAtom } from "../core/atoms/types.js";
import type { LayerThresholds } from "../core/config/types.js";
import { toManifestEntry } from "../core/index-build/build.js";
import { layerPieces } from "../core/formats/layer.js";
import { hasLinkKey, linkKeysHeader } from "../core/formats/link-keys.js";
import { MANIFEST_ENTRY_END, MANIFEST_ENTRY_START, manifestEntriesEnd, manifestEntryText, manifestInsertText } from "../core/formats/manifest.js";
import { splicedPieces, type ByteEdit } from "../core/indexes/splice.js";
import { aliasesByPath, firstAtOrAfter, manifestEntryAt, groupInsertEdits, manifestEntryPath, memberInsertEdits, searchLinePath } from "../core/indexes/sorted-splice.js";
import type { GroupIndex, ManifestEntry } from "../core/indexes/types.js";
import { byUpdatedThenPath, layerOrder } from "../core/layers/classify.js";
import type { Layer, LayerEntry } from "../core/layers/types.js";
import { fileNameKey, targetKeys } from "../core/links/file-matcher.js";
import { resolveSourceList } from "../core/links/graph.js";
import { isCurrentSearchFile, parseSearchFileLine, readSearchFile, searchFileLine } from "../core/indexes/search-file.js";
import { searchLineText } from "../core/formats/search.js";
import { compareStrings } from "../core/util/compare.js";
import { parseJson } from "../core/util/json.js";
import { escapeRegExp } from "../core/util/text.js";
import { addLayers, type AtomDelta, type OutputTexts } from "./index-outputs.js";

/** The data files of the previous run an addition may rewrite besides manifest.json and search.tsv. */
export type AddedIndexFile = "graph" | "by_project" | "by_type" | "by_tag" | "links";

/** The files of the previous run an addition reads: manifest.json and search.tsv, and the others when it changes them. */
export interface AddedPreviousTexts {
  manifest: Buffer;
  search: Buffer;
  /** `index/<name>.json` held to its check, read when first asked for; null when missing or damaged. */
  read: (name: AddedIndexFile) => Buffer | null;
  /** A layer file of the previous run held to its check; null when missing or damaged. Absent: the layers are rebuilt. */
  layer?: (name: Layer) => Buffer | null;
  /** The notes with aliases of the previous manifest.json, when at hand (`index/aliases.tsv`): else found in its bytes. */
  aliases?: () => ReadonlyMap<string, string[]> | null;
  /** The link keys of the previous graph.json (`index/link-keys.tsv`'s body), when at hand: graph.json is then not read to tell whether an old link can open a new atom. */
  linkKeys?: () => Buffer | null;
}

/**
 * The outputs after atoms were only added (none changed or removed) and no
 * link of the vault can lead to one of them (no target has the name or an
 * alias of a new atom, so every old link resolves as before): the new
 * entries and search lines are inserted into manifest.json and search.tsv,
 * the atoms the new ones link to get their backlink counts raised in place,
 * graph.json, links.json and the group indexes get the new members inserted,
 * and each new atom goes into its layer file (all layers are rebuilt when
 * `previous.layer` is absent, e.g. the day changed). Found by binary search
 * over the bytes (see sorted-splice.ts): no file is parsed whole. The same
 * bytes as a rebuild. Null when the delta is not of that kind or a file is
 * not laid out as expected; the caller then rebuilds.
 */
export function addedOutputs(previous: AddedPreviousTexts, delta: AtomDelta, today: string, layers: LayerThresholds): OutputTexts | null {
  if (delta.changed.length > 0 || delta.removed.length > 0 || delta.added.length === 0 || delta.added.length > 100 || !isCurrentSearchFile(previous.search)) return null;
  const added = [...delta.added].sort((a, b) => compareStrings(a.atom.path, b.atom.path));
  // A file is read only when asked for: one the addition leaves as it was is not (a note without links or tags).
  const keys = previous.linkKeys?.();
  const graph = keys ? null : previous.read("graph");
  if (keys ? canOpenByKeys(added, keys) : !graph || canOpenOldLinks(added, graph)) return null;
  if (previous.manifest.indexOf(MANIFEST_ENTRY_START) === -1) return null;
  const linking = added.filter((p) => p.targets.length > 0);
  // Only the new atoms' own links are new: resolved against every atom that may answer them, old and new.
  const answering = answeringAtoms(previous, added.map((p) => p.atom), linking.flatMap((p) => p.targets));
  if (!answering) return null;
  const resolved = resolveSourceList(answering, linking.map((p) => p.atom.path), linking.map((p) => p.targets));
  const backlinks = (path: string) => resolved.backlinks[path]?.length ?? 0;
  const entry = (path: string) => toManifestEntry(atomOf(added, path), backlinks(path));
  const manifest = manifestEdits(previous.manifest, added.map((p) => p.atom.path), Object.keys(resolved.backlinks), backlinks, entry);
  const search = searchEdits(previous.search, added.map((p) => p.atom));
  if (!manifest || !search) return null;
  const texts: OutputTexts = new Map();
  texts.set("index/manifest.json", splicedPieces(previous.manifest, manifest));
  const searchPieces = splicedPieces(previous.search, search);
  texts.set("index/search.tsv", searchPieces);
  const edges = Object.entries(resolved.edges);
  const groups = { by_project: added.map((p) => [p.atom.project, p.atom.path]), by_type: added.map((p) => [p.atom.type, p.atom.path]), by_tag: added.flatMap((p) => p.atom.tags.map((tag) => [tag, p.atom.path])) } as Record<"by_project" | "by_type" | "by_tag", [string, string][]>;
  const inserts: [AddedIndexFile, (buf: Buffer) => ByteEdit[] | null, boolean][] = [
    ["graph", (buf) => memberInsertEdits(buf, linking.map((p) => [p.atom.path, [...p.targets]])), linking.length > 0],
    ["links", (buf) => memberInsertEdits(buf, edges), edges.length > 0],
    ...(["by_project", "by_type", "by_tag"] as const).map((name): [AddedIndexFile, (buf: Buffer) => ByteEdit[] | null, boolean] => [name, (buf) => groupInsertEdits(buf, groups[name]), groups[name].length > 0]),
  ];
  for (const [name, editsOf, changes] of inserts) {
    if (!changes) continue;
    const buf = previous.read(name);
    const edits = buf && editsOf(buf);
    if (!edits) return null;
    if (edits.length > 0) texts.set(`index/${name}.json`, splicedPieces(buf, edits));
  }
  if (!previous.layer) addLayers(texts, readSearchFile(Buffer.concat(searchPieces)), today, layers);
  // As a rebuild reads them: from the search lines (values cleaned of tabs and line breaks).
  else if (!addedToLayers(texts, previous.layer, added.map((p) => parseSearchFileLine(searchFileLine(toManifestEntry(p.atom))).record), today, layers)) return null;
  return texts;
}

/**
 * Whether a link written in the vault could open one of `added`, told by the
 * link keys of its graph (`body`, see `lib/core/formats/link-keys.ts`): a
 * loose target, or a target key that is the file name or an alias of one
 * of them. True whenever a target's keys name one of them (it may also be
 * true when none does: the outputs are then rebuilt, the same bytes).
 */
export function canOpenByKeys(added: readonly Pick<ParsedAtom, "atom">[], body: Buffer): boolean {
  if (linkKeysHeader(body)?.loose !== false) return true;
  return added.some((p) => hasLinkKey(body, fileNameKey(p.atom.path)) || p.atom.aliases.some((alias) => hasLinkKey(body, alias.trim().toLowerCase())));
}

// Whether a link written in the vault could open one of `atoms`: a target with the name
// (rules 2–4) or an alias (rule 5) of one, or a relative target whose last segment names no file.
// Told from graph.json's bytes, lower-cased: a target that holds neither key anywhere cannot have it as a key.
function canOpenOldLinks(added: readonly ParsedAtom[], graph: Buffer): boolean {
  const keys = added.flatMap((p) => [fileNameKey(p.atom.path), ...p.atom.aliases.map((alias) => alias.trim().toLowerCase())]);
  // A key JSON writes otherwise, or whose letters may fold beyond ASCII: decided on the parsed graph.
  if (keys.some((k) => k === "" || !/^[\x20-\x7e]+$/.test(k) || /["\\]/.test(k))) return canOpenOldLinksParsed(added, graph);
  // Letter case ignored by the patterns, not by a lower-cased copy of the file: the keys are ASCII, and a byte beyond
  // ASCII never matches an ASCII character when case is ignored.
  const text = graph.toString("latin1");
  if (keys.some((k) => new RegExp(escapeRegExp(k), "i").test(text))) return true;
  return hasLooseTarget(text);
}

/**
 * Whether graph.json's text (as latin1; letter case ignored) lists a target whose
 * last segment may be empty, "." or ".." once trimmed and without ".md": one
 * that ends (before its closing quote) in `/`, `.`, a space, a byte beyond
 * ASCII or an escape, or in ".md" after `/ . \` or alone, or is empty. Only
 * a target's line ends in `"` or `",` (a key's ends in `[`), so the ends are
 * looked for without finding each line's start.
 */
export function hasLooseTarget(text: string): boolean {
  return /(?:[/. \x80-\xff]|\\[\\a-z]|\\u[0-9a-f]{4}|[/.\\]\.md|\n {4}"(?:\.md)?)",?\n/i.test(text);
}

function canOpenOldLinksParsed(added: readonly ParsedAtom[], buf: Buffer): boolean {
  const graph = parseJson(buf.toString("utf8")) as GroupIndex;
  const names = new Set(added.map((p) => fileNameKey(p.atom.path)));
  const aliases = new Set(added.flatMap((p) => p.atom.aliases.map((alias) => alias.trim().toLowerCase())));
  for (const targets of Object.values(graph)) {
    for (const target of targets) {
      const keys = targetKeys(target);
      if (keys.name === "" || keys.name === "." || keys.name === ".." || names.has(keys.name) || aliases.has(keys.alias)) return true;
    }
  }
  return false;
}

/**
 * The atoms, old and new, in path order, that may answer `targets`: those
 * whose name is a target's last segment, and every atom with aliases (read
 * from the manifest's bytes). A file with neither key cannot open a target,
 * so these resolve the targets exactly as the whole vault would. Null when
 * they cannot be told from the bytes (a quoted path in search.tsv, a target
 * with no name), or a file is not laid out as expected.
 */
function answeringAtoms(previous: Pick<AddedPreviousTexts, "manifest" | "search" | "aliases">, atoms: readonly Atom[], targets: readonly string[]): Pick<ManifestEntry, "path" | "aliases">[] | null {
  const found = new Map<string, string[]>(atoms.map((a) => [a.path, a.aliases]));
  if (targets.length === 0) return [...found].map(([path, aliases]) => ({ path, aliases }));
  if (previous.search.indexOf('\n"') !== -1) return null;
  const aliased = previous.aliases?.() ?? aliasesByPath(previous.manifest);
  if (!aliased) return null;
  for (const [path, aliases] of aliased) if (!found.has(path)) found.set(path, aliases);
  for (const name of new Set(targets.map((t) => targetKeys(t).name))) {
    if (name === "" || name === "." || name === "..") return null;
    for (const path of pathsNamed(previous.search, name)) if (!found.has(path)) found.set(path, []);
  }
  return [...found].map(([path, aliases]) => ({ path, aliases })).sort((a, b) => compareStrings(a.path, b.path));
}

// The paths of search.tsv whose file name without ".md" is `name` (lower-cased): found by the lower-case path
// field (field 1, or field 0 when the path is lower-case already), each checked.
function pathsNamed(search: Buffer, name: string): string[] {
  const paths = new Set<string>();
  const needle = `${name}.md\t`;
  for (let at = search.indexOf(needle); at !== -1; at = search.indexOf(needle, at + 1)) {
    const lead = search[at - 1];
    if (lead !== 10 && lead !== 9 && lead !== 0x2f) continue;
    const path = searchLinePath(search, search.lastIndexOf(10, at));
    if (path !== null && fileNameKey(path) === name) paths.add(path);
  }
  return [...paths];
}

function atomOf(added: readonly ParsedAtom[], path: string): Atom {
  return added.find((p) => p.atom.path === path)!.atom;
}

// The new entries inserted where they sort, and the old ones the new atoms link to with their backlink counts raised.
function manifestEdits(buf: Buffer, paths: readonly string[], linked: readonly string[], backlinks: (path: string) => number, entry: (path: string) => ManifestEntry): ByteEdit[] | null {
  const inserts: ByteEdit[] = [];
  const edits: ByteEdit[] = [];
  const fresh = new Set(paths);
  const end = manifestEntriesEnd(buf);
  if (end === -1) return null;
  const find = (path: string) => firstAtOrAfter(buf, MANIFEST_ENTRY_START, (at) => manifestEntryPath(buf, at), [0, end], path);
  for (const path of linked) {
    if (fresh.has(path)) continue;
    const place = find(path);
    const old = place?.found ? manifestEntryAt(buf, path) : null;
    if (!old) return null;
    const close = buf.indexOf(MANIFEST_ENTRY_END, place!.at + 1);
    edits.push({ start: place!.at + 1, end: close + MANIFEST_ENTRY_END.length, bytes: Buffer.from(manifestEntryText({ ...old, backlinks: old.backlinks + backlinks(path) })) });
  }
  for (const path of paths) {
    const place = find(path);
    // An entry already there (a run that died after writing the manifest, before the cache): rebuilt whole.
    if (!place || place.found) return null;
    const at = place.at === end ? end : place.at + 1;
    inserts.push({ start: at, end: at, bytes: Buffer.from(manifestInsertText(entry(path), place.at === end)) });
  }
  // Inserts first: one before an entry whose backlinks change starts where that entry's edit starts.
  return [...inserts, ...edits];
}

// The new atoms' lines inserted into search.tsv where they sort.
function searchEdits(buf: Buffer, atoms: readonly Atom[]): ByteEdit[] | null {
  const header = buf.indexOf(10);
  const edits: ByteEdit[] = [];
  for (const atom of atoms) {
    const place = firstAtOrAfter(buf, "\n", (at) => searchLinePath(buf, at), [header, buf.length - 1], atom.path);
    if (!place || place.found) return null;
    const at = place.at === buf.length - 1 ? buf.length : place.at + 1;
    edits.push({ start: at, end: at, bytes: Buffer.from(searchLineText(toManifestEntry(atom))) });
  }
  return edits;
}

// Each new atom put into its layer file, in the layer's order; false when a layer file cannot be read.
function addedToLayers(texts: OutputTexts, read: (name: Layer) => Buffer | null, entries: readonly LayerEntry[], today: string, thresholds: LayerThresholds): boolean {
  const placed = layerOrder(entries, today, thresholds);
  for (const name of ["hot", "warm", "cold"] as const) {
    if (placed[name].length === 0) continue;
    const buf = read(name);
    if (!buf) return false;
    const list = JSON.parse(buf.toString("utf8")) as LayerEntry[];
    for (const entry of placed[name]) list.splice(firstAfterIndex(list, entry), 0, entry);
    texts.set(`layers/${name}.json`, () => layerPieces(list));
  }
  return true;
}

// Where `entry` goes in a layer's list (newest first, then by path).
function firstAfterIndex(list: readonly LayerEntry[], entry: LayerEntry): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byUpdatedThenPath(list[mid]!, entry) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

