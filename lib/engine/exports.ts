import { join } from "node:path";
import type { Atom, Diagnostic } from "../core/atoms/types.js";
import type { CortexConfig, LayerThresholds } from "../core/config/types.js";
import { addToGroups, buildIndexes, emptyGroups, toManifestEntry } from "../core/index-build/build.js";
import { INDEX_FILES, jsonArrayChunks, layerChunks, serializeJson } from "../core/indexes/serialize.js";
import { INDEX_FORMAT, type GroupIndex, type ManifestEntry, type VaultIndexes } from "../core/indexes/types.js";
import { classifyLayer, LAYER_FIELDS, layerOrder } from "../core/layers/classify.js";
import { compareStrings } from "../core/util/compare.js";
import { ensureDir, writeFileAtomic } from "../store/atomic.js";
import { fileExists } from "../store/files.js";
import type { AtomRow, DocColumn, IndexDb } from "../store/index-db.js";
import { killPoint } from "../store/kill-point.js";
import { clearStale, markStale, staleExports } from "../store/stale-exports.js";
import { vaultPaths } from "../store/paths.js";
import type { IndexVaultOptions } from "./index-types.js";
import { linksCurrent, putLinks } from "../store/resolved-links.js";

const MANIFEST = "index/manifest.json";
const LINKS = "index/links.json";
const META = "index/meta.json";
const LAYER_FILES = ["layers/hot.json", "layers/warm.json", "layers/cold.json"];
const MANIFEST_AND_LAYERS = [MANIFEST, ...LAYER_FILES, META];

/** The files written whole from the database, vault-relative, in the order they are written (meta.json last). */
export const EXPORT_FILES: readonly string[] = [...Object.keys(INDEX_FILES).map((name) => `index/${name}`), ...LAYER_FILES, META];

// The exports other than the manifest and the layers that hold a column of `docs` (links.json holds the resolved
// links, which putLinks reports). `path` changes only when an atom comes or goes: every export holds it.
const COLUMN_READERS: readonly [string, readonly DocColumn[]][] = [
  ["index/by_project.json", ["path", "project"]],
  ["index/by_type.json", ["path", "type"]],
  ["index/by_tag.json", ["path", "tags"]],
  ["index/graph.json", ["path", "targets"]],
  [META, ["path"]],
];

/**
 * The exports other than the layers a change of these columns of `docs`
 * leaves stale: the manifest holds every one but the raw link targets; the
 * group indexes and the graph hold a few each.
 */
export function exportsOfColumns(columns: ReadonlySet<DocColumn>): string[] {
  const stale = [...columns].some((column) => column !== "targets") ? [MANIFEST] : [];
  for (const [file, read] of COLUMN_READERS) if (read.some((column) => columns.has(column))) stale.push(file);
  return stale;
}

/** True when a change of these columns changes an atom's entry in its layer file. */
export function changesLayerEntry(columns: readonly DocColumn[]): boolean {
  return columns.some((column) => (LAYER_FIELDS as readonly string[]).includes(column));
}

/**
 * The layer file that lists an atom as the exports on disk were written (for
 * their day and thresholds): none when it is archived; every one when no
 * export was written yet. An atom whose entry changed leaves stale the file
 * it was listed in and the one it is listed in now, not all three.
 */
export function listingLayerFiles(db: IndexDb): (entry: Pick<Atom, "updated" | "status">) => readonly string[] {
  const exportedFor = db.meta("exported_for");
  if (exportedFor === undefined) return () => LAYER_FILES;
  const [today, thresholds] = JSON.parse(exportedFor) as [string, LayerThresholds];
  return (entry) => (entry.status === "archived" ? [] : [`layers/${classifyLayer(entry.updated, today, thresholds)}.json`]);
}

/** The settings the database depends on (how projects are inferred): a database of other settings is rebuilt. */
export function indexSettingsKey(config: Pick<CortexConfig, "directories" | "projects">): string {
  return JSON.stringify([config.directories, config.projects]);
}

