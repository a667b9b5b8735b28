import { join } from "node:path";
import type { Diagnostic } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { addToGroups, emptyGroups, linkCounts, type GroupIndexes, type LinkInput } from "../core/index-build/build.js";
import type { GroupIndex } from "../core/indexes/types.js";
import { groupChunks } from "../core/indexes/serialize.js";
import type { LayerEntry } from "../core/layers/types.js";
import { compareStrings } from "../core/util/compare.js";
import { ensureDir } from "../store/atomic.js";
import type { FileCheck } from "../store/digest.js";
import { killPoint } from "../store/kill-point.js";
import { indexFrames, type PartName } from "./chunk-texts.js";
import { addLayers, writeMetaAndCache, writeOutputs, type OutputTexts } from "./index-outputs.js";
import { canParseInParallel, chunkOf, parseOnWorkers } from "./parallel-parse.js";
import { PartWriter, type PartWriterOptions } from "./part-writer.js";
import { readAtomFiles, type ReadJob, type ReadResult } from "../store/read-atom.js";
import { decodeReadResultBytes, encodeReadResultBytes } from "./read-wire.js";
import { pushAll } from "../core/util/arrays.js";
import { readAtomsAndRows } from "./fts-rows.js";
import { targetKeySet } from "../core/links/target-key-set.js";
import { graphIdentity, writeLinkKeys } from "../store/link-keys.js";
import { manifestIdentity, writeAliasesFile } from "../store/aliases-file.js";
import { encodeRowChunk } from "./fts-row-wire.js";
import type { SearchDbBuild } from "./fts-search-db-build.js";

/** Options of {@link indexInParallel}. */
export interface ParallelIndexOptions {
  config: CortexConfig;
  /** YYYY-MM-DD the layer files are computed for. */
  today: string;
  /** The cache header's settings key. */
  settingsKey: string;
  /** What index/meta.json holds for this many atoms, besides the checks of the data files. */
  meta: (atoms: number) => Record<string, unknown>;
  /** Called as files are parsed, with how many so far (every file once the parse is over). */
  onProgress?: (done: number) => void;
  /** Options of the part writer (tests make it fail). */
  writer?: PartWriterOptions;
  /** A search.db being built: the parse makes every atom's full-text row too, handed to it chunk by chunk. */
  searchDb?: SearchDbBuild;
}

/** What {@link indexInParallel} did. */
export interface ParallelIndex {
  atoms: number;
  /** The problems of the files read, in path order. */
  diagnostics: Diagnostic[];
  /** Vault-relative paths of the files written, in the order they were put in place. */
  written: string[];
}

/** An atom as this thread keeps it: what the group indexes, the links and the layer files need. */
type Kept = LinkInput & { atom: LayerEntry & LinkInput["atom"] };

/** The files the part writer makes. */
const PART_FILES: Record<PartName, string> = { graph: "index/graph.json", manifest: "index/manifest.json", search: "index/search.tsv", cache: "index/cache.tsv" };

/**
 * A full index of many files, written, on every core. The parse workers read
 * the files; this thread keeps only what links, groups and layers need. A
 * part writer thread then writes the graph, the search file and the cache
 * while this thread resolves the links, and the manifest (which needs the
 * backlink counts) while this thread writes the group, link and layer files.
 * The bytes are those of the one-thread path; each file is put in place
 * atomically, the cache last. With `searchDb`, the parse workers also make
 * every atom's full-text row from the same read, handed to that build as
 * they come. Null when workers are not worth it, the files
 * are not in path order, or the part writer fails (the caller takes the
 * one-thread path).
 *
 * @throws CortexError (`IO`) when a file cannot be written.
 */
export function indexInParallel(vaultDir: string, jobs: readonly ReadJob[], options: ParallelIndexOptions): ParallelIndex | null {
  if (!canIndexInParallel(jobs)) return null;
  const received = new Received();
  const { searchDb, config } = options;
  const parseOptions = { onProgress: options.onProgress, task: searchDb ? "atoms+rows" as const : "atoms" as const, rowGate: searchDb?.gate };
  const parsed = parseOnWorkers(jobs, config, parseOptions, (c, posted) => {
    received.take(c, posted.bytes!);
    if (posted.rows) searchDb?.put(c, posted.rows);
  });
  if (!parsed) return null;
  const writer = startPartWriter(options.writer);
  if (!writer) return null;
  try {
    for (let c = 0; c < parsed.chunks; c++) if (!received.has(c)) parseHere(c, chunkOf(jobs, c), received, options);
    options.onProgress?.(jobs.length);
    const files = jobs.length;
    // The jobs are not needed any more: let them go (the caller gave them up; see indexVault).
    jobs = [];
    return writeIndex(vaultDir, received, writer, files, options);
  } finally {
    writer.stop();
  }
}

// A chunk that no worker delivered, parsed on this thread (with its full-text rows when search.db is being built).
function parseHere(chunk: number, jobs: readonly ReadJob[], received: Received, options: ParallelIndexOptions): void {
  if (!options.searchDb) return received.take(chunk, encodeReadResultBytes(readAtomFiles(jobs, options.config)));
  const { results, rows } = readAtomsAndRows(jobs, options.config);
  received.take(chunk, encodeReadResultBytes(results));
  options.searchDb.put(chunk, encodeRowChunk(rows));
}

