import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { withVaultLock } from "../lib/store/lock.js";
import { copyAgentVault } from "./helpers/agent.js";
import { BUILT_CLI, removeTemp, ROOT, tempDir } from "./helpers/cli.js";
import { callTool, connectMcp, textOf } from "./helpers/mcp.js";

const atomFiles = (vault: string) => readdirSync(vault, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md")).sort();

describe("cortex mcp: resources/list pagination", () => {
  const ATOMS = 2_000;
  let vault = "";
  let client: Client;
  before(async () => {
    vault = tempDir("cortex-mcp-pages-");
    const gen = spawnSync(process.execPath, [join(ROOT, "bench/gen-vault.mjs"), "--out", join(vault, "v"), "--atoms", String(ATOMS), "--seed", "1", "--today", "2026-11-23"], { encoding: "utf8" });
    assert.equal(gen.status, 0, gen.stderr);
    vault = join(vault, "v");
    mkdirSync(join(vault, "_moc"));
    writeFileSync(join(vault, "_moc/ops.md"), "---\nname: Ops map of content\ntype: moc\nproject: ops\n---\n\n# Ops\n");
    client = await connectMcp(vault);
  });
  after(async () => {
    await client.close();
    removeTemp(join(vault, ".."));
  });

  test("should walk every page and see the summary and every atom once, a MOC under its own URI", async () => {
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.request({ method: "resources/list", params: cursor === undefined ? {} : { cursor } });
      assert.ok(page.resources.length <= 500, `page of ${page.resources.length}`);
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    assert.equal(pages, Math.ceil((ATOMS + 2) / 500));
    assert.equal(uris.length, ATOMS + 2, "the summary, the atoms, the MOC");
    assert.equal(new Set(uris).size, uris.length, "no URI twice");
    assert.equal(uris[0], "cortex://summary");
    assert.ok(uris.includes("cortex://moc/ops"));
    assert.ok(!uris.includes("cortex://atom/_moc/ops.md"));
    const onDisk = atomFiles(vault).filter((p) => !p.startsWith("_moc/"));
    assert.deepEqual(uris.filter((u) => u.startsWith("cortex://atom/")).map((u) => decodeURIComponent(u.slice("cortex://atom/".length))).sort(), onDisk);
  });

  test("should answer a cursor it did not make with -32602", async () => {
    await assert.rejects(() => client.request({ method: "resources/list", params: { cursor: "not-a-cursor" } }), (e: { code?: number; message: string }) => e.code === -32602 && /CORTEX_E205 cursor/.test(e.message));
  });
});

describe("cortex mcp: protocol", () => {
  let vault = "";
  let client: Client;
  const listChanged: string[] = [];
  const updated: string[] = [];
  before(async () => {
    vault = copyAgentVault();
    client = await connectMcp(vault);
    client.setNotificationHandler("notifications/resources/list_changed", () => void listChanged.push("list_changed"));
    client.setNotificationHandler("notifications/resources/updated", (n) => void updated.push(n.params.uri));
  });
  after(async () => {
    await client.close();
    removeTemp(vault);
  });

  test("should give short instructions naming the tools", () => {
    const instructions = client.getInstructions() ?? "";
    assert.ok(instructions.length > 100 && instructions.length < 1_500, `${instructions.length}`);
    for (const tool of ["recall", "context", "read", "list", "save", "supersede", "transcript_search", "status"]) assert.match(instructions, new RegExp(`\\b${tool}\\b`));
  });

  test("should declare an outputSchema on every tool that its results validate against, errors included", async () => {
    const { tools } = await client.listTools();
    const validator = new AjvJsonSchemaValidator();
    const calls: Record<string, Record<string, unknown>[]> = {
      recall: [{ query: "deploy", limit: 2 }, { query: "deploy", budget_tokens: 50 }, { query: "" }],
      read: [{ ref: "decisions/deploy_freeze.md" }, { ref: "nothing here" }],
      context: [{ query: "payments ledger", budget_tokens: 200 }],
      list: [{ limit: 2 }, { cursor: "bad" }],
      status: [{}],
      transcript_search: [{ query: "connection pool" }],
      save: [{ name: "Schema checked fact", body: "A fact saved to check the output schema of save.", type: "insight", project: "ops" }],
      tags: [{}, { project: "ops" }],
      update: [{ ref: "Schema checked fact", text: "One more line." }, { ref: "Schema checked fact", text: "x", version: "0000000000000000" }],
      supersede: [{ old: "atoms/concept_old.md", new: "Schema checked fact" }],
      forget: [{ ref: "Schema checked fact", reason: "checked" }, { ref: "nothing here" }],
      move: [{ ref: "notes/payments_ledger.md", to: "notes/ledger.md" }, { ref: "notes/ledger.md", to: "../outside" }],
    };
    for (const tool of tools) {
      assert.equal(tool.outputSchema?.type, "object", tool.name);
      const validate = validator.getValidator(tool.outputSchema as never);
      assert.equal(validate({ unexpected: true }).valid, false, `${tool.name}: the schema holds the validator to something`);
      assertStrict(tool.outputSchema, tool.name);
      for (const args of calls[tool.name]!) {
        const result = await callTool(client, tool.name, args);
        const check = validate(result.structuredContent);
        assert.ok(check.valid, `${tool.name} ${JSON.stringify(args)}: ${check.errorMessage} in ${JSON.stringify(result.structuredContent).slice(0, 300)}`);
      }
    }
  });

  test("should mark the tools that change notes as not read-only, and those that rewrite one destructive", async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((t) => [t.name, [t.annotations?.readOnlyHint, t.annotations?.destructiveHint]]));
    for (const name of ["recall", "read", "context", "list", "tags", "status", "transcript_search"]) assert.deepEqual(hints[name], [true, false], name);
    for (const name of ["save", "update", "supersede", "forget"]) assert.deepEqual(hints[name], [false, true], name);
    assert.deepEqual(hints.move, [false, false]);
  });

  test("should weigh at most 1,500 tokens for every tool's name, description and input schema (characters / 4)", async () => {
    const { tools } = await client.listTools();
    const chars = tools.reduce((n, t) => n + JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema }).length, 0);
    const { toolListWeight, TOOL_BUDGET_TOKENS } = await import("../lib/adapters/agent/tool-weight.js");
    const { TOOLS } = await import("../lib/adapters/agent/tools/registry.js");
    assert.equal(toolListWeight(TOOLS).chars, chars, "the measure counts what tools/list sends");
    assert.ok(Math.ceil(chars / 4) <= TOOL_BUDGET_TOKENS, `${chars} characters ≈ ${Math.ceil(chars / 4)} tokens`);
  });

  test("should advertise listChanged only for the resources, whose changes it sends", () => {
    const caps = client.getServerCapabilities()!;
    assert.equal(caps.resources?.listChanged, true);
    assert.notEqual(caps.tools?.listChanged, true);
    assert.notEqual(caps.prompts?.listChanged, true);
  });

  test("should complete project, type, tag and path from the vault, and refuse an unknown prompt", async () => {
    const complete = async (ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string }, name: string, value: string) => (await client.complete({ ref, argument: { name, value } })).completion;
    assert.deepEqual(await complete({ type: "ref/prompt", name: "session-start" }, "project", "o"), { values: ["ops"], total: 1, hasMore: false });
    assert.deepEqual((await complete({ type: "ref/prompt", name: "session-start" }, "project", "")).values, ["backend", "ops"]);
    assert.deepEqual((await complete({ type: "ref/resource", uri: "cortex://moc/{project}" }, "project", "B")).values, ["backend"]);
    assert.deepEqual((await complete({ type: "ref/resource", uri: "cortex://atom/{+path}" }, "path", "rules/")).values, ["rules/no_friday_deploys.md"]);
    assert.deepEqual((await complete({ type: "ref/prompt", name: "debug-checklist" }, "error", "x")).values, []);
    await assert.rejects(() => complete({ type: "ref/prompt", name: "no-such-prompt" }, "project", ""), (e: { code?: number }) => e.code === -32602);
    await assert.rejects(() => complete({ type: "ref/prompt", name: "session-start" }, "colour", ""), /has no argument colour/);
  });

  test("should complete types and tags from the vault", async () => {
    const { completeArgument } = await import("../lib/adapters/agent/completions.js");
    assert.deepEqual((await completeArgument(vault, "2026-11-22", "type", "de")).values, ["decision"]);
    assert.deepEqual((await completeArgument(vault, "2026-11-22", "tag", "dep")).values, ["deploy"]);
  });

  test("should answer bad prompt arguments with -32602 naming the prompt and the argument", async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ["debug-checklist", {}, /Invalid arguments for prompt debug-checklist: error: required \(CORTEX_E201\)/],
      ["debug-checklist", { error: "x", colour: "red" }, /Invalid arguments for prompt debug-checklist: colour: unknown argument \(this prompt takes: error, context\)/],
      ["session-start", { project: "   " }, /Invalid arguments for prompt session-start: project: must not be empty/],
    ];
    for (const [name, args, message] of cases) {
      await assert.rejects(() => client.getPrompt({ name, arguments: args }), (e: { code?: number; message: string }) => e.code === -32602 && message.test(e.message), `${name} ${JSON.stringify(args)}`);
    }
  });

  test("should read a resource under its canonical URI whatever form was asked", async () => {
    for (const uri of ["cortex://atom/reference/Release calendar.md", "cortex://atom/reference%2FRelease%20calendar.md", "cortex://atom/reference/Release%20calendar"]) {
      const { contents } = await client.readResource({ uri });
      assert.equal(contents[0]!.uri, "cortex://atom/reference/Release%20calendar.md", uri);
    }
    assert.equal((await client.readResource({ uri: "cortex://atom/_moc/ops.md" })).contents[0]!.uri, "cortex://moc/ops");
  });

  test("should send list_changed after save and supersede, and updated for a subscribed atom", async () => {
    await client.subscribeResource({ uri: "cortex://atom/rules/no_friday_deploys.md" });
    await client.subscribeResource({ uri: "cortex://summary" });
    listChanged.length = 0;
    updated.length = 0;
    const saved = await callTool(client, "save", { name: "Deploys pause on public holidays", body: "No production deploys on public holidays, same as Friday afternoons.", type: "rule", project: "ops" });
    assert.equal(saved.isError ?? false, false, textOf(saved));
    await waitFor(() => listChanged.length === 1 && updated.includes("cortex://summary"));
    assert.ok(!updated.includes("cortex://atom/rules/no_friday_deploys.md"), "not changed by this save");
    const superseded = await callTool(client, "supersede", { old: "rules/no_friday_deploys.md", new: saved.structuredContent!.path });
    assert.equal(superseded.isError ?? false, false, textOf(superseded));
    await waitFor(() => listChanged.length === 2 && updated.includes("cortex://atom/rules/no_friday_deploys.md"));
    await client.unsubscribeResource({ uri: "cortex://atom/rules/no_friday_deploys.md" });
    await assert.rejects(() => client.subscribeResource({ uri: "cortex://atom/no/such.md" }), /not found/i);
  });

  // Progress is checked on the raw stream below ("should send progress between the steps…"): the official
  // client may settle a call before it handles the notifications queued in front of its result, and drop them.

  test("should write nothing for a save cancelled right after it was sent, and keep serving", async () => {
    const before = atomFiles(vault);
    const controller = new AbortController();
    const call = client.callTool({ name: "save", arguments: { name: "Cancelled at once", body: "This save is cancelled as soon as it is sent.", type: "rule", project: "ops" } }, { signal: controller.signal });
    controller.abort("changed my mind");
    await assert.rejects(call);
    await client.ping();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(atomFiles(vault), before);
  });

  test("should write nothing for a save cancelled while it waited for the vault lock", async () => {
    const before = atomFiles(vault);
    const events = readFileSync(join(vault, "index/events.jsonl"), "utf8");
    const controller = new AbortController();
    let call: Promise<unknown> | undefined;
    await withVaultLock(vault, async () => {
      call = client.callTool({ name: "save", arguments: { name: "Cancelled behind the lock", body: "This save waits for the lock and is cancelled meanwhile.", type: "rule", project: "ops" } }, { signal: controller.signal }).catch((e: Error) => e);
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort("too slow");
      await client.ping();
    });
    assert.ok((await call) instanceof Error);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.deepEqual(atomFiles(vault), before);
    assert.equal(readFileSync(join(vault, "index/events.jsonl"), "utf8"), events);
    assert.ok(!existsSync(join(vault, "rules/cancelled_behind_the_lock.md")));
  });
});

