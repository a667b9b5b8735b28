import { searchVault, type VaultSearchOptions, type VaultSearchResult } from "./handle/search.js";
import { openVault, type OpenVaultOptions, type Vault } from "./vault.js";
import type { SearchRecord } from "../core/search/types.js";

/** Options of {@link search}: where the vault is, the day, how fresh, and a vault search's options (the filters, how many, the ranking, the log). */
export interface SearchOptions extends OpenVaultOptions, Omit<VaultSearchOptions, "op"> {}

/** What {@link search} returns. */
export type SearchResult = VaultSearchResult;

/**
 * Searches a vault: opens it as the CLI does (see `openVault`: the index is
 * brought up to date with the files unless `refresh: false`), ranks, and logs
 * the search. For several calls, open the vault once and call `vault.search`.
 *
 * @example
 * import { search } from "cortex-vault";
 * const { hits } = await search("deploy risk", { vault: "examples/vault", top: 3 });
 * for (const hit of hits) console.log(hit.score, hit.record.path);
 */
export async function search(query: string, options: SearchOptions = {}): Promise<SearchResult> {
  return searchVault(openVault(options), query, options);
}

/** Every search record of an open vault, in path order. */
export function searchRecords(vault: Vault): SearchRecord[] {
  return vault.searchRecords();
}
