#!/usr/bin/env node
// Start-up time of `cortex mcp`: from spawning the server to the answer of
// tools/list, measured with the official MCP client. A benchmark figure, not
// a test. Usage: npm run build && node bench/mcp-startup.mjs [--runs N] [--vault DIR]
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1]) || (args.includes("--runs") ? 1 : 11);
const given = args.includes("--vault") ? args[args.indexOf("--vault") + 1] : null;
const vault = given ?? mkdtempSync(join(tmpdir(), "cortex-mcp-bench-"));
if (!given) cpSync(join(root, "examples/vault"), vault, { recursive: true });

async function once() {
  const started = performance.now();
  const client = new Client({ name: "cortex-bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "dist/cli/cortex.cjs"), "mcp", "--vault", vault], stderr: "ignore" }));
  const { tools } = await client.listTools();
  const toolsList = performance.now() - started;
  await client.callTool({ name: "recall", arguments: { query: "deploy" } });
  const firstCall = performance.now() - started;
  await client.close();
  return { toolsList, firstCall, tools: tools.length };
}

const results = [];
await once(); // warm the file system cache
for (let i = 0; i < runs; i++) results.push(await once());
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const node = performance.now();
const baseline = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  await new Promise((resolve) => import("node:child_process").then(({ spawn }) => spawn(process.execPath, ["-e", ""]).on("exit", resolve)));
  baseline.push(performance.now() - t);
}
void node;
console.log(JSON.stringify({
  runs,
  tools: results[0].tools,
  spawn_to_tools_list_ms: Math.round(median(results.map((r) => r.toolsList))),
  spawn_to_first_recall_ms: Math.round(median(results.map((r) => r.firstCall))),
  node_empty_process_ms: Math.round(median(baseline)),
}, null, 2));
if (!given) rmSync(vault, { recursive: true, force: true });