describe("cortex mcp: 2026-07-28 connection", () => {
  test("should deliver list_changed and resources/updated through subscriptions/listen", async () => {
    const vault = copyAgentVault();
    const changes: string[] = [];
    const client = await connectMcp(vault, { versionNegotiation: { mode: { pin: "2026-07-28" } }, listChanged: { resources: { autoRefresh: false, debounceMs: 0, onChanged: () => void changes.push("list_changed") } } });
    try {
      client.setNotificationHandler("notifications/resources/updated", (n) => void changes.push(n.params.uri));
      const subscription = await client.listen({ resourceSubscriptions: ["cortex://atom/rules/no_friday_deploys.md"] });
      const saved = await callTool(client, "save", { name: "Deploy windows on holidays", body: "Holidays follow the Friday rule for production deploys.", type: "rule", project: "ops" });
      assert.equal(saved.isError ?? false, false, textOf(saved));
      await callTool(client, "supersede", { old: "rules/no_friday_deploys.md", new: saved.structuredContent!.path });
      await waitFor(() => changes.filter((c) => c === "list_changed").length >= 2 && changes.includes("cortex://atom/rules/no_friday_deploys.md"));
      await subscription.close();
    } finally {
      await client.close();
      removeTemp(vault);
    }
  });
});

describe("cortex mcp: per-request protocol version", () => {
  test("should refuse a request whose protocol version differs from the connection's, or that gives none, with -32022", async () => {
    const vault = copyAgentVault();
    const server = rawServer(vault);
    const envelope = (version: string) => ({ "io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" } });
    try {
      const first = await server.request(1, "tools/list", { _meta: envelope("2026-07-28") });
      assert.ok(first.result?.tools?.length > 0, JSON.stringify(first).slice(0, 300));
      const other = await server.request(2, "tools/list", { _meta: envelope("2025-06-18") });
      assert.equal(other.error?.code, -32022, JSON.stringify(other));
      assert.deepEqual(other.error.data, { supported: ["2026-07-28"], requested: "2025-06-18" });
      const none = await server.request(3, "tools/call", { name: "status", arguments: {} });
      assert.equal(none.error?.code, -32022, JSON.stringify(none).slice(0, 300));
      const again = await server.request(4, "tools/call", { name: "status", arguments: {}, _meta: envelope("2026-07-28") });
      assert.equal(again.result?.structuredContent?.total, 9, JSON.stringify(again).slice(0, 300));
    } finally {
      server.child.stdin.end();
      await server.exited;
      removeTemp(vault);
    }
  });
});

