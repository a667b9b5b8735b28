import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import * as api from "../lib/index.js";

test("should export exactly the documented public API", () => {
  assert.deepEqual(Object.keys(api).sort(), [
    "ConfigError", "CortexError", "Vault", "WriteRejectedError", "consolidateVault", "importSource", "indexVault", "initVault",
    "linkVault", "loadConfig", "migrateVault", "moveAtom", "openVault", "parseAtom", "rankRecords", "refreshMocs", "search", "supersedeAtom", "writeAtom",
  ].sort());
});

test("should export the pure building blocks from cortex-vault/core, with no vault I/O among them", async () => {
  const core = await import("../lib/core.js");
  for (const name of ["parseAtom", "rankRecords", "searchRecordOf", "scoreAtom", "tokenizeQuery", "buildIndexes", "classifyLayer", "related", "linkTarget", "isMoc"]) assert.equal(typeof (core as Record<string, unknown>)[name], "function", name);
  for (const name of ["openVault", "indexVault", "writeAtom", "loadConfig", "scanVault", "withVaultLock"]) assert.equal(name in core, false, name);
  const viaPackage = spawnSync(process.execPath, ["--input-type=module", "-e", "const m = await import('cortex-vault/core'); console.log(typeof m.parseAtom)"], { cwd: new URL("..", import.meta.url), encoding: "utf8" });
  assert.equal(viaPackage.stdout, "function\n", viaPackage.stderr);
});

test("should export the MCP server only from cortex-vault/mcp", async () => {
  const mcp = await import("../lib/adapters/mcp/index.js");
  assert.deepEqual(Object.keys(mcp).sort(), ["createCortexMcpServer", "serveCortexMcp"]);
  assert.equal("serveCortexMcp" in api, false);
  const viaPackage = spawnSync(process.execPath, ["--input-type=module", "-e", "const m = await import('cortex-vault/mcp'); console.log(Object.keys(m).join())"], { cwd: new URL("..", import.meta.url), encoding: "utf8" });
  assert.equal(viaPackage.stdout, "createCortexMcpServer,serveCortexMcp\n", viaPackage.stderr);
});
