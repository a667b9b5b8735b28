import { readFileSync } from "node:fs";
import { loadConfig, type LoadConfigOptions } from "../config/load.js";
import type { CortexConfig } from "../config/types.js";
import { CortexError } from "../errors.js";
import { tokenizeQuery } from "../scoring/score.js";
import { localDate, isIsoDate } from "../util/dates.js";
import { loadActivation } from "../activation/read.js";
import { appendAccessEvent } from "../vault/access-log.js";
import { vaultPaths } from "../vault/paths.js";
import { parseSearchRecords, SearchFormatError, serializeSearchRecords } from "./records.js";
import { rankRecords } from "./rank.js";
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
  const started = performance.now();
  const today = options.today ?? localDate(Date.now());
  if (!isIsoDate(today)) throw new CortexError("BAD_ARGUMENT", `today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
  const { vaultDir, config } = loadConfig(options);
  const { records, indexed } = await loadSearchRecords(vaultDir, config, today, tokenizeQuery(query));
  const activation = config.scoring.usage > 0 ? loadActivation(vaultDir, today) : undefined;
  const hits = rankRecords(records, query, { ...options, today, activation }, config);
  if (options.log !== false) {
    appendAccessEvent(vaultPaths(vaultDir).accessLog, {
      ts: new Date().toISOString(),
      op: "search",
      query,
      results: hits.map((h) => h.record.path),
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    });
  }
  return { hits, vaultDir, indexed };
}

/**
 * The search records of a vault, from `index/search.jsonl`; when it is
 * missing or of another format, the vault is indexed first (in memory only
 * if the vault cannot be written to). With keywords, only lines that can
 * match them are parsed.
 */
export async function loadSearchRecords(vaultDir: string, config: CortexConfig, today: string, keywords?: readonly string[]): Promise<{ records: SearchRecord[]; indexed: boolean }> {
  const file = vaultPaths(vaultDir).search;
  let text: string | null = null;
  try {
    text = readFileSync(file, "utf8");
    return { records: parseSearchRecords(text, keywords), indexed: false };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    if (!missing && !(error instanceof SearchFormatError) && !(error instanceof SyntaxError)) {
      throw new CortexError("IO", `cannot read ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  return { records: parseSearchRecords(await buildIndexText(vaultDir, config, today), keywords), indexed: true };
}

async function buildIndexText(vaultDir: string, config: CortexConfig, today: string): Promise<string> {
  // Imported here so that a search over an existing index never loads the YAML parser.
  const { indexVault } = await import("../vault/indexer.js");
  try {
    indexVault(vaultDir, { config, today, full: true });
    return readFileSync(vaultPaths(vaultDir).search, "utf8");
  } catch (error) {
    if (!(error instanceof CortexError) || error.code !== "IO") throw error;
    return serializeSearchRecords(indexVault(vaultDir, { config, today, write: false }).indexes!.manifest);
  }
}