describe("cortex mcp: stdio", () => {
  let vault = "";
  before(() => (vault = copyAgentVault()));
  after(() => removeTemp(vault));

  test("should answer a line over 10 MiB with a JSON-RPC error and keep serving", async () => {
    const server = rawServer(vault);
    try {
      await server.request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
      server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      const huge = await server.request(2, "tools/call", { name: "recall", arguments: { query: "x".repeat(12 * 1024 * 1024) } });
      assert.equal(huge.error.code, -32600);
      assert.match(huge.error.message, /over the limit of 10485760 bytes \(10 MiB\); it was discarded/);
      const after = await server.request(3, "tools/call", { name: "recall", arguments: { query: "deploy", limit: 1 } });
      assert.equal(after.result.structuredContent.hits[0].path, "decisions/deploy_freeze.md");
      server.child.stdin.write("{not json\n");
      assert.deepEqual((await server.next()).error, { code: -32700, message: "Parse error: the line is not JSON" });
    } finally {
      server.child.stdin.end();
      assert.equal(await server.exited, 0);
    }
  });

  test("should send progress between the steps of a call that carries a progressToken, before its result", async () => {
    const server = rawServer(vault);
    try {
      await server.request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
      server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      const notes = [server.next(), server.next(), server.next()];
      const reply = await server.request(2, "tools/call", { name: "recall", arguments: { query: "deploy" }, _meta: { progressToken: "p1" } });
      assert.equal(reply.result.isError, false);
      assert.deepEqual((await Promise.all(notes)).map((n) => [n.method, n.params.progressToken, n.params.progress, n.params.message]), [
        ["notifications/progress", "p1", 1, "started"],
        ["notifications/progress", "p1", 2, "index up to date"],
        ["notifications/progress", "p1", 3, "ranked"],
      ]);
    } finally {
      server.child.stdin.end();
      await server.exited;
    }
  });

  test("should finish the requests in flight when stdin ends, then exit 0", async () => {
    const server = rawServer(vault);
    await server.request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
    server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const replies = [2, 3, 4].map((id) => server.request(id, "tools/call", { name: "status", arguments: {} }));
    server.child.stdin.end();
    for (const reply of await Promise.all(replies)) assert.equal(reply.result.structuredContent.total, 9);
    assert.equal(await server.exited, 0);
  });
});

