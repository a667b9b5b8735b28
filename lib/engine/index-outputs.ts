import type { ParsedAtom } from "../core/atoms/types.js";
import type { LayerThresholds } from "../core/config/types.js";
import { buildIndexes, toManifestEntry, type IndexInput } from "../core/index-build/build.js";
import { INDEX_FILES } from "../core/indexes/serialize.js";
import { layerPieces } from "../core/formats/layer.js";
import { manifestEntryEdit, readGraphTargets, readManifestEntry, searchLineEdit, splicedPieces, type ByteEdit } from "../core/indexes/splice.js";
import type { ManifestEntry, VaultIndexes } from "../core/indexes/types.js";
import { layerOrder } from "../core/layers/classify.js";
import type { Layer, LayerEntry } from "../core/layers/types.js";
import { dirname, join } from "node:path";
import { compareStrings } from "../core/util/compare.js";
import { ensureDir, writeFileAtomic, type FileData } from "../store/atomic.js";
import { crc32 } from "../core/util/crc32.js";
import { crcHex, Digester, type FileCheck } from "../store/digest.js";
import { cacheTrailer } from "../core/formats/cache.js";
import { derivedStats, metaText, type FileChecks } from "../store/index-check.js";
import type { LazyPreviousTexts, PreviousTexts } from "../store/index-previous.js";
import { killPoint } from "../store/kill-point.js";
import { discardFile } from "../store/files.js";
import { parseJson } from "../core/util/json.js";
import { PENDING_FILE, pendingText, type PendingPatches } from "../core/formats/pending.js";
import { readSearchFile, searchFileChunks, searchFileLine } from "../core/indexes/search-file.js";

/**
 * Vault-relative output path → its text, text in chunks, or a function that
 * makes it: a full run serializes each file only when it writes it, so only
 * one large text is alive at a time.
 */
export type OutputTexts = Map<string, FileData | (() => FileData)>;

/** What changed since the previous run, in atoms. */
export interface AtomDelta {
  /** Atoms parsed this run that were atoms before. */
  changed: ParsedAtom[];
  /** Atoms parsed this run that were not atoms before. */
  added: ParsedAtom[];
  /** Paths that were atoms and are not any more. */
  removed: string[];
}

/** Every output from parsed atoms: the five indexes, search.tsv and the layer files. */
export function allOutputs(inputs: readonly IndexInput[], today: string, layers: LayerThresholds): { texts: OutputTexts; indexes: VaultIndexes } {
  const indexes = buildIndexes(inputs);
  const texts: OutputTexts = new Map(Object.entries(INDEX_FILES).map(([name, serialize]) => [`index/${name}`, () => serialize(indexes)]));
  texts.set("index/search.tsv", () => searchFileChunks(indexes.manifest));
  addLayers(texts, indexes.manifest, today, layers);
  return { texts, indexes };
}

/** The outputs after a delta, rebuilt from the previous manifest and graph plus the atoms parsed this run. */
export function rebuildOutputs(previous: PreviousTexts, delta: AtomDelta, today: string, layers: LayerThresholds): { texts: OutputTexts; indexes: VaultIndexes } {
  const graph = parseJson(previous.graph.toString("utf8")) as Record<string, string[]>;
  const inputs = new Map<string, IndexInput>();
  for (const entry of JSON.parse(previous.manifest.toString("utf8")) as ManifestEntry[]) inputs.set(entry.path, { atom: entry, targets: graph[entry.path] ?? [] });
  for (const path of delta.removed) inputs.delete(path);
  for (const parsed of [...delta.changed, ...delta.added]) inputs.set(parsed.atom.path, parsed);
  return allOutputs([...inputs.values()], today, layers);
}

/**
 * The outputs after changes that leave every group index and the graph as
 * they were (no atom added or removed; project, type, tags, aliases and link
 * targets unchanged, so links.json and backlink counts stand too): the changed entries are spliced into manifest.json and
 * search.tsv, and the layers rebuilt only if needed. Null when the delta
 * is not of that kind or the previous files are not laid out as expected.
 */
export function splicedOutputs(previous: LazyPreviousTexts, delta: AtomDelta, today: string, layers: LayerThresholds, layersStale: boolean): OutputTexts | null {
  if (delta.added.length > 0 || delta.removed.length > 0 || delta.changed.length > 100) return null;
  const manifestEdits: ByteEdit[] = [];
  const searchEdits: ByteEdit[] = [];
  let layersDirty = layersStale;
  const graph = delta.changed.length > 0 ? previous.graph() : null;
  if (delta.changed.length > 0 && !graph) return null;
  for (const { atom, targets } of delta.changed) {
    const before = readManifestEntry(previous.manifest, atom.path);
    if (!before || !sameGroups(before, atom) || !sameList(before.aliases, atom.aliases) || !sameList(readGraphTargets(graph!, atom.path), targets)) return null;
    // Same targets and aliases: every link resolves as before, so the backlink count stands.
    const entry = toManifestEntry(atom, before.backlinks);
    const manifestEdit = manifestEntryEdit(previous.manifest, entry);
    const searchEdit = searchLineEdit(previous.search, atom.path, searchFileLine(entry));
    if (manifestEdit === null || searchEdit === null) return null;
    manifestEdits.push(manifestEdit);
    if (searchEdit !== "same") searchEdits.push(searchEdit);
    layersDirty ||= !sameLayerFields(before, entry);
  }
  const texts: OutputTexts = new Map();
  if (manifestEdits.length > 0) texts.set("index/manifest.json", splicedPieces(previous.manifest, manifestEdits));
  if (searchEdits.length > 0) texts.set("index/search.tsv", splicedPieces(previous.search, searchEdits));
  if (layersDirty) addLayers(texts, readSearchFile(Buffer.concat(splicedPieces(previous.search, searchEdits))), today, layers);
  return texts;
}

