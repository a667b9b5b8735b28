import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeAtomBytes } from "../atoms/decode.js";
import { parseAtom } from "../atoms/parse.js";
import type { Diagnostic, ParsedAtom } from "../atoms/types.js";
import type { CortexConfig } from "../config/types.js";
import { buildIndexes } from "../indexes/build.js";
import { serializeIndexes, serializeJson } from "../indexes/serialize.js";
import { INDEX_FORMAT, type GroupIndex, type VaultIndexes } from "../indexes/types.js";
import { buildLayers } from "../layers/classify.js";
import { serializeSearchRecords } from "../search/records.js";
import { writeFileAtomic } from "./atomic.js";
import { readCache, serializeCache, type CacheEntry } from "./cache.js";
import { INDEX_GITIGNORE, vaultPaths } from "./paths.js";
import { scanVault } from "./scan.js";

/** Options of {@link indexVault}. */
export interface IndexVaultOptions {
  config: CortexConfig;
  /** YYYY-MM-DD the layer files are computed for. */
  today: string;
  /** Re-read every file instead of only changed ones. Default false. */
  full?: boolean;
  /** Write the files; false computes the indexes in memory only. Default true. */
  write?: boolean;
  /** Called as files are read (for a progress display). */
  onProgress?: (done: number, total: number) => void;
}

/** What an index run did. */
export interface IndexVaultResult {
  atoms: number;
  /** Problems of every indexed or skipped file, by path then line. */
  diagnostics: Diagnostic[];
  /** Files read and parsed this run. */
  reread: number;
  /** Files taken from the cache unchanged. */
  reused: number;
  /** Files in the cache that are gone. */
  removed: number;
  /** False when nothing changed and no file was written. */
  written: boolean;
  /** The indexes, as built or as they stand. */
  indexes: VaultIndexes;
  /** Source path → targets that are inline-code paths only (see `ParsedAtom.codeRefs`). */
  codeRefs: GroupIndex;
  /** Non-atom files links may open (images, PDFs, the root MEMORY.md), sorted. */
  otherFiles: string[];
}

/**
 * Indexes a vault: scans it, parses new and changed files (unchanged ones, by
 * size and mtime, come from `index/cache.jsonl`), and atomically writes the
 * five indexes and `index/links.json`, `index/search.jsonl`, the layer files and `index/meta.json`.
 * Writes nothing when nothing changed. Bad files never stop the run.
 *
 * @example
 * const { vaultDir, config } = loadConfig({ vault: "examples/vault" });
 * const result = indexVault(vaultDir, { config, today: "2026-11-22" });
 */
export function indexVault(vaultDir: string, options: IndexVaultOptions): IndexVaultResult {
  const paths = vaultPaths(vaultDir);
  const settingsKey = JSON.stringify([options.config.directories, options.config.projects]);
  const cache = options.full ? { settingsKey, entries: new Map<string, CacheEntry>() } : readCache(paths.cache, settingsKey);
  const scan = scanVault(vaultDir);
  const entries = new Map<string, CacheEntry>();
  const diagnostics: Diagnostic[] = [];
  let reread = 0;
  let reused = 0;
  scan.files.forEach((file, i) => {
    const cached = cache.entries.get(file.path);
    if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size) {
      entries.set(file.path, cached);
      reused++;
    } else {
      reread++;
      const parsed = readAtomFile(file.abs, { path: file.path, mtimeMs: file.mtimeMs, size: file.size }, options.config);
      if (parsed.atom) entries.set(file.path, { mtimeMs: file.mtimeMs, size: file.size, parsed: parsed.atom });
      else diagnostics.push(parsed.diagnostic);
    }
    if (options.onProgress && (i + 1) % 1000 === 0) options.onProgress(i + 1, scan.files.length);
  });
  let removed = 0;
  for (const path of cache.entries.keys()) if (!entries.has(path)) removed++;
  const parsedAtoms = [...entries.values()].map((e) => e.parsed);
  for (const p of parsedAtoms) diagnostics.push(...p.diagnostics);
  diagnostics.push(...scan.skipped.map((s) => ({ file: s.path, line: 1, rule: "skipped", message: s.reason, severity: "warning" as const })));
  diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  const indexes = buildIndexes(parsedAtoms);
  const codeRefs: GroupIndex = {};
  for (const p of parsedAtoms) if (p.codeRefs.length > 0) codeRefs[p.atom.path] = p.codeRefs;
  const metaText = serializeJson({ format: INDEX_FORMAT, atoms: entries.size, layers_today: options.today, layers: options.config.layers, settings: settingsKey });
  const unchanged = reread === 0 && removed === 0 && !options.full && readText(paths.meta) === metaText && existsSync(paths.search);
  if (!unchanged && options.write !== false) writeIndexFiles(vaultDir, indexes, options, metaText, serializeCache(settingsKey, indexes.manifest.map((m) => m.path), entries));
  return { atoms: entries.size, diagnostics, reread, reused, removed, written: !unchanged && options.write !== false, indexes, codeRefs, otherFiles: scan.others };
}

/** Reads and parses one file; a binary file gives a diagnostic instead of an atom. */
export function readAtomFile(abs: string, facts: { path: string; mtimeMs: number; size: number }, config: CortexConfig): { atom: ParsedAtom; diagnostic?: undefined } | { atom?: undefined; diagnostic: Diagnostic } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    return { diagnostic: { file: facts.path, line: 1, rule: "unreadable", message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, severity: "error" } };
  }
  const decoded = decodeAtomBytes(bytes, facts.path);
  if (!decoded.ok) return { diagnostic: decoded.diagnostic };
  const parsed = parseAtom(decoded.text, facts, config);
  parsed.diagnostics.unshift(...decoded.diagnostics);
  return { atom: parsed };
}

function writeIndexFiles(vaultDir: string, indexes: VaultIndexes, options: IndexVaultOptions, metaText: string, cacheText: string): void {
  const paths = vaultPaths(vaultDir);
  mkdirSync(paths.indexDir, { recursive: true });
  mkdirSync(paths.layersDir, { recursive: true });
  for (const [name, text] of Object.entries(serializeIndexes(indexes))) writeFileAtomic(join(paths.indexDir, name), text);
  writeFileAtomic(paths.search, serializeSearchRecords(indexes.manifest));
  const layers = buildLayers(indexes.manifest, options.today, options.config.layers);
  for (const [name, list] of Object.entries(layers)) writeFileAtomic(join(paths.layersDir, `${name}.json`), serializeJson(list));
  const gitignore = join(paths.indexDir, ".gitignore");
  if (!existsSync(gitignore)) writeFileAtomic(gitignore, INDEX_GITIGNORE);
  writeFileAtomic(paths.meta, metaText);
  writeFileAtomic(paths.cache, cacheText);
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
