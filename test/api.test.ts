import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import * as api from "../lib/index.js";

test("should export exactly the documented public API", () => {
  assert.deepEqual(Object.keys(api).sort(), [
    "ATOM_STATUSES", "ATOM_TYPES", "ConfigError", "CortexError", "DEFAULT_LAYERS", "DEFAULT_WEIGHTS",
    "INDEX_FORMAT", "SearchFormatError", "appendAccessEvent", "buildIndexes", "buildLayers", "byUpdatedThenPath", "commitFiles",
    "classifyLayer", "compareStrings", "daysBetween", "decodeAtomBytes", "defaultConfig", "extractHashtags",
    "extractTargets", "fileStem", "firstProseLine", "indexVault", "inferProject", "isIsoDate", "loadConfig",
    "loadSearchRecords", "localDate", "maskCode", "matchesFilters", "nameFromPath", "normalizeDate", "parseAtom",
    "parseConfig", "plainText", "rankRecords", "rankSearchFile", "readIndexes", "readSearchFile", "readAtomFile", "readConfigFile", "resolveAtomRef", "scanVault", "scoreAtom",
    "search", "serializeGroups", "serializeIndexes", "serializeJson", "serializeManifest", "serializeSearchFile", "SEARCH_FILE_HEADER", "searchFileLine", "loadSearchFile", "scoreLowercase",
    "slugify", "sortHits", "splitFrontmatter", "summarize", "toManifestEntry", "tokenizeQuery", "vaultPaths", "wikilinkTarget",
    "withVaultLock", "writeFileAtomic",
    // Write path and lifecycle
    "DEFAULT_WRITE_SETTINGS", "SECURITY_RULES", "WRITE_LIMITS", "WriteRejectedError", "appendVaultEvents", "createFileExclusive",
    "findNearDuplicates", "findRelated", "readWriteSettings", "renderAtom", "scanForSecrets", "shouldCommit", "similarity",
    "REQUIRED_FIELDS", "VAULT_FOLDERS", "editFrontmatter", "inferStatus", "inferTags", "inferType", "initVault", "migrateVault",
    "planFileMigration", "planSupersede", "unifiedDiff", "vaultTemplate",
    "consolidateVault", "findDuplicateGroups", "findStaleReviews", "findSupersessionIssues",
    "DEFAULT_IMPORT_TYPE", "fileItem", "importSource", "parseJsonl", "readImportSource", "sanitizeTag", "splitSections", "supersedeAtom", "validateWriteInput", "writeAtom",
    // links and vault health (issue 4)
    "CODE_PATH", "DEFAULT_REQUIRED", "buildLinkResolver", "checkAtomText", "checkSettings", "checkVault", "duplicateIdDiagnostics",
    "findHubs", "findLinks", "findOrphans", "freshIndex", "invertEdges", "isAttachmentTarget", "linkDiagnostics", "loadVaultLinks",
    "locateLinkProblems", "readLinksIndex", "resolveGraph", "section", "splitWikilink",
    "BUILTIN_COLLECTORS", "annotateIncident", "countdown", "describeAge", "findMarkers", "gitSettings", "isMoc", "mocSettings",
    "refreshMocs", "replaceMarkers", "runCommandCollector", "touchUpdated", "wikiLink",
    "applyEdits", "buildLinkReport", "codeRefEdits", "graphView", "linkTarget", "linkVault", "mentionNames", "readForRewrite",
    "renderDot", "renderMermaid", "suggestionEdits", "writeIfUnchanged",
    "affectedSources", "frontmatterLinkItems", "moveAtom", "planMove", "yamlScalarFor",
    "readAccessLog", "related", "tokens", "trackerReport",
    // agent interface
    "activationFromEvents", "loadActivation", "usageBonusFor", "openSnapshot", "runTool", "TOOLS", "ERROR_CODES", "ToolError",
    "assembleBriefing", "estimateTokens", "buildContext", "briefingKeywords", "computeStatus", "readVaultEvents", "searchTranscripts", "transcriptsDir",
  ].sort());
});

test("should export the MCP server only from cortex-vault/mcp", async () => {
  const mcp = await import("../lib/mcp/index.js");
  assert.deepEqual(Object.keys(mcp).sort(), ["createCortexMcpServer", "serveCortexMcp"]);
  assert.equal("serveCortexMcp" in api, false);
  const viaPackage = spawnSync(process.execPath, ["--input-type=module", "-e", "const m = await import('cortex-vault/mcp'); console.log(Object.keys(m).join())"], { cwd: new URL("..", import.meta.url), encoding: "utf8" });
  assert.equal(viaPackage.stdout, "createCortexMcpServer,serveCortexMcp\n", viaPackage.stderr);
});
