import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ConfigError, CortexError } from "./helpers/lib.js";
import { errorOutcome, ERROR_CODES, ToolError } from "../lib/adapters/agent/errors.js";
import { debugChecklistPrompt, sessionStartPrompt } from "../lib/adapters/agent/prompts.js";
import { atomUri, canonicalUri, LISTING_TTL_MS, readResource, ResourceLister, summaryMarkdown } from "../lib/adapters/agent/resources.js";
import { runTool } from "../lib/adapters/agent/run.js";
import { TOOLS } from "../lib/adapters/agent/tools/registry.js";
import type { ToolEnv, ToolSpec } from "../lib/adapters/agent/types.js";
import { validateArgs } from "../lib/adapters/agent/validate.js";
import { copyAgentVault } from "./helpers/agent.js";
import { copyToTemp, removeTemp, ROOT } from "./helpers/cli.js";

const TODAY = "2026-11-22";
const tool = (name: string): ToolSpec => TOOLS.find((t) => t.name === name)!;

let vault = "";
let env: ToolEnv;
before(() => {
  vault = copyAgentVault();
  env = { vaultDir: vault, env: { HOME: join(vault, "no-home") }, today: () => TODAY };
});
after(() => removeTemp(vault));

const call = (name: string, args: unknown) => runTool(tool(name), args, env);
const errorOf = (outcome: { structured: Record<string, unknown> }) => outcome.structured.error as { code: string; argument?: string; message: string; suggestion: string };

describe("argument validation", () => {
  const schema = tool("recall").inputSchema;

  test("should apply defaults and keep given values", () => {
    assert.deepEqual(validateArgs(schema, { query: "deploy" }), { query: "deploy", limit: 10 });
  });

  const cases: [string, unknown, string, string][] = [
    ["a missing query", {}, "CORTEX_E201", "query"],
    ["a blank query", { query: "   " }, "CORTEX_E201", "query"],
    ["a query over 10,000 characters", { query: "x".repeat(10_001) }, "CORTEX_E202", "query"],
    ["a limit of 0", { query: "q", limit: 0 }, "CORTEX_E203", "limit"],
    ["a limit of 101", { query: "q", limit: 101 }, "CORTEX_E203", "limit"],
    ["a fractional limit", { query: "q", limit: 2.5 }, "CORTEX_E200", "limit"],
    ["a string limit", { query: "q", limit: "5" }, "CORTEX_E200", "limit"],
    ["an unknown argument", { query: "q", colour: "red" }, "CORTEX_E200", "colour"],
    ["a non-boolean flag", { query: "q", include_retired: "yes" }, "CORTEX_E200", "include_retired"],
    ["a budget under 50", { query: "q", budget_tokens: 10 }, "CORTEX_E203", "budget_tokens"],
    ["a null limit", { query: "q", limit: null }, "CORTEX_E200", "limit"],
    ["a null query", { query: null }, "CORTEX_E200", "query"],
    ["a null flag", { query: "q", include_retired: null }, "CORTEX_E200", "include_retired"],
  ];
  for (const [name, args, code, argument] of cases) {
    test(`should reject ${name} with ${code} naming ${argument}`, () => {
      assert.throws(() => validateArgs(schema, args), (e: ToolError) => e.code === code && e.argument === argument && e.message.startsWith(argument));
    });
  }

  test("should reject arguments that are not an object", () => {
    assert.throws(() => validateArgs(schema, [1]), /arguments must be an object/);
  });

  test("should check enums, array limits and item lengths", () => {
    const s = { type: "object" as const, properties: { status: { type: "string" as const, enum: ["active", "review"] }, tags: { type: "array" as const, maxItems: 20, items: { type: "string" as const, maxLength: 100 } } }, additionalProperties: false as const };
    assert.throws(() => validateArgs(s, { status: "gone" }), (e: ToolError) => e.code === "CORTEX_E204" && /one of active, review/.test(e.message));
    assert.throws(() => validateArgs(s, { tags: Array(21).fill("a") }), (e: ToolError) => e.code === "CORTEX_E202" && e.message === "tags: at most 20 items, got 21");
    assert.throws(() => validateArgs(s, { tags: ["ok", "x".repeat(101)] }), (e: ToolError) => e.argument === "tags[1]" && e.code === "CORTEX_E202");
  });
});

