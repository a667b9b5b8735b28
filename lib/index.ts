/**
 * cortex-vault: persistent, searchable memory kept as markdown atoms in a
 * git-tracked, Obsidian-compatible vault. Open a vault with {@link openVault}
 * and call its methods; every failure is a {@link CortexError} with a typed
 * `code`. The pure building blocks are in "cortex-vault/core".
 *
 * @example
 * import { openVault } from "cortex-vault";
 * const vault = openVault({ vault: "examples/vault" });
 * const { hits } = await vault.search("deploy risk", { top: 3 });
 */
// The vault
export { openVault, Vault, type OpenVaultOptions } from "./app/vault.js";
export type { AtomText, ListOptions } from "./app/read.js";
export type { VaultSearchOptions, VaultSearchResult } from "./app/search.js";
export type { Mutation, MutateOptions, MutationEvent, MutationOutcome } from "./app/mutate.js";
export type { IndexState } from "./app/index-state.js";
// Errors
export { CortexError, type CortexErrorCode } from "./errors.js";
export { ConfigError } from "./config/types.js";
export { SearchFormatError } from "./search/search-file.js";
export { WriteRejectedError, type RejectionCode } from "./write/errors.js";
// Functions the README documented before openVault (each opens the vault itself)
export { search, type SearchOptions, type SearchResult } from "./search/vault-search.js";
export { loadConfig, type LoadConfigOptions, type LoadedConfig } from "./config/load.js";
export { indexVault, type IndexVaultOptions, type IndexVaultResult } from "./vault/indexer.js";
export { writeAtom } from "./write/write-atom.js";
export { supersedeAtom } from "./write/supersede.js";
export { parseAtom } from "./atoms/parse.js";
export { rankRecords } from "./search/rank.js";
// Whole-vault commands
export { initVault } from "./init/init.js";
export { migrateVault } from "./migrate/migrate.js";
export { importSource } from "./import/import.js";
export { consolidateVault } from "./consolidate/consolidate.js";
export { linkVault, type FileLinkEdits, type LinkVaultOptions, type LinkVaultResult } from "./links/link-vault.js";
export { moveAtom, type MoveOptions, type MoveResult } from "./links/move-vault.js";
export { refreshMocs } from "./moc/refresh.js";
// Types of results and options
export type { Atom, AtomStatus, AtomType, Diagnostic, ParsedAtom } from "./atoms/types.js";
export type { CortexConfig, LayerThresholds, ScoringWeights } from "./config/types.js";
export type { ManifestEntry, VaultIndexes } from "./indexes/types.js";
export type { Layer } from "./layers/types.js";
export type { SearchFilters, SearchHit, SearchRecord } from "./search/types.js";
export type { CheckReport } from "./check/types.js";
export type { ContextOptions, ContextResult } from "./context/build.js";
export type { IndexFreshness, VaultStatus } from "./status/types.js";
export type { SupersedeInput, SupersedeOptions, SupersedeResult, WriteInput, WriteOptions, WriteResult } from "./write/types.js";
export type { ConsolidateOptions, ConsolidateResult } from "./consolidate/types.js";
export type { ImportOptions, ImportResult } from "./import/types.js";
export type { MigrateOptions, MigrateResult } from "./migrate/types.js";
export type { RefreshOptions, RefreshResult } from "./moc/types.js";
export type { CommitResult } from "./git/commit.js";
