// MCP figures of `cortex mcp`, measured with the official client: the
// start-up (spawn to the answer of tools/list) and, in one running server
// that keeps the index in memory, recall, the first page of resources/list
// and save. Used by bench/mcp-startup.mjs and bench/run.mjs.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** Median of a list of numbers (the mean of the middle two for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const since = (t0) => performance.now() - t0;

/** Spawns `node CLI mcp --vault VAULT` and connects the official client; resolves with { client, transport, started }. */
export async function startServer(cli, vault) {
  const started = performance.now();
  const client = new Client({ name: "cortex-bench", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--vault", vault], stderr: "ignore" });
  await client.connect(transport);
  return { client, transport, started };
}

/**
 * One start-up: spawn to the answer of tools/list, then (optionally) to the
 * answer of a first recall for "deploy"; the server is closed after.
 */
export async function startupOnce(cli, vault, { firstRecall = true } = {}) {
  const { client, started } = await startServer(cli, vault);
  try {
    const { tools } = await client.listTools();
    const toolsList = since(started);
    let firstCall = null;
    if (firstRecall) {
      await client.callTool({ name: "recall", arguments: { query: "deploy" } });
      firstCall = since(started);
    }
    return { toolsList, firstCall, tools: tools.length };
  } finally {
    await client.close();
  }
}

/** Median start-up over `runs` servers, after one untimed start that warms the file system cache. */
export async function measureStartup(cli, vault, { runs, firstRecall = true }) {
  await startupOnce(cli, vault, { firstRecall });
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await startupOnce(cli, vault, { firstRecall }));
  return {
    tools: results[0].tools,
    toolsListMs: median(results.map((r) => r.toolsList)),
    toolsListRunsMs: results.map((r) => r.toolsList),
    firstRecallMs: firstRecall ? median(results.map((r) => r.firstCall)) : null,
  };
}

// Waits until this server's watcher has written `index/watch.json` with nothing pending: from then on its reads skip the check.
async function untilWatching(vault, pid, timeoutMs = 120_000) {
  const marker = join(vault, "index", "watch.json");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const m = existsSync(marker) ? JSON.parse(readFileSync(marker, "utf8")) : null;
      if (m && m.pid === pid && !m.pending && m.synced) return;
    } catch { /* being rewritten: read it again */ }
    if (Date.now() > deadline) throw new Error("cortex mcp did not say its index is current within 2 min");
    await new Promise((res) => setTimeout(res, 25));
  }
}

/** Common tags of the generated vaults besides "deploy", each recalled once: first calls. */
export const FIRST_WORDS = ["backend", "infra", "api", "database", "frontend"];

// Median time of `runs` calls of `fn`, after one untimed warm-up call.
async function timed(fn, runs) {
  await fn();
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(since(t0));
  }
  return { ms: median(ms), runsMs: ms };
}

// A tool call that fails the bench when the tool answers an error.
async function call(client, name, args) {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${r.content?.[0]?.text ?? "no message"}`);
  return r;
}

/**
 * In one running server, once its watcher says the index is current: the
 * first recall of each of {@link FIRST_WORDS} (their median), recall
 * for `rareWord` and for "deploy", the first page of resources/list (medians
 * of `runs` after one warm-up each), and one save of a unique note. The note
 * is removed from the vault before the server closes; the caller's next
 * index run drops it from the index.
 */
export async function measureRunningServer(cli, vault, { runs, rareWord }) {
  const { client, transport } = await startServer(cli, vault);
  let savedPath = null;
  try {
    await untilWatching(vault, transport.pid);
    const recall = async (query) => {
      const r = await call(client, "recall", { query });
      return r.structuredContent?.matched ?? null;
    };
    // First calls of other common words, one each: what a word costs before the server has worked anything out for it.
    const firstMs = [];
    for (const word of FIRST_WORDS) {
      const t0 = performance.now();
      await recall(word);
      firstMs.push(since(t0));
    }
    const rare = await timed(() => recall(rareWord), runs);
    const common = await timed(() => recall("deploy"), runs);
    let page = null;
    // One page, as a client asks for it (the client's listResources() walks every page).
    const list = await timed(async () => { page = await client.request({ method: "resources/list", params: {} }); }, runs);
    const stamp = `${Date.now()}-${process.pid}`;
    const t0 = performance.now();
    const saved = await call(client, "save", {
      name: `Bench note ${stamp}`, type: "insight", project: "ops",
      body: `Measured by bench/run.mjs (${stamp}): a note saved through MCP and removed again.`,
    });
    const saveMs = since(t0);
    savedPath = saved.structuredContent?.path ?? null;
    return {
      recallRare: { ...rare, query: rareWord, matched: await recall(rareWord) },
      recallCommon: { ...common, query: "deploy", matched: await recall("deploy") },
      recallFirst: { ms: median(firstMs), runsMs: firstMs, queries: FIRST_WORDS },
      resourcesList: { ...list, items: page?.resources?.length ?? 0, more: Boolean(page?.nextCursor) },
      save: { ms: saveMs, path: savedPath },
    };
  } finally {
    if (savedPath) rmSync(join(vault, savedPath), { force: true });
    await client.close();
  }
}