describe("error outcomes", () => {
  test("should map library errors to stable codes with a suggestion", () => {
    assert.equal(errorOf(errorOutcome(new CortexError("NOT_FOUND", "no atom"))).code, "CORTEX_E101");
    assert.equal(errorOf(errorOutcome(new CortexError("AMBIGUOUS", "two"))).code, "CORTEX_E102");
    assert.equal(errorOf(errorOutcome(new CortexError("VAULT_NOT_FOUND", "gone"))).code, "CORTEX_E100");
    assert.equal(errorOf(errorOutcome(new ConfigError("cortex.toml", "layers.hot", "bad"))).code, "CORTEX_E105");
    const internal = errorOutcome(new TypeError("boom"));
    assert.equal(errorOf(internal).code, "CORTEX_E900");
    assert.equal(internal.text, `CORTEX_E900 internal error: boom\nSuggestion: ${ERROR_CODES.CORTEX_E900!.suggestion}`);
  });

  test("should give every code a category and a one-line suggestion", () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      assert.match(code, /^CORTEX_E[12349]\d\d$/);
      assert.ok(info.suggestion.length > 10 && !info.suggestion.includes("\n"), code);
    }
  });

  test("should return a vault error instead of throwing when the vault is gone", async () => {
    const outcome = await runTool(tool("status"), {}, { ...env, vaultDir: join(vault, "missing") });
    assert.equal(outcome.isError, true);
    assert.equal(errorOf(outcome).code, "CORTEX_E100");
  });
});