// Stages 2 and 3 (see DESIGN.md): the part writer's tasks, this thread's files, then the writer's put in place.
function writeIndex(vaultDir: string, received: Received, writer: PartWriter, fileCount: number, options: ParallelIndexOptions): ParallelIndex | null {
  ensureDir(join(vaultDir, "index"));
  const files = absolute(vaultDir);
  const atomEnds = Int32Array.from(received.kept, ((end) => (list: Kept[]) => (end += list.length))(0));
  const { manifest, ...early } = indexFrames(options.settingsKey);
  // The chunks' bytes move to the writer, which keeps them for the manifest.
  writer.start(files, { wires: received.wires.splice(0), frames: early, counts: new Int32Array(0), atomEnds });
  const { atoms, groups, links, counts, targets, aliases } = linked(received.kept.splice(0));
  writer.start(files, { frames: { manifest }, counts, atomEnds });
  const texts: OutputTexts = new Map();
  for (const name of ["by_project", "by_type", "by_tag"] as const) texts.set(`index/${name}.json`, () => groupChunks(groups[name]));
  texts.set("index/links.json", () => groupChunks(links));
  addLayers(texts, atoms, options.today, options.config.layers);
  killPoint("index:start");
  const checks = new Map<string, FileCheck>();
  const written = writeOutputs(vaultDir, texts, checks);
  if (!writer.finish()) return null;
  for (const part of ["graph", "manifest", "search"] as const) {
    checks.set(PART_FILES[part], writer.commit(part, files[part]));
    killPoint(PART_FILES[part]);
  }
  // The cache's end line (its line count and checksum, the data files' stats) is added as it is put in place.
  writeMetaAndCache(vaultDir, options.meta(atoms.length), Object.fromEntries(checks), (trailer) => writer.commit("cache", files.cache, trailer(fileCount + 1, writer.checks.cache!.crc32)));
  written.push(PART_FILES.graph, PART_FILES.manifest, PART_FILES.search, "index/meta.json", PART_FILES.cache);
  // After the cache, as every run does (see keepLinkKeys): a run killed before leaves a file of another graph, not used.
  // Made last, once the other files' texts are let go.
  writeLinkKeys(vaultDir, graphIdentity(Object.fromEntries(checks), {})!, targetKeySet(targets()));
  writeAliasesFile(vaultDir, manifestIdentity(Object.fromEntries(checks), {})!, aliases);
  return { atoms: atoms.length, diagnostics: received.diagnostics.flat(), written };
}

// The group indexes, the links and each atom's backlink count (in path order), keeping of the atoms only what the
// layer files need, their link targets (for the link keys) and the aliases of those that have any.
function linked(chunks: Kept[][]): { atoms: LayerEntry[]; groups: GroupIndexes; links: GroupIndex; counts: Int32Array; targets: () => Generator<string>; aliases: Map<string, string[]> } {
  const kept = chunks.flat();
  const groups = emptyGroups();
  for (const { atom } of kept) addToGroups(groups, atom);
  const { links, counts } = linkCounts(kept);
  const lists = kept.map((k) => k.targets);
  const aliases = new Map(kept.filter((k) => k.atom.aliases.length > 0).map((k) => [k.atom.path, k.atom.aliases]));
  return { atoms: kept.map((k) => k.atom), groups, links, counts, targets: function* () { for (const list of lists) yield* list; }, aliases };
}

function startPartWriter(options?: PartWriterOptions): PartWriter | null {
  try {
    return new PartWriter(options);
  } catch {
    return null;
  }
}

function absolute(vaultDir: string): Record<PartName, string> {
  return Object.fromEntries(Object.entries(PART_FILES).map(([part, rel]) => [part, join(vaultDir, rel)])) as Record<PartName, string>;
}

/**
 * Whether {@link indexInParallel} takes these files: enough of them, and
 * workers available; in path order; not stat'ed, as in a full run (the part
 * writer then takes a file's facts from its read result, which names it).
 */
export function canIndexInParallel(jobs: readonly ReadJob[]): boolean {
  return canParseInParallel(jobs.length) && inPathOrder(jobs) && jobs.every((j) => Number.isNaN(j.mtimeMs));
}

function inPathOrder(jobs: readonly ReadJob[]): boolean {
  for (let i = 1; i < jobs.length; i++) if (compareStrings(jobs[i - 1]!.path, jobs[i]!.path) >= 0) return false;
  return true;
}

/** The chunks as they arrive: their posted text, diagnostics and kept atoms. */
class Received {
  readonly wires: Uint8Array[] = [];
  readonly kept: Kept[][] = [];
  readonly diagnostics: Diagnostic[][] = [];

  has(chunk: number): boolean {
    return this.wires[chunk] !== undefined;
  }

  take(chunk: number, wire: Uint8Array): void {
    this.wires[chunk] = wire;
    const kept: Kept[] = (this.kept[chunk] = []);
    const diagnostics: Diagnostic[] = (this.diagnostics[chunk] = []);
    decodeReadResultBytes(wire).forEach((read: ReadResult) => {
      if (!read.atom) return void diagnostics.push(read.diagnostic);
      pushAll(diagnostics, read.atom.diagnostics);
      const { path, name, type, project, status, updated, tags, aliases } = read.atom.atom;
      kept.push({ atom: { path, name, type, project, status, updated, tags, aliases }, targets: read.atom.targets });
    });
  }
}
