import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isCurrentSearchFile } from "../core/indexes/search-file.js";
import { checkDerived, damageOf, readMeta, type MetaRead } from "./index-check.js";
import { vaultPaths } from "./paths.js";
import { readStatCache } from "./stat-cache.js";

/** The index files of the previous run, as bytes. */
export interface PreviousTexts {
  manifest: Buffer;
  search: Buffer;
  graph: Buffer;
}

/** Where an index run says, in one line, what it found damaged: the caller's `onNotice`, else stderr. */
export interface NoticeOptions {
  onNotice?: (message: string) => void;
}

/** What the last index run left, held to its checks. */
export interface Previous {
  /** The text of index/cache.tsv, without its end line. */
  cache: string;
  meta: MetaRead;
  /** A data file was touched since written (same bytes): meta and cache are written again. */
  restat: boolean;
}

/** Says one line to the caller's `onNotice`, else on stderr. */
export function notice(options: NoticeOptions, message: string): void {
  if (options.onNotice) options.onNotice(message);
  else process.stderr.write(`cortex: ${message}\n`);
}

/** Says that a derived file is damaged and the index is rebuilt. */
export function notify(options: NoticeOptions, damage: string): void {
  notice(options, `${damage}: rebuilding the index`);
}

/**
 * The last run's cache and meta, once every data file is found as written;
 * null (a full run follows) when one is missing or of other settings, or a
 * data file is damaged (said in one line).
 */
export function readPrevious(vaultDir: string, settingsKey: string, options: NoticeOptions): Previous | null {
  const paths = vaultPaths(vaultDir);
  const cache = readStatCache(paths.cache, settingsKey);
  if (cache === null) return null;
  if (typeof cache === "string") return void notify(options, cache), null;
  const metaText = readText(paths.meta);
  const meta = metaText === null ? null : readMeta(metaText);
  if (!meta) return void notify(options, metaText === null ? "index/meta.json is missing" : "index/meta.json is damaged"), null;
  const { damage, restat } = checkDerived(vaultDir, meta.files, cache.stats);
  if (damage) return void notify(options, damage), null;
  return { cache: cache.text, meta, restat };
}

/**
 * The last run's index texts, read only once a change is known, each held to
 * its check in meta.json; a string names the first that is damaged or missing.
 */
export function readPreviousTexts(vaultDir: string, previous: Previous): PreviousTexts | string {
  const read = (rel: string): Buffer | string => {
    const bytes = readBytes(join(vaultDir, rel));
    return bytes === null ? `${rel} is missing` : (damageOf(rel, bytes, previous.meta.files) ?? bytes);
  };
  const manifest = read("index/manifest.json");
  if (typeof manifest === "string") return manifest;
  const search = read("index/search.tsv");
  if (typeof search === "string") return search;
  // A search file of another format version is rebuilt whole: it cannot be spliced or read.
  if (!isCurrentSearchFile(search)) return "index/search.tsv is of another format";
  const graph = read("index/graph.json");
  return typeof graph === "string" ? graph : { manifest, search, graph };
}

/** A file's bytes; null when it cannot be read. */
export function readBytes(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** A file's text; null when it cannot be read. */
export function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
