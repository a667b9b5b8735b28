/**
 * cortex-vault/core: the pure building blocks. Each takes data and returns
 * data, reads no file and no clock (`today` is an argument). For a vault on
 * disk, use `openVault` from "cortex-vault".
 *
 * @example
 * import { parseAtom, rankRecords } from "cortex-vault/core";
 * const { atom } = parseAtom("---\nname: Deploy freeze\n---\nText", { path: "a.md", mtimeMs: 0 });
 */
// Atoms
export { parseAtom, inferProject } from "./core/atoms/parse.js";
export { decodeAtomBytes, type DecodedFile } from "./core/atoms/decode.js";
export { splitFrontmatter, type FrontmatterSplit } from "./core/atoms/frontmatter.js";
export { extractHashtags, extractTargets, firstProseLine, maskCode, plainText, wikilinkTarget, type CodeSpan, type MaskedBody } from "./core/atoms/markdown.js";
export { fileStem, nameFromPath, slugify } from "./core/atoms/names.js";
export { editFrontmatter } from "./core/atoms/edit-frontmatter.js";
export { ATOM_STATUSES, ATOM_TYPES, type Atom, type AtomStatus, type AtomType, type Diagnostic, type FileFacts, type ParsedAtom } from "./core/atoms/types.js";
// Config
export { parseConfig } from "./core/config/parse.js";
export { DEFAULT_LAYERS, DEFAULT_WEIGHTS, defaultConfig } from "./core/config/defaults.js";
export type { CortexConfig, LayerThresholds, ScoringWeights } from "./core/config/types.js";
// Indexes and layers
export { buildIndexes, toManifestEntry, type IndexInput } from "./core/index-build/build.js";
export { serializeGroups, serializeIndexes, serializeJson, serializeManifest, type IndexFileTexts } from "./core/indexes/serialize.js";
export { INDEX_FORMAT, type GroupIndex, type ManifestEntry, type VaultIndexes } from "./core/indexes/types.js";
export { buildLayers, byUpdatedThenPath, classifyLayer } from "./core/layers/classify.js";
export type { Layer, LayerEntry, LayerFiles } from "./core/layers/types.js";
export { compareStrings } from "./core/util/compare.js";
// Scoring and search
export { scoreAtom, scoreLowercase, tokenizeQuery, usageBonusFor, type ScoreContext } from "./core/scoring/score.js";
export type { Contribution, MatchField, ScorableAtom, ScoreBreakdown } from "./core/scoring/types.js";
export { matchesFilters, rankRecords, sortHits } from "./core/search/rank.js";
export { searchRecordOf } from "./core/search/types.js";
export type { RankOptions, SearchFilters, SearchHit, SearchRecord } from "./core/search/types.js";
export { summarize } from "./core/summary/summarize.js";
export type { Count, VaultSummary } from "./core/summary/types.js";
export { resolveAtomRef } from "./core/indexes/atom-ref.js";
// Write path, lifecycle, import
export { validateWriteInput, WRITE_LIMITS } from "./core/write/validate.js";
export { scanForSecrets, SECURITY_RULES, type SecurityRule } from "./core/write/security.js";
export { findNearDuplicates, similarity, type NearDuplicate } from "./core/write/similarity.js";
export { renderAtom } from "./core/write/render.js";
export { planSupersede } from "./core/write/supersede-plan.js";
export { planFileMigration, REQUIRED_FIELDS } from "./core/migrate/plan.js";
export { inferStatus, inferTags, inferType } from "./core/migrate/infer.js";
export { findDuplicateGroups, type ComparableAtom } from "./core/consolidate/duplicates.js";
export { findStaleReviews, findSupersessionIssues } from "./core/consolidate/lifecycle.js";
export { fileItem, parseJsonl, sanitizeTag, splitSections } from "./core/import/sources.js";
export { vaultTemplate, VAULT_FOLDERS } from "./core/init/templates.js";
export { unifiedDiff } from "./core/util/diff.js";
// Links
export { buildLinkResolver } from "./core/links/resolver.js";
export { findHubs, findOrphans, resolveGraph } from "./core/links/graph.js";
export { CODE_PATH, findLinks, splitWikilink, type WikilinkParts } from "./core/links/occurrences.js";
export { isAttachmentTarget } from "./core/links/attachments.js";
export { invertEdges } from "./core/links/backlinks.js";
export type { AmbiguousLink, BrokenLink, LinkOccurrence, LinkResolution, LinkResolver, LinkResolverOptions, ResolvedGraph } from "./core/links/types.js";
export { codeRefEdits, linkTarget, mentionNames, suggestionEdits, type LinkEdit, type MentionName } from "./core/links/autolink.js";
export { applyEdits, type TextEdit } from "./core/links/edits.js";
export { affectedSources, planMove, type MoveEdit, type MoveFileEdits, type MoveSource } from "./core/links/move.js";
export { graphView, renderDot, renderMermaid, type GraphView } from "./core/links/render.js";
export { checkAtomText, duplicateIdDiagnostics, linkDiagnostics, type AtomCheck } from "./core/check/rules.js";
export { findMarkers, replaceMarkers } from "./core/moc/markers.js";
export { isMoc, wikiLink } from "./core/moc/collectors.js";
// Related atoms, activation, briefings, status
export { related, tokens } from "./core/related/related.js";
export type { RelatedAtom, RelatedQuery, RelatedTier } from "./core/related/types.js";
export { trackerReport, type TrackerOptions } from "./core/stats/tracker.js";
export { activationFromEvents } from "./core/activation/activation.js";
export { assembleBriefing, estimateTokens } from "./core/context/assemble.js";
export { briefingKeywords } from "./core/context/keywords.js";
export type { Briefing, BriefingAtom, BriefingInput, BriefingMoc } from "./core/context/types.js";
export { computeStatus } from "./core/status/compute.js";
export type { IndexFreshness, ReviewItem, VaultEvent, VaultStatus } from "./core/status/types.js";
// Dates
export { daysBetween, isIsoDate, localDate, normalizeDate } from "./core/util/dates.js";
// Words
export { STOP_WORDS, tokenize, type StopWordSet, type TokenizeOptions } from "./core/util/tokenize.js";
