import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { copyAgentVault } from "./helpers/agent.js";
import { BUILT_CLI, removeTemp, ROOT, tempDir } from "./helpers/cli.js";
import { callTool, connectMcp, textOf } from "./helpers/mcp.js";

const connect = (vault: string) => connectMcp(vault);

let vault = "";
let client: Client;
before(async () => {
  vault = copyAgentVault();
  client = await connect(vault);
});
after(async () => {
  await client.close();
  removeTemp(vault);
});

describe("cortex mcp: listing", () => {
  test("should list the tools with descriptions for an agent and JSON Schemas with the limits", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["recall", "read", "context", "list", "tags", "status", "transcript_search", "save", "update", "supersede", "forget", "move"]);
    // Lean: when to use it and what it returns, no internals (file names, config tables), every description in every agent's context.
    for (const t of tools) {
      assert.match(t.description ?? "", /\bUse\b/i, t.name);
      assert.match(t.description ?? "", /\bReturns\b/, t.name);
      assert.doesNotMatch(t.description ?? "", /index\/|\.jsonl|\[scoring\]|access_log/, t.name);
      assert.ok((t.description ?? "").length <= 250, `${t.name}: ${t.description?.length} characters`);
    }
    const recall = tools.find((t) => t.name === "recall")!;
    assert.deepEqual(recall.inputSchema.required, ["query"]);
    assert.deepEqual((recall.inputSchema.properties as Record<string, any>).query.maxLength, 10_000);
    assert.deepEqual([(recall.inputSchema.properties as Record<string, any>).limit.minimum, (recall.inputSchema.properties as Record<string, any>).limit.maximum], [1, 100]);
    assert.equal(recall.annotations?.readOnlyHint, true);
    assert.match(tools.find((t) => t.name === "context")!.description!, /0\.4 × the best score/);
    const save = tools.find((t) => t.name === "save")!;
    const saveProps = save.inputSchema.properties as Record<string, any>;
    assert.deepEqual(save.inputSchema.required, ["name", "body", "type", "project"]);
    assert.deepEqual([saveProps.name.maxLength, saveProps.body.maxLength, saveProps.tags.maxItems, saveProps.tags.items.maxLength], [200, 50_000, 20, 100]);
    assert.deepEqual([save.annotations?.readOnlyHint, save.annotations?.idempotentHint], [false, false]);
    assert.deepEqual(tools.find((t) => t.name === "supersede")!.inputSchema.required, ["old", "new"]);
    assert.deepEqual(tools.find((t) => t.name === "update")!.inputSchema.required, ["ref", "text"]);
    assert.deepEqual(tools.find((t) => t.name === "read")!.inputSchema.required, ["ref"]);
  });

  test("should list atom resources, the templates and the summary", async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    assert.ok(uris.includes("cortex://summary"));
    assert.ok(uris.includes("cortex://atom/reference/Release%20calendar.md"));
    assert.ok(uris.includes("cortex://moc/ops"));
    assert.equal(resources.find((r) => r.uri === "cortex://atom/decisions/deploy_freeze.md")?.mimeType, "text/markdown");
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), ["cortex://atom/{+path}", "cortex://moc/{project}"]);
  });

  test("should list the prompts with their arguments", async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => `${a.name}${a.required ? "!" : ""}`)]), [
      ["session-start", ["project"]],
      ["debug-checklist", ["error!", "context"]],
    ]);
  });
});

