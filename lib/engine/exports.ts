import { join } from "node:path";
import type { Diagnostic } from "../core/atoms/types.js";
import type { CortexConfig } from "../core/config/types.js";
import { addToGroups, buildIndexes, emptyGroups, toManifestEntry } from "../core/index-build/build.js";
import { INDEX_FILES, layerChunks, serializeJson } from "../core/indexes/serialize.js";
import { INDEX_FORMAT, type GroupIndex, type VaultIndexes } from "../core/indexes/types.js";
import { layerOrder } from "../core/layers/classify.js";
import { compareStrings } from "../core/util/compare.js";
import { ensureDir, writeFileAtomic } from "../store/atomic.js";
import { fileExists } from "../store/files.js";
import type { AtomRow, IndexDb } from "../store/index-db.js";
import { killPoint } from "../store/kill-point.js";
import { vaultPaths } from "../store/paths.js";
import type { IndexVaultOptions } from "./index-types.js";

/** The files written whole from the database, vault-relative, in the order they are written (meta.json last). */
export const EXPORT_FILES: readonly string[] = [
  ...Object.keys(INDEX_FILES).map((name) => `index/${name}`),
  "layers/hot.json",
  "layers/warm.json",
  "layers/cold.json",
  "index/meta.json",
];

/** The settings the database depends on (how projects are inferred): a database of other settings is rebuilt. */
export function indexSettingsKey(config: Pick<CortexConfig, "directories" | "projects">): string {
  return JSON.stringify([config.directories, config.projects]);
}

// What the exports depend on besides the database: the day and the layer thresholds.
function exportKey(options: Pick<IndexVaultOptions, "config" | "today">): string {
  return JSON.stringify([options.today, options.config.layers]);
}

/** True when the exports on disk were written from the database as it stands, for this day and these thresholds. */
export function exportsCurrent(db: IndexDb, options: Pick<IndexVaultOptions, "config" | "today">, vaultDir: string): boolean {
  if (db.meta("exported") !== String(db.generation()) || db.meta("exported_for") !== exportKey(options)) return false;
  return EXPORT_FILES.every((rel) => fileExists(join(vaultDir, rel)));
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
 * Writes every export whole from the database, each atomically: the five
 * indexes and `index/links.json`, the layer files, then `index/meta.json`;
 * then records in the database that they are current. A run killed
 * meanwhile leaves them recorded as not current: the next run writes them
 * all again. Returns the paths written and the indexes they were made of.
 */
export function writeExports(db: IndexDb, vaultDir: string, options: Pick<IndexVaultOptions, "config" | "today">): { written: string[]; indexes: VaultIndexes } {
  // Links resolved already (see IndexDb.linksCurrent) are not resolved again.
  const linked = db.linksCurrent();
  const rows = db.atoms();
  const indexes = linked ? indexesOfRows(rows) : buildIndexes(rows);
  const texts = new Map<string, () => string | Iterable<string>>();
  for (const [name, serialize] of Object.entries(INDEX_FILES)) texts.set(`index/${name}`, () => serialize(indexes));
  const layers = layerOrder(indexes.manifest, options.today, options.config.layers);
  for (const layer of ["hot", "warm", "cold"] as const) texts.set(`layers/${layer}.json`, () => layerChunks(layers[layer]));
  texts.set("index/meta.json", () => metaText(db, options));
  for (const rel of EXPORT_FILES) {
    const file = join(vaultDir, rel);
    ensureDir(join(file, ".."));
    writeFileAtomic(file, texts.get(rel)!());
    killPoint(rel);
  }
  db.transaction(() => {
    if (!linked) db.putLinks(indexes.links, new Map(indexes.manifest.map((m) => [m.path, m.backlinks])));
    db.setMeta("exported", String(db.generation()));
    db.setMeta("exported_for", exportKey(options));
  });
  return { written: [...EXPORT_FILES], indexes };
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