// What the exports depend on besides the database: the day and the layer thresholds (read by listingLayerFiles).
function exportKey(options: Pick<IndexVaultOptions, "config" | "today">): string {
  return JSON.stringify([options.today, options.config.layers]);
}

/** True when the exports on disk were written from the database as it stands, for this day and these thresholds. */
export function exportsCurrent(db: IndexDb, options: Pick<IndexVaultOptions, "config" | "today">, vaultDir: string): boolean {
  return dueExports(db, options, vaultDir).size === 0;
}

// The exports to write: every one when none were ever written; else those the database no longer matches,
// those missing on disk, and the layers when the day or the thresholds changed; meta.json with any of them.
function dueExports(db: IndexDb, options: Pick<IndexVaultOptions, "config" | "today">, vaultDir: string): Set<string> {
  const exportedFor = db.meta("exported_for");
  if (exportedFor === undefined) return new Set(EXPORT_FILES);
  const due = new Set(staleExports(db));
  if (exportedFor !== exportKey(options)) for (const file of [...LAYER_FILES, META]) due.add(file);
  for (const rel of EXPORT_FILES) if (!fileExists(join(vaultDir, rel))) due.add(rel);
  if (due.size > 0) due.add(META);
  return due;
}

/**
 * True when the exports of this run may wait (`[index] defer_exports_above`):
 * writing them whole costs time that grows with the vault, and nothing
 * inside cortex reads them.
 */
export function mayDefer(db: IndexDb, options: Pick<IndexVaultOptions, "deferExports" | "config">): boolean {
  return options.deferExports === true && db.docCount() > options.config.index.deferExportsAbove;
}

/**
 * Writes the exports that are due whole from the database, each atomically,
 * in {@link EXPORT_FILES}' order (`index/meta.json` last), resolving the
 * links first when the database does not hold them resolved; then records
 * in the database that every export is current. A run killed meanwhile
 * leaves them recorded as stale: the next run writes them again. Returns
 * the paths written, and the indexes they were made of when it built them.
 */
export function writeExports(db: IndexDb, vaultDir: string, options: Pick<IndexVaultOptions, "config" | "today">): { written: string[]; indexes?: VaultIndexes } {
  // Links resolved already (see linksCurrent) are not resolved again.
  let indexes = linksCurrent(db) ? undefined : resolveLinks(db);
  const due = dueExports(db, options, vaultDir);
  if (!indexes && [...due].some((rel) => !MANIFEST_AND_LAYERS.includes(rel))) indexes = indexesOfRows(db.atoms());
  // Without the groups, graph and links to write, the layers need only the manifest's entries; and the manifest alone
  // (an edit that changed no link, group or layer) is written as the rows are read: a large vault is never all in memory.
  const manifest = indexes?.manifest ?? (LAYER_FILES.some((rel) => due.has(rel)) ? [...manifestEntries(db.eachAtom({ links: false }))] : undefined);
  const texts = new Map<string, () => string | Iterable<string>>();
  for (const [name, serialize] of Object.entries(INDEX_FILES)) texts.set(`index/${name}`, () => serialize(indexes!));
  texts.set(MANIFEST, () => jsonArrayChunks(manifest ?? manifestEntries(db.eachAtom({ links: false }))));
  let layers: ReturnType<typeof layerOrder> | undefined;
  for (const layer of ["hot", "warm", "cold"] as const) texts.set(`layers/${layer}.json`, () => layerChunks((layers ??= layerOrder(manifest!, options.today, options.config.layers))[layer]));
  texts.set(META, () => metaText(db, options));
  const written = EXPORT_FILES.filter((rel) => due.has(rel));
  for (const rel of written) {
    const file = join(vaultDir, rel);
    ensureDir(join(file, ".."));
    writeFileAtomic(file, texts.get(rel)!());
    killPoint(rel);
  }
  db.transaction(() => {
    clearStale(db);
    db.setMeta("exported_for", exportKey(options));
  });
  return indexes ? { written, indexes } : { written };
}

