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
export { parseAtom, inferProject } from "./atoms/parse.js";
export { decodeAtomBytes, type DecodedFile } from "./atoms/decode.js";
export { splitFrontmatter, type FrontmatterSplit } from "./atoms/frontmatter.js";
export { extractHashtags, extractTargets, firstProseLine, maskCode, plainText, wikilinkTarget, type CodeSpan, type MaskedBody } from "./atoms/markdown.js";
export { fileStem, nameFromPath, slugify } from "./atoms/names.js";
export { editFrontmatter } from "./atoms/edit-frontmatter.js";
export { ATOM_STATUSES, ATOM_TYPES, type Atom, type AtomStatus, type AtomType, type Diagnostic, type FileFacts, type ParsedAtom } from "./atoms/types.js";
// Config
export { parseConfig } from "./config/parse.js";
export { DEFAULT_LAYERS, DEFAULT_WEIGHTS, defaultConfig } from "./config/defaults.js";
export type { CortexConfig, LayerThresholds, ScoringWeights } from "./config/types.js";
// Indexes and layers
export { buildIndexes, toManifestEntry, type IndexInput } from "./indexes/build.js";
export { serializeGroups, serializeIndexes, serializeJson, serializeManifest, type IndexFileTexts } from "./indexes/serialize.js";
export { INDEX_FORMAT, type GroupIndex, type ManifestEntry, type VaultIndexes } from "./indexes/types.js";
export { buildLayers, byUpdatedThenPath, classifyLayer } from "./layers/classify.js";
export type { Layer, LayerEntry, LayerFiles } from "./layers/types.js";
export { compareStrings } from "./util/compare.js";
// Scoring and search
export { scoreAtom, scoreLowercase, tokenizeQuery, usageBonusFor, type ScoreContext } from "./scoring/score.js";
export type { Contribution, MatchField, ScorableAtom, ScoreBreakdown } from "./scoring/types.js";
export { matchesFilters, rankRecords, rankSearchFile, sortHits } from "./search/rank.js";
export { readSearchFile, SEARCH_FILE_HEADER, searchFileLine, serializeSearchFile } from "./search/search-file.js";
export type { RankOptions, SearchFilters, SearchHit, SearchRecord } from "./search/types.js";
export { summarize } from "./summary/summarize.js";
export type { Count, VaultSummary } from "./summary/types.js";
export { resolveAtomRef } from "./vault/refs.js";
// Write path, lifecycle, import
export { validateWriteInput, WRITE_LIMITS } from "./write/validate.js";
export { scanForSecrets, SECURITY_RULES, type SecurityRule } from "./write/security.js";
export { findNearDuplicates, similarity, type NearDuplicate } from "./write/similarity.js";
export { renderAtom } from "./write/render.js";
export { planSupersede } from "./write/supersede.js";
export { planFileMigration, REQUIRED_FIELDS } from "./migrate/plan.js";
export { inferStatus, inferTags, inferType } from "./migrate/infer.js";
export { findDuplicateGroups, type ComparableAtom } from "./consolidate/duplicates.js";
export { findStaleReviews, findSupersessionIssues } from "./consolidate/lifecycle.js";
export { fileItem, parseJsonl, sanitizeTag, splitSections } from "./import/sources.js";
export { vaultTemplate, VAULT_FOLDERS } from "./init/templates.js";
export { unifiedDiff } from "./util/diff.js";
// Links
export { buildLinkResolver } from "./links/resolver.js";
export { findHubs, findOrphans, resolveGraph } from "./links/graph.js";
export { CODE_PATH, findLinks, splitWikilink, type WikilinkParts } from "./links/occurrences.js";
export { invertEdges, isAttachmentTarget } from "./links/vault-links.js";
export type { AmbiguousLink, BrokenLink, LinkOccurrence, LinkResolution, LinkResolver, LinkResolverOptions, ResolvedGraph } from "./links/types.js";
export { codeRefEdits, linkTarget, mentionNames, suggestionEdits, type LinkEdit, type MentionName } from "./links/autolink.js";
export { applyEdits, type TextEdit } from "./links/edits.js";
export { affectedSources, planMove, type MoveEdit, type MoveFileEdits, type MoveSource } from "./links/move.js";
export { graphView, renderDot, renderMermaid, type GraphView } from "./links/render.js";
export { checkAtomText, duplicateIdDiagnostics, linkDiagnostics, type AtomCheck } from "./check/rules.js";
export { findMarkers, replaceMarkers } from "./moc/markers.js";
export { isMoc, wikiLink } from "./moc/collectors.js";
// Related atoms, activation, briefings, status
export { related, tokens } from "./related/related.js";
export type { RelatedAtom, RelatedQuery, RelatedTier } from "./related/types.js";
export { trackerReport, type TrackerOptions } from "./stats/tracker.js";
export { activationFromEvents } from "./activation/activation.js";
export { assembleBriefing, estimateTokens } from "./context/assemble.js";
export { briefingKeywords } from "./context/keywords.js";
export type { Briefing, BriefingAtom, BriefingInput, BriefingMoc } from "./context/types.js";
export { computeStatus } from "./status/compute.js";
export type { IndexFreshness, ReviewItem, VaultEvent, VaultStatus } from "./status/types.js";
// Dates
export { daysBetween, isIsoDate, localDate, normalizeDate } from "./util/dates.js";
// Words
export { STOP_WORDS, tokenize, type StopWordSet, type TokenizeOptions } from "./util/tokenize.js";
