/**
 * cortex-vault: persistent, searchable memory kept as markdown atoms in a
 * git-tracked, Obsidian-compatible vault. The core is pure functions over
 * plain data; the `vault/` and `config/load` modules do the file I/O.
 *
 * @example
 * import { search } from "cortex-vault";
 * const { hits } = await search("deploy risk", { vault: "examples/vault", top: 3 });
 */

// Atoms
export { parseAtom, inferProject } from "./atoms/parse.js";
export { decodeAtomBytes, type DecodedFile } from "./atoms/decode.js";
export { splitFrontmatter, type FrontmatterSplit } from "./atoms/frontmatter.js";
export { extractHashtags, extractTargets, firstProseLine, maskCode, plainText, wikilinkTarget, type CodeSpan, type MaskedBody } from "./atoms/markdown.js";
export { fileStem, nameFromPath, slugify } from "./atoms/names.js";
export { ATOM_STATUSES, ATOM_TYPES, type Atom, type AtomStatus, type AtomType, type Diagnostic, type FileFacts, type ParsedAtom } from "./atoms/types.js";

// Config
export { parseConfig } from "./config/parse.js";
export { loadConfig, readConfigFile, type LoadConfigOptions, type LoadedConfig } from "./config/load.js";
export { DEFAULT_LAYERS, DEFAULT_WEIGHTS, defaultConfig } from "./config/defaults.js";
export { ConfigError, type CortexConfig, type LayerThresholds, type ScoringWeights } from "./config/types.js";
export { CortexError } from "./errors.js";

// Indexes and layers
export { buildIndexes, toManifestEntry, type IndexInput } from "./indexes/build.js";
export { compareStrings } from "./util/compare.js";
export { serializeGroups, serializeIndexes, serializeJson, serializeManifest, type IndexFileTexts } from "./indexes/serialize.js";
export { INDEX_FORMAT, type GroupIndex, type ManifestEntry, type VaultIndexes } from "./indexes/types.js";
export { buildLayers, byUpdatedThenPath, classifyLayer } from "./layers/classify.js";
export type { Layer, LayerEntry, LayerFiles } from "./layers/types.js";

// Scoring and search
export { scoreAtom, scoreLowercase, tokenizeQuery, type ScoreContext } from "./scoring/score.js";
export type { Contribution, MatchField, ScorableAtom, ScoreBreakdown } from "./scoring/types.js";
export { matchesFilters, rankRecords, rankSearchFile, sortHits } from "./search/rank.js";
export { readSearchFile, SEARCH_FILE_HEADER, SearchFormatError, searchFileLine, serializeSearchFile } from "./search/search-file.js";
export { loadSearchFile, loadSearchRecords, search, type SearchOptions, type SearchResult } from "./search/vault-search.js";
export type { RankOptions, SearchFilters, SearchHit, SearchRecord } from "./search/types.js";
export { summarize } from "./summary/summarize.js";
export type { Count, VaultSummary } from "./summary/types.js";

// Vault I/O
export { indexVault, type IndexVaultOptions, type IndexVaultResult } from "./vault/indexer.js";
export { readAtomFile, type ReadResult } from "./vault/read-atom.js";
export { readIndexes } from "./vault/read-indexes.js";
export { scanVault, type VaultFile, type VaultScan } from "./vault/scan.js";
export { writeFileAtomic } from "./vault/atomic.js";
export { appendAccessEvent, type AccessEvent } from "./vault/access-log.js";
export { vaultPaths, type VaultPaths } from "./vault/paths.js";
export { withVaultLock, type LockOptions } from "./vault/lock.js";
export { resolveAtomRef } from "./vault/refs.js";
export { appendVaultEvents, type VaultEventLine } from "./vault/events.js";
export { createFileExclusive } from "./vault/atomic.js";
export { commitFiles, type CommitResult } from "./git/commit.js";
export { shouldCommit } from "./git/settings.js";

// Write path
export { writeAtom } from "./write/write-atom.js";
export { supersedeAtom, planSupersede } from "./write/supersede.js";
export { editFrontmatter } from "./atoms/edit-frontmatter.js";
export { initVault } from "./init/init.js";
export { migrateVault } from "./migrate/migrate.js";
export { planFileMigration, REQUIRED_FIELDS } from "./migrate/plan.js";
export { inferStatus, inferTags, inferType } from "./migrate/infer.js";
export type { FileMigration, FilePlan, MigrateOptions, MigrateResult } from "./migrate/types.js";
export { unifiedDiff } from "./util/diff.js";
export { importSource, DEFAULT_IMPORT_TYPE } from "./import/import.js";
export { consolidateVault } from "./consolidate/consolidate.js";
export { findDuplicateGroups, type ComparableAtom } from "./consolidate/duplicates.js";
export { findStaleReviews, findSupersessionIssues } from "./consolidate/lifecycle.js";
export type { ConsolidateOptions, ConsolidateResult, ConsolidationReport, DuplicateGroup, StaleReview, SupersessionIssue } from "./consolidate/types.js";
export { fileItem, parseJsonl, sanitizeTag, splitSections } from "./import/sources.js";
export { readImportSource, type SourceItems } from "./import/read-source.js";
export type { ImportItem, ImportOptions, ImportRejection, ImportResult, ImportSplit } from "./import/types.js";
export { vaultTemplate, VAULT_FOLDERS } from "./init/templates.js";
export type { InitResult, VaultTemplateFile } from "./init/types.js";
export { validateWriteInput, WRITE_LIMITS } from "./write/validate.js";
export { scanForSecrets, SECURITY_RULES, type SecurityRule } from "./write/security.js";
export { findNearDuplicates, similarity, type NearDuplicate } from "./write/similarity.js";
export { findRelated, type RelatedLink } from "./write/related.js";
export { renderAtom } from "./write/render.js";
export { readWriteSettings, DEFAULT_WRITE_SETTINGS } from "./write/settings.js";
export { WriteRejectedError, type RejectionCode } from "./write/errors.js";
export type { AtomFrontmatter, SupersedeInput, SupersedeOptions, SupersedeResult, ValidWrite, WriteInput, WriteOptions, WriteResult, WriteSettings } from "./write/types.js";

