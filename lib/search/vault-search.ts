import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig, type LoadConfigOptions } from "../config/load.js";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import { localDate, isIsoDate } from "../util/dates.js";
import { appendAccessEvent, clockMs } from "../vault/access-log.js";
import { vaultPaths } from "../vault/paths.js";
import { rankSearchFile } from "./rank.js";
import { readMeta, type MetaRead } from "../vault/index-check.js";
import { readSearchFile, SearchFormatError, searchFileStart, serializeSearchFile } from "./search-file.js";
import type { RankOptions, SearchHit, SearchRecord } from "./types.js";

/** Options of {@link search}: where the vault is, the filters, and the day. */
export interface SearchOptions extends LoadConfigOptions, Omit<RankOptions, "today"> {
  /** YYYY-MM-DD; default the local date now. */
  today?: string;
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
  const { buf, indexed } = await loadSearchFile(vaultDir, config, today);
  // Loaded only when the usage bonus is on (off by default).
  const activation = config.scoring.usage > 0 ? (await import("../activation/read.js")).loadActivation(vaultDir, today) : undefined;
  const hits = rankSearchFile(buf, query, { ...options, today, activation }, config);
  if (options.log !== false) logSearch(vaultDir, "search", query, hits, started);
  return { hits, vaultDir, indexed };
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
    for (let attempt = 1; ; attempt++) {
      const buf = readFileSync(file);
      searchFileStart(buf);
      const damage = searchFileDamage(vaultDir, buf);
      if (!damage) return { buf, indexed: false };
      // An index run of another process may be between search.tsv and meta.json: a moment later, they agree.
      if (attempt === 1) await sleep(50);
      else {
        process.stderr.write(`cortex: ${damage}: rebuilding the index\n`);
        break;
      }
    }
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    if (!missing && !(error instanceof SearchFormatError)) throw new CortexError("IO", `cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  return { buf: await buildSearchFile(vaultDir, config, today), indexed: true };
}

// A search file whose length is not the one meta.json recorded (cut short, a line lost or doubled, bytes added)
// is damaged. Only the length: hashing the whole file would add to the time of every search.
function searchFileDamage(vaultDir: string, buf: Buffer): string | undefined {
  let meta: MetaRead | null = null;
  try {
    meta = readMeta(readFileSync(vaultPaths(vaultDir).meta, "utf8"));
  } catch {
    // no meta.json: an index being written for the first time, or one of an older version; the search file stands
  }
  const check = meta?.files["index/search.tsv"];
  return check && check.bytes !== buf.length ? `index/search.tsv is damaged (${buf.length} bytes, ${check.bytes} written)` : undefined;
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