// Every object of an output schema lists its properties and allows no other (the error's free-form details aside).
function assertStrict(schema: unknown, where: string): void {
  if (schema === null || typeof schema !== "object") return;
  const s = schema as Record<string, unknown>;
  if (s.type === "object" && s.properties !== undefined) assert.equal(s.additionalProperties, false, `${where}: an object without additionalProperties: false`);
  for (const [key, value] of Object.entries(s)) if (key !== "details") assertStrict(value, `${where}.${key}`);
}

async function waitFor(condition: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out waiting for a notification");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// `cortex mcp` spoken to raw over stdio: replies by request id; notifications and id-less errors in order through next().
function rawServer(vault: string) {
  const child = spawn(process.execPath, [BUILT_CLI, "mcp", "--vault", vault], { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, CORTEX_TODAY: "2026-11-22" } });
  const waiters = new Map<number | null, ((m: Record<string, any>) => void)[]>();
  let pending = "";
  child.stdout.on("data", (d) => {
    pending += d;
    for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n")) {
      const message = JSON.parse(pending.slice(0, nl)) as Record<string, any>;
      pending = pending.slice(nl + 1);
      // A reply goes to its request; anything else (notifications, errors with id null) to next(), in order.
      waiters.get(typeof message.id === "number" ? message.id : null)?.shift()?.(message);
    }
  });
  const wait = (id: number | null) => new Promise<Record<string, any>>((resolve) => waiters.set(id, [...(waiters.get(id) ?? []), resolve]));
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return {
    child,
    send,
    exited: new Promise<number | null>((resolve) => child.on("exit", resolve)),
    next: () => wait(null),
    request(id: number, method: string, params: unknown) {
      const reply = wait(id);
      send({ jsonrpc: "2.0", id, method, params });
      return reply;
    },
  };
}