/** The three layer files of `atoms`, made when written (the order is computed once, for the first). */
export function addLayers(texts: OutputTexts, atoms: readonly LayerEntry[], today: string, thresholds: LayerThresholds): void {
  let layers: Record<Layer, LayerEntry[]> | null = null;
  for (const name of ["hot", "warm", "cold"] as const) {
    texts.set(`layers/${name}.json`, () => layerPieces((layers ??= layerOrder(atoms, today, thresholds))[name]));
  }
}

function sameGroups(a: Pick<ManifestEntry, "project" | "type" | "tags">, b: Pick<ManifestEntry, "project" | "type" | "tags">): boolean {
  return a.project === b.project && a.type === b.type && sameList(a.tags, b.tags);
}

function sameLayerFields(a: LayerEntry, b: LayerEntry): boolean {
  return a.name === b.name && a.status === b.status && a.updated === b.updated && sameGroups(a as ManifestEntry, b as ManifestEntry);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Writes each output atomically under `vaultDir`, in {@link byWriteOrder}
 * (so a crash leaves a cache that is never newer than the data), making each
 * text only when its file is written; with `checks`, the check of each file
 * as written goes there (for meta.json). Returns the paths in that order.
 *
 * @throws CortexError (`IO`) naming the file or folder that cannot be written.
 */
export function writeOutputs(vaultDir: string, texts: OutputTexts, checks?: Map<string, FileCheck>): string[] {
  const order = [...texts.keys()].sort(byWriteOrder);
  for (const rel of order) {
    const file = join(vaultDir, rel);
    ensureDir(dirname(file));
    const text = texts.get(rel)!;
    const digest = checks && new Digester();
    writeFileAtomic(file, typeof text === "function" ? text() : text, { digest });
    if (digest) checks.set(rel, digest.check());
    killPoint(rel);
  }
  return order;
}

/**
 * The last two writes of every index run, after the data files: meta.json
 * with the run's settings and the check of every data file (`files`), then
 * cache.tsv, which `writeCache` writes with the given end line (it records
 * the data files' sizes and mtimes as they now are). A run killed before
 * meta.json leaves data files that fail their checks (a full run follows);
 * one killed before the cache leaves a cache that claims less than the data
 * hold (the next run reads those changes again and converges).
 */
export function writeMetaAndCache(vaultDir: string, base: Record<string, unknown>, files: FileChecks, writeCache: (trailer: (lines: number, crc32: string) => string) => void): void {
  writeFileAtomic(join(vaultDir, "index/meta.json"), metaText(base, files));
  killPoint("index/meta.json");
  const stats = derivedStats(vaultDir, Object.keys(files));
  writeCache((lines, crc32) => cacheTrailer(lines, crc32, stats));
  killPoint("index/cache.tsv");
  // Pieces no meta.json lists any more (every file they patched was written whole): nothing reads them.
  if (!files[PENDING_FILE]) discardFile(join(vaultDir, PENDING_FILE));
}

/**
 * Writes `index/pending.json` with `patches` and records its check in
 * `files` (or, with no pieces left, drops it from `files`; the file goes
 * once meta.json no longer lists it). Returns the paths written.
 */
export function writePendingFile(vaultDir: string, patches: PendingPatches, files: FileChecks): string[] {
  if (Object.keys(patches).length === 0) {
    delete files[PENDING_FILE];
    return [];
  }
  const digest = new Digester();
  writeFileAtomic(join(vaultDir, PENDING_FILE), pendingText(patches), { digest });
  files[PENDING_FILE] = digest.check();
  killPoint(PENDING_FILE);
  return [PENDING_FILE];
}

/** cache.tsv's pieces (`lines` lines in all), hashed as they go, then the end line `trailer` makes of them. */
export function* cacheWithTrailer(pieces: Iterable<string | Uint8Array>, lines: number, trailer: (lines: number, crc32: string) => string): Generator<string | Uint8Array> {
  let crc = 0;
  for (const piece of pieces) {
    crc = crc32(piece, crc);
    yield piece;
  }
  yield trailer(lines, crcHex(crc));
}

/** The order index files are written (and reported) in: data files by path, then `index/meta.json`, then `index/cache.tsv`. */
export function byWriteOrder(a: string, b: string): number {
  const rank = (rel: string) => (rel === "index/cache.tsv" ? 2 : rel === "index/meta.json" ? 1 : 0);
  return rank(a) - rank(b) || compareStrings(a, b);
}
