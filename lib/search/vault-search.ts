import { readFileSync } from "node:fs";
import { loadConfig, type LoadConfigOptions } from "../config/load.js";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import { localDate, isIsoDate } from "../util/dates.js";
import { appendAccessEvent, clockMs } from "../vault/access-log.js";
import { vaultPaths } from "../vault/paths.js";
import { rankSearchFile } from "./rank.js";
import { readSearchFile, SearchFormatError, searchFileStart, serializeSearchFile } from "./search-file.js";
import type { RankOptions, SearchHit, SearchRecord } from "./types.js";

/** Options of {@link search}: where the vault is, the filters, and the day. */
export interface SearchOptions extends LoadConfigOptions, Omit<RankOptions, "today"> {
  /** YYYY-MM-DD; default the local date now. */
  today?: string;
  /** Default `[search] ranking` (`fulltext` unless cortex.toml says otherwise). */
  ranking?: "fulltext" | "seed";
  /** Append the search to `index/access_log.jsonl`. Default true. */
  log?: boolean;
}

/** What {@link search} returns. */
export interface SearchResult {
  hits: SearchHit[];
  vaultDir: string;
  /** True when the index had to be built first. */
  indexed: boolean;
}

/**
 * Searches a vault: finds it and its settings like the CLI does, builds the
 * index if there is none, ranks, and logs the search.
 *
 * @example
 * import { search } from "cortex-vault";
 * const { hits } = await search("deploy risk", { vault: "examples/vault", top: 3 });
 * for (const hit of hits) console.log(hit.score, hit.record.path);
 */
export async function search(query: string, options: SearchOptions = {}): Promise<SearchResult> {
  const started = clockMs();
  const today = options.today ?? localDate(Date.now());
  if (!isIsoDate(today)) throw new CortexError("BAD_ARGUMENT", `today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
  const { vaultDir, config } = loadConfig(options);
  // Loaded only when the usage bonus is on (off by default).
  const activation = config.scoring.usage > 0 ? (await import("../activation/read.js")).loadActivation(vaultDir, today) : undefined;
  const { hits, indexed } = await searchVault(vaultDir, config, query, { ...options, today, activation }, { ranking: options.ranking });
  if (options.log !== false) logSearch(vaultDir, "search", query, hits, started);
  return { hits, vaultDir, indexed };
}

/** How {@link searchVault} ranks. */
export interface SearchVaultOptions {
  /** Default `[search] ranking`. */
  ranking?: "fulltext" | "seed";
  /** Told in one line when a damaged or old derived file is rebuilt. */
  notice?: (line: string) => void;
}

/**
 * Ranks a vault for a query with the configured ranking: full text over
 * `index/search.db` (the default), or the seed's table over
 * `index/search.tsv`. Either is built first when missing.
 *
 * @throws CortexError (`BAD_QUERY`) for a full-text query that cannot be read.
 */
export async function searchVault(vaultDir: string, config: CortexConfig, query: string, options: RankOptions, how: SearchVaultOptions = {}): Promise<{ hits: SearchHit[]; indexed: boolean }> {
  if ((how.ranking ?? config.search.ranking) === "seed") {
    const { buf, indexed } = await loadSearchFile(vaultDir, config, options.today);
    return { hits: rankSearchFile(buf, query, options, config), indexed };
  }
  const [{ openSearchDb }, { rankFullText }] = await Promise.all([import("../fts/vault-search.js"), import("../fts/rank.js")]);
  const { store, indexed } = await openSearchDb(vaultDir, config, options.today, how.notice);
  try {
    return { hits: rankFullText(store, query, options, config), indexed };
  } finally {
    store.close();
  }
}

/** Appends a search to the vault's access log (never throws); `started` is a {@link clockMs} reading. */
export function logSearch(vaultDir: string, op: string, query: string, hits: readonly SearchHit[], started: number): void {
  appendAccessEvent(vaultPaths(vaultDir).accessLog, {
    ts: new Date().toISOString(),
    op,
    query,
    results: hits.map((h) => h.record.path),
    duration_ms: Math.round((clockMs() - started) * 10) / 10,
  });
}

/** Every search record of a vault (building the index first if needed), in path order. */
export async function loadSearchRecords(vaultDir: string, config: CortexConfig, today: string): Promise<{ records: SearchRecord[]; indexed: boolean }> {
  const { buf, indexed } = await loadSearchFile(vaultDir, config, today);
  return { records: readSearchFile(buf), indexed };
}

/**
 * The bytes of `index/search.tsv`. When it is missing or of another format
 * version, the vault is indexed first (in memory only, if the vault cannot be
 * written to).
 */
export async function loadSearchFile(vaultDir: string, config: CortexConfig, today: string): Promise<{ buf: Buffer; indexed: boolean }> {
  const file = vaultPaths(vaultDir).search;
  try {
    const buf = readFileSync(file);
    searchFileStart(buf);
    return { buf, indexed: false };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    if (!missing && !(error instanceof SearchFormatError)) throw new CortexError("IO", `cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  return { buf: await buildSearchFile(vaultDir, config, today), indexed: true };
}

async function buildSearchFile(vaultDir: string, config: CortexConfig, today: string): Promise<Buffer> {
  // Imported here so that a search over an existing index never loads the YAML parser.
  const { indexVault } = await import("../vault/indexer.js");
  try {
    indexVault(vaultDir, { config, today, full: true });
    return readFileSync(vaultPaths(vaultDir).search);
  } catch (error) {
    // A vault that cannot be written, or one another process holds locked: built in memory.
    if (!(error instanceof CortexError) || (error.code !== "IO" && error.code !== "LOCKED")) throw error;
    return Buffer.from(serializeSearchFile(indexVault(vaultDir, { config, today, write: false }).indexes!.manifest));
  }
}