describe("cortex mcp: tools", () => {
  test("should recall structured hits and markdown, and log the access", async () => {
    const r = await callTool(client, "recall", { query: "deploy", limit: 2 });
    assert.equal(r.isError ?? false, false);
    assert.deepEqual(r.structuredContent!.hits.map((h: { path: string }) => h.path), ["decisions/deploy_freeze.md", "rules/no_friday_deploys.md"]);
    assert.deepEqual(Object.keys(r.structuredContent!.hits[0]).sort(), ["created", "layer", "name", "path", "preview", "project", "score", "status", "superseded_by", "tags", "type", "updated", "uri"]);
    assert.match(textOf(r), /^### Memories\n/);
    const log = readFileSync(join(vault, "index/access_log.jsonl"), "utf8");
    assert.match(log, /"op":"recall","query":"deploy","results":\["decisions\/deploy_freeze\.md","rules\/no_friday_deploys\.md"\]/);
  });

  test("should run context, list, status and transcript_search", async () => {
    const context = await callTool(client, "context", { query: "payments ledger", budget_tokens: 120 });
    assert.ok(context.structuredContent!.tokens <= 120);
    assert.match(textOf(context), /^# Briefing: payments ledger\n\n## Payments ledger design\n/);
    const list = await callTool(client, "list", { status: "review" });
    assert.deepEqual(list.structuredContent!.items.map((i: { path: string }) => i.path), ["atoms/review_old.md"]);
    const status = await callTool(client, "status", {});
    assert.equal(status.structuredContent!.total, 9);
    assert.match(textOf(status), /^### Vault status on 2026-11-22\n/);
    const transcripts = await callTool(client, "transcript_search", { query: "connection pool", limit: 1 });
    assert.deepEqual(transcripts.structuredContent!.hits.map((h: { session_id: string }) => h.session_id), ["sess-be-2"]);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ["recall", { query: "x".repeat(10_001) }, "CORTEX_E202", "query"],
    ["recall", { query: "deploy", limit: 0 }, "CORTEX_E203", "limit"],
    ["recall", {}, "CORTEX_E201", "query"],
    ["context", { query: "deploy", budget_tokens: 5 }, "CORTEX_E203", "budget_tokens"],
    ["list", { cursor: "garbage" }, "CORTEX_E205", "cursor"],
    ["list", { status: "deleted" }, "CORTEX_E204", "status"],
    ["status", { verbose: true }, "CORTEX_E200", "verbose"],
    ["transcript_search", { query: "x", limit: 500 }, "CORTEX_E203", "limit"],
    ["read", {}, "CORTEX_E201", "ref"],
    ["read", { ref: "no/such atom.md" }, "CORTEX_E101", "ref"],
    ["read", { ref: 42 }, "CORTEX_E200", "ref"],
    ["save", { name: "n".repeat(201), body: "b", type: "rule", project: "ops" }, "CORTEX_E202", "name"],
    ["save", { name: "Big", body: "b".repeat(50_001), type: "rule", project: "ops" }, "CORTEX_E202", "body"],
    ["save", { name: "Tags", body: "b", type: "rule", project: "ops", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "CORTEX_E202", "tags"],
    ["save", { name: "Tag", body: "b", type: "rule", project: "ops", tags: ["t".repeat(101)] }, "CORTEX_E202", "tags[0]"],
    ["save", { name: "Kind", body: "b", type: "memo", project: "ops" }, "CORTEX_E204", "type"],
    ["save", { name: "Where", body: "b", type: "rule", project: "marketing" }, "CORTEX_E210", "project"],
    ["save", { name: "Key", body: "key AKIAABCDEFGHIJKLMNOP", type: "rule", project: "ops" }, "CORTEX_E400", "body"],
    ["save", { name: "No body", type: "rule", project: "ops" }, "CORTEX_E201", "body"],
    ["supersede", {}, "CORTEX_E201", "old"],
    ["supersede", { old: "rules/no_friday_deploys.md", new: "no such atom" }, "CORTEX_E101", "new"],
    ["supersede", { old: "rules/no_friday_deploys.md", new: "rules/no_friday_deploys.md" }, "CORTEX_E210", "new"],
    ["supersede", { old: "rules/no_friday_deploys.md", new: "decisions/deploy_freeze.md", reason: "r".repeat(501) }, "CORTEX_E202", "reason"],
  ];
  for (const [name, args, code, argument] of bad) {
    test(`should answer ${name} with bad ${argument} by a ${code} tool error, not a protocol error`, async () => {
      const r = await callTool(client, name, args);
      assert.equal(r.isError, true);
      assert.equal(r.structuredContent!.error.code, code);
      assert.equal(r.structuredContent!.error.argument, argument);
      assert.match(textOf(r), new RegExp(`^${code} ${argument.replace(/[[\]]/g, "\\$&")}: .+\\nSuggestion: .+$`));
    });
  }

  test("should answer an unknown tool with a protocol error", async () => {
    await assert.rejects(() => client.callTool({ name: "delete_everything", arguments: {} }), /delete_everything/);
  });

  test("should see an atom edited on disk between two calls", async () => {
    const file = join(vault, "rules/no_friday_deploys.md");
    const before = await callTool(client, "recall", { query: "weekend" });
    assert.deepEqual(before.structuredContent!.hits, []);
    writeFileSync(file, readFileSync(file, "utf8").replace("description: Production deploys stop at 15:00 on Fridays.", "description: Production deploys stop at 15:00 on Fridays, so nobody works the weekend."));
    const after = await callTool(client, "recall", { query: "weekend" });
    assert.deepEqual(after.structuredContent!.hits.map((h: { path: string }) => h.path), ["rules/no_friday_deploys.md"]);
    const resource = await client.readResource({ uri: "cortex://atom/rules/no_friday_deploys.md" });
    assert.match((resource.contents[0] as { text: string }).text, /nobody works the weekend/);
    const read = await callTool(client, "read", { ref: "rules/no_friday_deploys.md" });
    assert.match(textOf(read), /nobody works the weekend/);
    writeFileSync(file, readFileSync(file, "utf8").replace("nobody works the weekend", "the weekend stays quiet"));
    const reread = await callTool(client, "read", { ref: "rules/no_friday_deploys.md" });
    assert.match(textOf(reread), /the weekend stays quiet/);
    assert.equal(reread.structuredContent!.description, "Production deploys stop at 15:00 on Fridays, so the weekend stays quiet.");
  });
});

describe("cortex mcp: resources and prompts", () => {
  test("should read an atom by a path with a slash and a space", async () => {
    const { contents } = await client.readResource({ uri: "cortex://atom/reference/Release%20calendar.md" });
    assert.equal(contents.length, 1);
    assert.equal((contents[0] as { text: string }).text, readFileSync(join(vault, "reference/Release calendar.md"), "utf8"));
    assert.equal(contents[0]!.mimeType, "text/markdown");
  });

  test("should read an atom with the read tool by a path with a slash and a space", async () => {
    const r = await callTool(client, "read", { ref: "reference/Release calendar.md" });
    assert.equal(r.isError ?? false, false);
    const file = readFileSync(join(vault, "reference/Release calendar.md"), "utf8");
    assert.ok(textOf(r).startsWith(file.replace(/\n+$/, "")), textOf(r));
    assert.equal(r.structuredContent!.text, undefined, "the text is given once, in content");
    assert.deepEqual([r.structuredContent!.chars, r.structuredContent!.truncated, r.structuredContent!.uri], [file.length, false, "cortex://atom/reference/Release%20calendar.md"]);
    assert.equal(r.structuredContent!.path, "reference/Release calendar.md");
    assert.match(textOf(r), /^---\nid: 20260901_release_calendar\n[\s\S]*### Links \(0\)\n\nnone\n\n### Backlinks \(0\)\n\nnone$/);
    const byUri = await callTool(client, "read", { ref: "cortex://atom/reference/Release%20calendar.md" });
    assert.equal(byUri.structuredContent!.path, "reference/Release calendar.md");
    assert.match(readFileSync(join(vault, "index/access_log.jsonl"), "utf8"), /"op":"read","query":"reference\/Release calendar\.md","results":\["reference\/Release calendar\.md"\]/);
  });

  test("should refuse a path that is not an indexed atom", async () => {
    await assert.rejects(() => client.readResource({ uri: "cortex://atom/cortex.toml" }), /not found/i);
    await assert.rejects(() => client.readResource({ uri: "cortex://atom/..%2F..%2Fetc%2Fpasswd" }), /not found/i);
  });

  test("should read a MOC and the summary", async () => {
    assert.match(((await client.readResource({ uri: "cortex://moc/ops" })).contents[0] as { text: string }).text, /# Ops map of content/);
    assert.match(((await client.readResource({ uri: "cortex://summary" })).contents[0] as { text: string }).text, /^# Vault summary on 2026-11-22/);
    await assert.rejects(() => client.readResource({ uri: "cortex://moc/nothing" }), /not found/i);
  });

  test("should give the session-start and debug-checklist prompts", async () => {
    const start = await client.getPrompt({ name: "session-start", arguments: { project: "ops" } });
    assert.equal(start.messages[0]!.role, "user");
    assert.match((start.messages[0]!.content as { text: string }).text, /### Vault status on 2026-11-22[\s\S]*## Map: ops/);
    const debug = await client.getPrompt({ name: "debug-checklist", arguments: { error: "login accepts any password", context: "bcrypt" } });
    assert.match((debug.messages[0]!.content as { text: string }).text, /\*\*bcrypt compare is async\*\* \(lesson, 2026-10-15\)/);
    await assert.rejects(() => client.getPrompt({ name: "debug-checklist", arguments: {} }), /^McpError: .*-32602.*Invalid arguments for prompt debug-checklist: error: required \(CORTEX_E201\)|Invalid arguments for prompt debug-checklist: error: required \(CORTEX_E201\)/);
  });
});

describe("cortex mcp: writes", () => {
  let writeVault = "";
  let writer: Client;
  before(async () => {
    writeVault = copyAgentVault();
    writer = await connect(writeVault);
  });
  after(async () => {
    await writer.close();
    removeTemp(writeVault);
  });

  test("should save, recall the new atom, supersede it, and then rank it lower", async () => {
    const first = await callTool(writer, "save", { name: "Kafka retention is 7 days", body: "Topics on the events cluster keep messages for 7 days; consumers that fall further behind must replay from the archive bucket.", type: "decision", project: "backend", tags: ["kafka", "retention"] });
    assert.equal(first.isError ?? false, false, textOf(first));
    const oldPath = first.structuredContent!.path as string;
    const found = await callTool(writer, "recall", { query: "kafka retention" });
    assert.deepEqual(found.structuredContent!.hits.map((h: { path: string }) => h.path), [oldPath]);
    const before = found.structuredContent!.hits[0].score as number;
    const second = await callTool(writer, "save", { name: "Kafka retention raised to 30 days", body: "After the March replay incident, the events cluster keeps 30 days so a stalled consumer never needs the archive bucket.", type: "decision", project: "backend", tags: ["kafka", "retention"] });
    assert.equal(second.isError ?? false, false, textOf(second));
    const newPath = second.structuredContent!.path as string;
    const superseded = await callTool(writer, "supersede", { old: oldPath, new: newPath, reason: "retention raised" });
    assert.deepEqual(superseded.structuredContent, { old: oldPath, by: newPath, committed: false, commit_note: null, index_error: null });
    const after = await callTool(writer, "recall", { query: "kafka retention" });
    const hits = after.structuredContent!.hits as { path: string; score: number; status: string }[];
    assert.deepEqual(hits.map((h) => [h.path, h.status]), [[newPath, "active"], [oldPath, "superseded"]]);
    assert.ok(hits[1]!.score < before && hits[1]!.score < hits[0]!.score, JSON.stringify(hits));
    // A superseded hit names its replacement, in the JSON and in the hit line.
    assert.match((hits[1] as { superseded_by?: string }).superseded_by ?? "", /kafka_retention_raised_to_30_days$/);
    assert.match(textOf(after), /, superseded by \S*kafka_retention_raised_to_30_days, updated \d{4}-\d{2}-\d{2}\) `/);
  });

  test("should answer a near-duplicate save with isError, the E401 code and the existing path", async () => {
    const r = await callTool(writer, "save", { name: "Kafka retention kept for 30 days", body: "After the March replay incident, the events cluster keeps 30 days so a stalled consumer never needs the archive bucket.", type: "decision", project: "backend", tags: ["kafka"] });
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent!.error.code, "CORTEX_E401");
    assert.equal(r.structuredContent!.error.details.existing_path, "atoms/kafka_retention_raised_to_30_days.md");
    assert.match(textOf(r), /^CORTEX_E401 near-duplicate of atoms\/kafka_retention_raised_to_30_days\.md \(similarity 0\.\d\d\); nothing was written\nSuggestion: /);
  });

  test("should lose nothing when two clients send 20 saves at once", async () => {
    const vault20 = copyAgentVault();
    const clients = [await connect(vault20), await connect(vault20)];
    try {
      const words = (i: number) => Array.from({ length: 12 }, (_, k) => `w${i}x${k}`).join(" ");
      const saves = Array.from({ length: 20 }, (_, i) => callTool(clients[i % 2]!, "save", { name: `Parallel fact ${i} ${words(i).slice(0, 20)}`, body: `Fact ${i}: ${words(i)}.`, type: "insight", project: "ops", tags: [`batch${i}`] }));
      const results = await Promise.all(saves);
      for (const r of results) assert.equal(r.isError ?? false, false, textOf(r));
      const paths = results.map((r) => r.structuredContent!.path as string).sort();
      assert.equal(new Set(paths).size, 20);
      for (const path of paths) assert.match(readFileSync(join(vault20, path), "utf8"), /^---\nid: 20261122_parallel_fact_/);
      const events = readFileSync(join(vault20, "index/events.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { op: string; path: string });
      assert.equal(events.length, 20);
      assert.deepEqual(events.map((e) => e.path).sort(), paths);
      assert.ok(events.every((e) => e.op === "write"));
      const manifest = JSON.parse(readFileSync(join(vault20, "index/manifest.json"), "utf8")) as { path: string }[];
      assert.equal(manifest.length, 29);
      for (const path of paths) assert.ok(manifest.some((m) => m.path === path), path);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      removeTemp(vault20);
    }
  });
});

describe("cortex mcp: process", () => {
  test("should answer a 2025-era initialize handshake spoken raw over stdio", async () => {
    const child = spawn(process.execPath, [BUILT_CLI, "mcp", "--vault", vault], { stdio: ["pipe", "pipe", "ignore"] });
    const replies = new Map<number, Record<string, any>>();
    const waiters = new Map<number, () => void>();
    let pending = "";
    child.stdout.on("data", (d) => {
      pending += d;
      for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n")) {
        const message = JSON.parse(pending.slice(0, nl)) as Record<string, any>;
        pending = pending.slice(nl + 1);
        if (typeof message.id === "number") {
          replies.set(message.id, message);
          waiters.get(message.id)?.();
        }
      }
    });
    const request = (id: number, method: string, params?: unknown) =>
      new Promise<Record<string, any>>((resolve) => {
        waiters.set(id, () => resolve(replies.get(id)!));
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      });
    const init = await request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
    assert.equal(init.result.protocolVersion, "2025-06-18");
    assert.equal(init.result.serverInfo.name, "cortex-vault");
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    const list = await request(2, "tools/list", {});
    assert.equal(list.result.tools.length, 12);
    child.stdin.end();
    assert.equal(await new Promise((resolve) => child.on("exit", resolve)), 0);
  });

  test("should keep stdout for the protocol, log to stderr, and exit 0 when stdin closes", async () => {
    const child = spawn(process.execPath, [BUILT_CLI, "mcp", "--vault", vault], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    assert.deepEqual([code, stdout], [0, ""]);
    assert.match(stderr, /^cortex mcp: serving .* over stdio\n$/);
  });

  test("should exit 2 with the exact install command when the SDK is missing, while the library works without it", () => {
    const pkg = tempDir("cortex-nosdk-");
    try {
      cpSync(join(ROOT, "dist"), join(pkg, "dist"), { recursive: true });
      cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
      mkdirSync(join(pkg, "node_modules"));
      for (const dep of ["commander", "smol-toml", "yaml"]) symlinkSync(join(ROOT, "node_modules", dep), join(pkg, "node_modules", dep), "dir");
      const run = spawnSync(process.execPath, [join(pkg, "dist/cli/cortex.cjs"), "mcp", "--vault", vault], { encoding: "utf8", input: "" });
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stdout, "");
      assert.equal(run.stderr, `cortex: cortex mcp needs the optional peer dependency @modelcontextprotocol/server@^2.4, which is not installed. Install it with:\n  npm install --prefix ${pkg} @modelcontextprotocol/server@^2.4\n`);
      const lib = spawnSync(process.execPath, ["--input-type=module", "-e", `const { search } = await import(${JSON.stringify(join(pkg, "dist/lib/index.js"))}); const r = await search("deploy", { vault: ${JSON.stringify(vault)}, today: "2026-11-22", top: 1, log: false }); console.log(r.hits[0].record.path)`], { encoding: "utf8" });
      assert.equal(lib.stdout, "decisions/deploy_freeze.md\n", lib.stderr);
    } finally {
      removeTemp(pkg);
    }
  });
});
