#!/usr/bin/env node
// Start-up time of `cortex mcp`: from spawning the server to the answer of
// tools/list, measured with the official MCP client (see bench/mcp.mjs, which
// `npm run bench` uses too). A benchmark figure, not a test.
// Usage: npm run build && node bench/mcp-startup.mjs [--runs N] [--vault DIR]
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureStartup, median } from "./mcp.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1]) || (args.includes("--runs") ? 1 : 11);
const given = args.includes("--vault") ? args[args.indexOf("--vault") + 1] : null;
const vault = given ?? mkdtempSync(join(tmpdir(), "cortex-mcp-bench-"));
if (!given) cpSync(join(root, "examples/vault"), vault, { recursive: true });

const startup = await measureStartup(join(root, "dist/cli/cortex.cjs"), vault, { runs });
const baseline = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  await new Promise((resolve) => spawn(process.execPath, ["-e", ""]).on("exit", resolve));
  baseline.push(performance.now() - t);
}
console.log(JSON.stringify({
  runs,
  tools: startup.tools,
  spawn_to_tools_list_ms: Math.round(startup.toolsListMs),
  spawn_to_first_recall_ms: Math.round(startup.firstRecallMs),
  node_empty_process_ms: Math.round(median(baseline)),
}, null, 2));
if (!given) rmSync(vault, { recursive: true, force: true });
