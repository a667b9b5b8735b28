import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { watchMarkerPath } from "../lib/store/watch-marker.js";
import { copyAgentVault } from "./helpers/agent.js";
import { BUILT_CLI, removeTemp } from "./helpers/cli.js";
import { callTool, connectMcp, textOf } from "./helpers/mcp.js";

async function waitFor(condition: () => boolean, what: string, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("cortex mcp: a live server", () => {
  let vault = "";
  let client: Client;
  const listChanged: number[] = [];
  const updated: string[] = [];
  before(async () => {
    vault = copyAgentVault();
    client = await connectMcp(vault);
    client.setNotificationHandler("notifications/resources/list_changed", () => void listChanged.push(Date.now()));
    client.setNotificationHandler("notifications/resources/updated", (n) => void updated.push(n.params.uri));
    await waitFor(() => existsSync(watchMarkerPath(vault)) && !JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")).pending, "the watcher's first sync");
  });
  after(async () => {
    await client.close();
    removeTemp(vault);
  });

  test("should send list_changed and updated for a note edited on disk, and recall should see the edit", async () => {
    await client.subscribeResource({ uri: "cortex://atom/rules/no_friday_deploys.md" });
    listChanged.length = updated.length = 0;
    appendFileSync(join(vault, "rules/no_friday_deploys.md"), "\nAlso no deploys while the axolotl migration runs.\n");
    await waitFor(() => listChanged.length > 0 && updated.includes("cortex://atom/rules/no_friday_deploys.md"), "the notifications");
    const recalled = await callTool(client, "recall", { query: "axolotl" });
    assert.deepEqual(recalled.structuredContent!.hits.map((h: { path: string }) => h.path), ["rules/no_friday_deploys.md"], textOf(recalled));
  });

  test("should send list_changed for a note added on disk, and answer recall from the vault kept open", async () => {
    listChanged.length = 0;
    writeFileSync(join(vault, "rules/pangolin_rule.md"), "---\nname: Pangolin rule\ntype: rule\nproject: ops\n---\n\nPangolins review every rollback.\n");
    await waitFor(() => listChanged.length > 0, "list_changed");
    const first = await callTool(client, "recall", { query: "pangolins" });
    const again = await callTool(client, "recall", { query: "pangolins" });
    assert.equal(first.structuredContent!.matched, 1, textOf(first));
    assert.deepEqual(again.structuredContent, first.structuredContent);
  });

  test("should send list_changed when a folder of notes is renamed on disk", async () => {
    mkdirSync(join(vault, "extra"));
    writeFileSync(join(vault, "extra/quail_rule.md"), "---\nname: Quail rule\ntype: rule\nproject: ops\n---\n\nQuails sign off on schema changes.\n");
    await waitFor(() => listChanged.length > 0, "list_changed for the new folder");
    await new Promise((resolve) => setTimeout(resolve, 400));
    listChanged.length = 0;
    renameSync(join(vault, "extra"), join(vault, "moved"));
    await waitFor(() => listChanged.length > 0, "list_changed for the renamed folder");
    const recalled = await callTool(client, "recall", { query: "quails" });
    assert.deepEqual(recalled.structuredContent!.hits.map((h: { path: string }) => h.path), ["moved/quail_rule.md"], textOf(recalled));
  });

  test("should announce a save once, not again when the watcher sees its files", async () => {
    listChanged.length = 0;
    const saved = await callTool(client, "save", { name: "Deploys pause during audits", body: "No production deploys while an external audit is running.", type: "rule", project: "ops" });
    assert.equal(saved.isError ?? false, false, textOf(saved));
    await waitFor(() => listChanged.length >= 1, "list_changed");
    // The watcher's debounce and sync have passed by then.
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal(listChanged.length, 1);
  });
});

describe("cortex mcp: the first call", () => {
  test("should see, right after the handshake, an edit made to an indexed vault before the server started", async () => {
    const vault = copyAgentVault();
    try {
      const indexed = spawnSync(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", "2026-11-22"], { encoding: "utf8" });
      assert.ok(existsSync(join(vault, "index/manifest.json")), indexed.stderr);
      appendFileSync(join(vault, "rules/no_friday_deploys.md"), "\nThe narwhal checklist comes first.\n");
      const client = await connectMcp(vault);
      try {
        assert.equal((await client.listTools()).tools.length, 12);
        const recalled = await callTool(client, "recall", { query: "narwhal" });
        assert.deepEqual(recalled.structuredContent!.hits.map((h: { path: string }) => h.path), ["rules/no_friday_deploys.md"], textOf(recalled));
      } finally {
        await client.close();
      }
    } finally {
      removeTemp(vault);
    }
  });
});

describe("cortex mcp: stopping a live server", () => {
  const start = (vault: string) => {
    const child = spawn(process.execPath, [BUILT_CLI, "mcp", "--vault", vault], { env: { PATH: process.env.PATH, HOME: join(vault, "no-home"), CORTEX_TODAY: "2026-11-22" }, stdio: ["pipe", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    return { child, exited };
  };

  for (const how of ["SIGTERM", "SIGINT", "end of stdin"] as const) {
    test(`should exit 0 and remove its marker on ${how}`, async () => {
      const vault = copyAgentVault();
      try {
        const { child, exited } = start(vault);
        await waitFor(() => existsSync(watchMarkerPath(vault)), "the marker");
        if (how === "end of stdin") child.stdin.end();
        else child.kill(how);
        assert.equal(await exited, 0);
        assert.ok(!existsSync(watchMarkerPath(vault)));
      } finally {
        removeTemp(vault);
      }
    });
  }
});
