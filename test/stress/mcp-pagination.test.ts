import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { removeTemp, ROOT, tempDir } from "../helpers/cli.js";
import { connectMcp } from "../helpers/mcp.js";

const ATOMS = 50_000;
let dir = "";
let client: Client;
before(async () => {
  dir = tempDir("cortex-mcp-50k-");
  const gen = spawnSync(process.execPath, [join(ROOT, "bench/gen-vault.mjs"), "--out", join(dir, "v"), "--atoms", String(ATOMS), "--seed", "1", "--today", "2026-11-23"], { encoding: "utf8" });
  assert.equal(gen.status, 0, gen.stderr);
  client = await connectMcp(join(dir, "v"));
});
after(async () => {
  await client.close();
  removeTemp(dir);
});

test("should walk every page of a 50k-atom vault, see every atom once, and answer a ping between pages at once", { timeout: 600_000 }, async () => {
  const uris = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let slowestFollowing = 0;
  let slowestPing = 0;
  do {
    const started = performance.now();
    const page = await client.request({ method: "resources/list", params: cursor === undefined ? {} : { cursor } });
    if (pages > 0) slowestFollowing = Math.max(slowestFollowing, performance.now() - started);
    for (const r of page.resources) {
      assert.ok(!uris.has(r.uri), `${r.uri} listed twice`);
      uris.add(r.uri);
    }
    assert.ok(page.resources.length <= 500);
    cursor = page.nextCursor;
    pages++;
    const ping = performance.now();
    await client.ping();
    slowestPing = Math.max(slowestPing, performance.now() - ping);
  } while (cursor !== undefined);
  assert.equal(uris.size, ATOMS + 1, "the summary and every atom");
  assert.equal(pages, Math.ceil((ATOMS + 1) / 500));
  // Loose bounds (2 shared cores): the pages after the first are cut from the list the first one read.
  assert.ok(slowestFollowing < 1_000, `slowest following page ${Math.round(slowestFollowing)} ms`);
  assert.ok(slowestPing < 1_000, `slowest ping ${Math.round(slowestPing)} ms`);
  process.stderr.write(`mcp 50k walk: ${pages} pages, slowest following page ${Math.round(slowestFollowing)} ms, slowest ping ${Math.round(slowestPing)} ms\n`);
});
