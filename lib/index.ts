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
export type { AtomText, ListOptions } from "./app/handle/read.js";
export type { VaultSearchOptions, VaultSearchResult } from "./app/handle/search.js";
export type { Mutation, MutateOptions, MutationEvent, MutationOutcome } from "./app/handle/mutate.js";
export type { IndexState } from "./app/handle/index-state.js";
// Errors
export { CortexError, type CortexErrorCode } from "./core/errors.js";
export { ConfigError } from "./core/config/types.js";
export { WriteRejectedError, type RejectionCode } from "./core/write/errors.js";
// Functions the README documented before openVault (each opens the vault itself)
export { search, type SearchOptions, type SearchResult } from "./app/search-records.js";
export { loadConfig, type LoadConfigOptions, type LoadedConfig } from "./store/config/load.js";
export { indexVault, type IndexVaultOptions, type IndexVaultResult } from "./engine/indexer.js";
export { writeAtom } from "./app/write/write-atom.js";
export { supersedeAtom } from "./app/write/supersede.js";
export { parseAtom } from "./core/atoms/parse.js";
export { rankRecords } from "./core/search/rank.js";
// Whole-vault commands
export { initVault } from "./store/init/init.js";
export { migrateVault } from "./app/migrate/migrate.js";
export { importSource } from "./app/import/import.js";
export { consolidateVault } from "./app/consolidate/consolidate.js";
export { linkVault, type FileLinkEdits, type LinkVaultOptions, type LinkVaultResult } from "./app/links/link-vault.js";
export { moveAtom, type MoveOptions, type MoveResult } from "./app/links/move-vault.js";
export { refreshMocs } from "./app/moc/refresh.js";
// Types of results and options
export type { Atom, AtomStatus, AtomType, Diagnostic, ParsedAtom } from "./core/atoms/types.js";
export type { CortexConfig, LayerThresholds, ScoringWeights } from "./core/config/types.js";
export type { ManifestEntry, VaultIndexes } from "./core/indexes/types.js";
export type { Layer } from "./core/layers/types.js";
export type { SearchFilters, SearchHit, SearchRecord } from "./core/search/types.js";
export type { CheckReport } from "./core/check/types.js";
export type { ContextOptions, ContextResult } from "./app/context/build.js";
export type { IndexFreshness, VaultStatus } from "./core/status/types.js";
export type { ChangeOptions, SupersedeInput, SupersedeOptions, SupersedeResult, WriteInput, WriteOptions, WriteResult } from "./core/write/types.js";
export type { ConsolidateOptions, ConsolidateResult } from "./core/consolidate/types.js";
export type { ImportOptions, ImportResult } from "./core/import/types.js";
export type { MigrateOptions, MigrateResult } from "./core/migrate/types.js";
export type { RefreshOptions, RefreshResult } from "./core/moc/types.js";
export type { CommitResult } from "./core/git/types.js";