// Links
export { buildLinkResolver } from "./links/resolver.js";
export { findHubs, findOrphans, resolveGraph } from "./links/graph.js";
export { CODE_PATH, findLinks, splitWikilink, type WikilinkParts } from "./links/occurrences.js";
export { freshIndex, invertEdges, isAttachmentTarget, loadVaultLinks, locateLinkProblems, readLinksIndex, type VaultLinks } from "./links/vault-links.js";
export type { AmbiguousLink, BrokenLink, LinkOccurrence, LinkResolution, LinkResolver, LinkResolverOptions, ResolvedGraph } from "./links/types.js";

export { codeRefEdits, linkTarget, mentionNames, suggestionEdits, type LinkEdit, type MentionName } from "./links/autolink.js";
export { applyEdits, type TextEdit } from "./links/edits.js";
export { linkVault, type FileLinkEdits, type LinkVaultOptions, type LinkVaultResult } from "./links/link-vault.js";
export { buildLinkReport, type LinkReport } from "./links/report.js";
export { graphView, renderDot, renderMermaid, type GraphView } from "./links/render.js";
export { readForRewrite, writeIfUnchanged, type ReadForRewrite } from "./vault/rewrite.js";
export { affectedSources, planMove, type MoveEdit, type MoveFileEdits, type MoveSource } from "./links/move.js";
export { moveAtom, type MoveOptions, type MoveResult } from "./links/move-vault.js";
export { frontmatterLinkItems, yamlScalarFor, type FrontmatterItem } from "./links/frontmatter-links.js";

// Vault health
export { checkVault, type CheckVaultOptions } from "./check/check-vault.js";
export { checkAtomText, duplicateIdDiagnostics, linkDiagnostics, type AtomCheck } from "./check/rules.js";
export { checkSettings, DEFAULT_REQUIRED } from "./check/settings.js";
export type { CheckReport, CheckSettings } from "./check/types.js";
export { section, type ExtraSection } from "./config/extra.js";

// MOC refresh
export { findMarkers, replaceMarkers } from "./moc/markers.js";
export { refreshMocs } from "./moc/refresh.js";
export { BUILTIN_COLLECTORS, isMoc, wikiLink } from "./moc/collectors.js";
export { runCommandCollector, type CommandOptions, type CommandOutput } from "./moc/commands.js";
export { annotateIncident, countdown, describeAge } from "./moc/dates.js";
export { touchUpdated } from "./moc/frontmatter-date.js";
export { mocSettings, type MocSettings } from "./moc/settings.js";
export type { Collector, CollectorContext, MarkerProblem, MarkerReplacement, MarkerSection, MocFileResult, RefreshOptions, RefreshResult } from "./moc/types.js";
export { gitSettings, type GitSettings } from "./git/settings.js";

// Related atoms and the access tracker
export { related, tokens } from "./related/related.js";
export type { RelatedAtom, RelatedQuery, RelatedTier } from "./related/types.js";
export { readAccessLog, trackerReport, type TrackerOptions } from "./stats/tracker.js";
export type { AccessLog, TrackerReport } from "./stats/types.js";

// Dates
export { daysBetween, isIsoDate, localDate, normalizeDate } from "./util/dates.js";

// Agent interface (no MCP SDK needed; the server itself is `cortex-vault/mcp`)
export { activationFromEvents } from "./activation/activation.js";
export { loadActivation } from "./activation/read.js";
export type { AccessRecord, ActivationOptions } from "./activation/types.js";
export { usageBonusFor } from "./scoring/score.js";
export { openSnapshot, type VaultSnapshot } from "./agent/snapshot.js";
export { runTool } from "./agent/run.js";
export { TOOLS } from "./agent/tools/registry.js";
export { ERROR_CODES, ToolError } from "./agent/errors.js";
export type { ArgSchema, ArgsSchema, ToolEnv, ToolErrorData, ToolOutcome, ToolSpec } from "./agent/types.js";
export { assembleBriefing, estimateTokens } from "./context/assemble.js";
export { buildContext, type ContextOptions, type ContextResult } from "./context/build.js";
export { briefingKeywords } from "./context/keywords.js";
export type { Briefing, BriefingAtom, BriefingInput, BriefingMoc } from "./context/types.js";
export { computeStatus } from "./status/compute.js";
export { readVaultEvents } from "./status/read.js";
export type { IndexFreshness, ReviewItem, VaultEvent, VaultStatus } from "./status/types.js";
export { searchTranscripts } from "./transcripts/search.js";
export { transcriptsDir } from "./transcripts/config.js";
export type { TranscriptHit, TranscriptSearchResult } from "./transcripts/types.js";