// Resolves every atom's links and records them and the backlink counts.
function resolveLinks(db: IndexDb): VaultIndexes {
  const indexes = buildIndexes(db.atoms());
  db.transaction(() => recordLinks(db, indexes));
  return indexes;
}

// Records the links and backlink counts of `indexes` (call inside a transaction), marking stale the exports that changed.
function recordLinks(db: IndexDb, indexes: VaultIndexes): void {
  const changed = putLinks(db, indexes.links, new Map(indexes.manifest.map((m) => [m.path, m.backlinks])));
  markStale(db, [...(changed.links ? [LINKS] : []), ...(changed.backlinks ? [MANIFEST] : [])]);
}

function* manifestEntries(rows: Iterable<AtomRow>): Generator<ManifestEntry> {
  for (const row of rows) yield toManifestEntry(row.atom, row.backlinks);
}

/**
 * The six indexes of the atoms the database holds: made from its rows while
 * it holds their links resolved (see `linksCurrent`), else built with the
 * links resolved here, which are then recorded (unless a run changed the
 * database meanwhile, or it cannot be written): after a write whose exports
 * wait, the next reader resolves them, not every reader until `cortex index`.
 */
export function indexesOfDb(db: IndexDb): VaultIndexes {
  // Read around the rows: a run that changes an atom counts the generation up in the same commit, so the same
  // generation before and after says the rows are of it, and their links resolved when they were before.
  const generation = db.generation();
  const current = linksCurrent(db);
  const rows = db.atoms();
  const same = db.generation() === generation;
  if (current && same) return indexesOfRows(rows);
  const indexes = buildIndexes(rows);
  try {
    if (same) {
      db.transaction(() => {
        if (db.generation() === generation && !linksCurrent(db)) recordLinks(db, indexes);
      });
    }
  } catch (error) {
    // A vault this process may not write, or a writer holding the database: the next reader resolves them.
    if ((error as { code?: string } | null)?.code !== "ERR_SQLITE_ERROR") throw error;
  }
  return indexes;
}

// The indexes of atoms whose links the database holds resolved: what buildIndexes gives, without resolving them.
function indexesOfRows(rows: readonly AtomRow[]): VaultIndexes {
  const groups = emptyGroups();
  const graph: GroupIndex = Object.create(null);
  const links: GroupIndex = Object.create(null);
  for (const row of rows) {
    addToGroups(groups, row.atom);
    if (row.targets.length > 0) graph[row.atom.path] = row.targets;
    if (row.resolved.length > 0) links[row.atom.path] = row.resolved;
  }
  return { manifest: rows.map((row) => toManifestEntry(row.atom, row.backlinks)), ...groups, graph, links };
}

/** Writes `index/meta.json` saying the other exports wait for the next `cortex index` (or a watcher, or a live server). */
export function writeDeferredMeta(db: IndexDb, vaultDir: string, options: Pick<IndexVaultOptions, "config" | "today">): string[] {
  writeFileAtomic(vaultPaths(vaultDir).meta, metaText(db, options, true));
  return ["index/meta.json"];
}

// index/meta.json: the format, the atom count, the day and thresholds of the layers, the settings.
function metaText(db: IndexDb, options: Pick<IndexVaultOptions, "config" | "today">, deferred = false): string {
  const base = { format: INDEX_FORMAT, atoms: db.docCount(), layers_today: options.today, layers: options.config.layers, settings: indexSettingsKey(options.config) };
  return serializeJson(deferred ? { ...base, exports: "deferred" } : base);
}

/** The run's problems with the skipped files' own, by path then line. */
export function collectDiagnostics(read: readonly Diagnostic[], skipped: readonly { path: string; reason: string }[]): Diagnostic[] {
  const all = [...read];
  for (const s of skipped) all.push({ file: s.path, line: 1, rule: "skipped", message: s.reason, severity: "warning" });
  return all.sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line);
}