describe("tools on a vault", () => {
  test("should recall with previews, leave archived atoms out and log the access", async () => {
    const log = join(vault, "index/access_log.jsonl");
    rmSync(log, { force: true });
    const outcome = await call("recall", { query: "deploy", limit: 3 });
    assert.equal(outcome.isError, false);
    const hits = outcome.structured.hits as { path: string; score: number; preview: string }[];
    assert.deepEqual(hits.map((h) => h.path), ["decisions/deploy_freeze.md", "rules/no_friday_deploys.md", "incidents/2026-11-03_outage.md"]);
    assert.equal(hits[0]!.preview, "Production is frozen from 24 hours before a release cut until 24 hours after the release is live. Hotfixes need the release manager's sign-off.");
    assert.match(outcome.text, /^### Memories\n\n- \*\*Deploy freeze during release windows\*\* \(score [\d.]+, hot, decision, ops, updated 2026-11-21, created 2026-11-18\) `decisions\/deploy_freeze\.md` · #deploy #risk #release\n/);
    const withArchived = await call("recall", { query: "deploy", limit: 100, include_retired: true });
    assert.ok((withArchived.structured.hits as { path: string }[]).some((h) => h.path === "atoms/archived_deploy.md"));
    const events = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { op: string; results: string[] });
    assert.deepEqual(events[0]!.op, "recall");
    assert.deepEqual(events[0]!.results, hits.map((h) => h.path));
  });

  test("should cut recall to a token budget and say when nothing matches", async () => {
    const cut = await call("recall", { query: "deploy", budget_tokens: 100 });
    assert.ok(cut.text.length <= 400);
    assert.ok((cut.structured.hits as unknown[]).length >= 1);
    const none = await call("recall", { query: "kubernetes" });
    assert.deepEqual([none.isError, none.text, none.structured.hits], [false, "No memories found for: kubernetes", []]);
  });

  test("should filter recall by project, type and tag", async () => {
    const paths = async (args: Record<string, unknown>) => ((await call("recall", { query: "deploy", ...args })).structured.hits as { path: string }[]).map((h) => h.path);
    assert.deepEqual(await paths({ type: "Rule" }), ["rules/no_friday_deploys.md"]);
    assert.deepEqual(await paths({ tag: "incident" }), ["incidents/2026-11-03_outage.md"]);
    assert.deepEqual(await paths({ project: "backend" }), []);
  });

  test("should list newest first, page with a cursor, and filter", async () => {
    const first = await call("list", { limit: 4 });
    const items = first.structured.items as { path: string }[];
    assert.deepEqual(items.map((i) => i.path), ["decisions/deploy_freeze.md", "reference/Release calendar.md", "rules/no_friday_deploys.md", "incidents/2026-11-03_outage.md"]);
    const second = await call("list", { limit: 4, cursor: first.structured.next_cursor });
    const third = await call("list", { limit: 4, cursor: second.structured.next_cursor });
    const all = [...items, ...(second.structured.items as { path: string }[]), ...(third.structured.items as { path: string }[])].map((i) => i.path);
    assert.equal(all.length, 9);
    assert.equal(new Set(all).size, 9);
    assert.equal(third.structured.next_cursor, null);
    assert.deepEqual(((await call("list", { status: "review" })).structured.items as { path: string }[]).map((i) => i.path), ["atoms/review_old.md"]);
    assert.deepEqual(((await call("list", { layer: "hot", project: "ops" })).structured.items as { path: string }[]).map((i) => i.path), ["decisions/deploy_freeze.md", "reference/Release calendar.md"]);
    assert.equal(errorOf(await call("list", { cursor: "not-a-cursor" })).code, "CORTEX_E205");
    assert.equal(errorOf(await call("list", { layer: "lukewarm" })).code, "CORTEX_E204");
  });

  test("should report status: counts, recent events, overdue reviews, index freshness", async () => {
    mkdirSync(join(vault, "index"), { recursive: true });
    writeFileSync(join(vault, "index/events.jsonl"), "");
    appendFileSync(join(vault, "index/events.jsonl"), `${JSON.stringify({ ts: "2026-11-21T10:00:00Z", op: "write", path: "decisions/deploy_freeze.md", id: "20261118_deploy_freeze" })}\n{torn\n`);
    appendFileSync(join(vault, "index/events.jsonl"), `${JSON.stringify({ ts: "2026-10-01T10:00:00Z", op: "supersede", path: "atoms/x.md", id: null })}\n`);
    await call("status", {});
    const outcome = await call("status", {});
    const s = outcome.structured as Record<string, any>;
    assert.equal(s.total, 9);
    assert.deepEqual(s.by_status, [["active", 7], ["archived", 1], ["review", 1]]);
    assert.deepEqual(s.by_layer, { hot: 2, warm: 0, cold: 6 });
    assert.equal(s.activity.last_7_days, 1);
    assert.deepEqual(s.activity.recent.map((e: { op: string }) => e.op), ["write", "supersede"]);
    assert.deepEqual(s.review_overdue, [{ path: "atoms/review_old.md", name: "Canary policy draft", updated: "2026-11-01", days: 21 }]);
    assert.equal(s.index.fresh, true);
    assert.match(outcome.text, /Review: 1 atom waiting for more than 7 days\n {2}- Canary policy draft \(21 days\) atoms\/review_old\.md/);
    writeFileSync(join(vault, "rules/new_rule.md"), "---\nname: New rule\n---\nBody\n");
    const stale = (await call("status", {})).structured as Record<string, any>;
    assert.deepEqual([stale.index.fresh, stale.index.changed_since_index, stale.total], [false, 1, 10]);
    rmSync(join(vault, "rules/new_rule.md"));
  });

  test("should give a context briefing within the budget", async () => {
    const outcome = await call("context", { query: "what do we know about the payments ledger?", budget_tokens: 200 });
    assert.ok((outcome.structured.tokens as number) <= 200);
    assert.deepEqual(outcome.structured.included, ["notes/payments_ledger.md"]);
    assert.equal(outcome.text, outcome.structured.briefing);
    const none = await call("context", { query: "kubernetes helm" });
    assert.deepEqual([none.isError, none.text], [false, "No atoms match: kubernetes helm"]);
  });

  test("should search transcripts newest first, text messages only, case-insensitively", async () => {
    const outcome = await call("transcript_search", { query: "redis connection pool" });
    const hits = outcome.structured.hits as { session_id: string; role: string; project: string; date: string }[];
    assert.deepEqual(hits.map((h) => [h.session_id, h.role, h.project, h.date]), [
      ["sess-be-2", "assistant", "-home-me-code-backend", "2026-11-20T14:00:09.000Z"],
      ["sess-ops-1", "assistant", "-home-me-code-ops", "2026-11-10T09:00:05.000Z"],
      ["sess-ops-1", "user", "-home-me-code-ops", "2026-11-10T09:00:00.000Z"],
    ]);
    assert.match(outcome.text, /^### Sessions\n\n- \*\*sess-be-2\*\* 2026-11-20T14:00:09\.000Z \(-home-me-code-backend, assistant\): bcrypt\.compare returns a promise; the "Redis Connection Pool" is unrelated here\./);
    const one = await call("transcript_search", { query: "redis", limit: 1 });
    assert.deepEqual((one.structured.hits as { session_id: string }[]).map((h) => h.session_id), ["sess-be-2"]);
    const summary = await call("transcript_search", { query: "pool sizing" });
    assert.deepEqual((summary.structured.hits as { role: string }[]).map((h) => h.role), ["summary"]);
    const toolOnly = await call("transcript_search", { query: "redis.conf" });
    assert.equal(toolOnly.text.startsWith("No matching sessions for: redis.conf (searched 2 transcript files"), true);
  });

  test("should say clearly when the transcripts folder does not exist", async () => {
    const bare = copyToTemp(`${ROOT}test/fixtures/ranking`);
    try {
      const outcome = await runTool(tool("transcript_search"), { query: "x" }, { ...env, vaultDir: bare });
      assert.equal(outcome.isError, false);
      assert.equal(outcome.structured.exists, false);
      assert.match(outcome.text, /^No matching sessions: there is no transcripts folder at .*no-home\/\.claude\/projects/);
    } finally {
      removeTemp(bare);
    }
  });
});

describe("resources and prompts", () => {
  test("should list the summary and every atom once under its canonical URI, a page at a time", async () => {
    const first = await new ResourceLister(vault).page(TODAY, undefined, 4);
    assert.deepEqual(first.resources.map((r) => r.uri), ["cortex://summary", "cortex://moc/ops", "cortex://atom/atoms/archived_deploy.md", "cortex://atom/atoms/review_old.md"]);
    const uris = first.resources.map((r) => r.uri);
    for (let cursor = first.nextCursor; cursor !== undefined; ) {
      const page = await new ResourceLister(vault).page(TODAY, cursor, 4);
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    }
    assert.equal(uris.length, 10, uris.join(" "));
    assert.equal(new Set(uris).size, 10);
    assert.ok(uris.includes("cortex://atom/reference/Release%20calendar.md"));
    assert.ok(!uris.includes("cortex://atom/_moc/ops.md"), "a MOC is listed once, as cortex://moc/<project>");
    assert.equal(atomUri("a b/c#d.md"), "cortex://atom/a%20b/c%23d.md");
    assert.equal(canonicalUri("_moc/ops.md"), "cortex://moc/ops");
    await assert.rejects(() => new ResourceLister(vault).page(TODAY, "garbage"), (e: ToolError) => e.code === "CORTEX_E205");
  });

  test("should serve the pages after the first from the list the first page read, until it is stale", async () => {
    let now = 0;
    const lister = new ResourceLister(vault, () => now);
    const first = await lister.page(TODAY, undefined, 5);
    writeFileSync(join(vault, "rules/zz_late.md"), "---\nname: Late atom\ntype: insight\nproject: ops\n---\n\nLate.\n");
    try {
      now = LISTING_TTL_MS;
      const rest = await lister.page(TODAY, first.nextCursor, 50);
      assert.ok(!rest.resources.some((r) => r.uri === "cortex://atom/rules/zz_late.md"), "one state of the vault per walk");
      now = 2 * LISTING_TTL_MS + 1;
      const stale = await lister.page(TODAY, first.nextCursor, 50);
      assert.ok(stale.resources.some((r) => r.uri === "cortex://atom/rules/zz_late.md"), "a stale list is read again, after the cursor");
      lister.invalidate();
      assert.ok((await lister.page(TODAY, first.nextCursor, 50)).resources.some((r) => r.uri === "cortex://atom/rules/zz_late.md"));
    } finally {
      rmSync(join(vault, "rules/zz_late.md"));
    }
  });

  test("should read an atom under its canonical URI whatever form the URI takes", async () => {
    const file = readFileSync(join(vault, "reference/Release calendar.md"), "utf8");
    for (const uri of ["cortex://atom/reference/Release%20calendar.md", "cortex://atom/reference/Release calendar.md", "cortex://atom/reference%2FRelease%20calendar.md", "cortex://atom/reference/Release%20calendar", "cortex://atom/20260901_release_calendar"]) {
      assert.deepEqual(await readResource(vault, TODAY, uri), { uri: "cortex://atom/reference/Release%20calendar.md", text: file }, uri);
    }
    assert.equal((await readResource(vault, TODAY, "cortex://atom/_moc/ops.md"))?.uri, "cortex://moc/ops");
  });

  test("should not read files that are not indexed atoms", async () => {
    for (const uri of ["cortex://atom/cortex.toml", "cortex://atom/../../etc/passwd", "cortex://atom/..%2F..%2Fetc%2Fpasswd", "cortex://atom/.transcripts/-home-me-code-ops/sess-ops-1.jsonl", "cortex://atom/", "cortex://other/x"]) {
      assert.equal(await readResource(vault, TODAY, uri), null, uri);
    }
  });

  test("should read a MOC and the summary", async () => {
    assert.equal((await readResource(vault, TODAY, "cortex://moc/OPS"))?.uri, "cortex://moc/ops");
    assert.equal(await readResource(vault, TODAY, "cortex://moc/backend"), null);
    assert.match(await summaryMarkdown(vault, TODAY), /^# Vault summary on 2026-11-22\n\n- 9 atoms, 7 active: 2 hot, 0 warm, 5 cold\n/);
  });

  test("should build the session-start prompt with status and a project briefing", async () => {
    const text = await sessionStartPrompt(vault, TODAY, "ops");
    assert.match(text, /^I am starting a session on the project "ops"\./);
    assert.match(text, /### Vault status on 2026-11-22/);
    assert.match(text, /## Map: ops \(_moc\/ops\.md\)/);
    assert.match(await sessionStartPrompt(vault, TODAY), /# Briefing: ops\n/);
  });

  test("should find past incidents and lessons for an error in the debug checklist", async () => {
    const text = await debugChecklistPrompt(vault, TODAY, "staging outage after two deploys", "ingress");
    assert.match(text, /- \*\*Staging outage from overlapping deploys\*\* \(incident, 2026-11-04\) `incidents\/2026-11-03_outage\.md`/);
    assert.ok(!text.includes("deploy_freeze"), "only incidents and lessons");
    assert.match(await debugChecklistPrompt(vault, TODAY, "segfault in the kernel"), /no incident or lesson that matches this error/);
  });
});
