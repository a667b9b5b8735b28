import assert from "node:assert/strict";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LiveVault } from "../lib/app/live-vault.js";
import { openVault } from "../lib/app/vault.js";
import { watchMarkerPath } from "../lib/store/watch-marker.js";
import { watchWhenQuiet } from "../lib/adapters/mcp/watch-start.js";
import { copyToTemp, removeTemp, ROOT } from "./helpers/cli.js";

const TODAY = "2026-11-22";

async function waitFor(condition: () => boolean, what: string, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paths = async (vault: { search: (q: string, o: { log: boolean }) => Promise<{ hits: { record: { path: string } }[] }> }, query: string) => (await vault.search(query, { log: false })).hits.map((h) => h.record.path);

test("should neither watch nor scan a deferred live vault before its first open, which sees an edit made before the start", async () => {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  let live: LiveVault | undefined;
  try {
    await paths(openVault({ vault, env: {}, today: TODAY }), "deploy");
    appendFileSync(join(vault, "rules/no_friday_deploys.md"), "\nThe okapi review comes first.\n");
    live = LiveVault.start(vault, { today: () => TODAY, deferred: true, debounceMs: 50 });
    await sleep(50);
    assert.ok(!existsSync(watchMarkerPath(vault)), "no watcher yet");
    assert.deepEqual(await paths(live.open(TODAY), "okapi"), ["rules/no_friday_deploys.md"]);
    await waitFor(() => existsSync(watchMarkerPath(vault)) && !JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")).pending, "the marker of the watch the open started");
    assert.equal(live.open(TODAY), live.open(TODAY), "the vault kept open once the watcher says the index is current");
  } finally {
    live?.close();
    removeTemp(vault);
  }
});

test("should start a deferred watch at watch(), and not once closed", async () => {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  try {
    const closed = LiveVault.start(vault, { today: () => TODAY, deferred: true });
    closed.close();
    closed.watch();
    await sleep(50);
    assert.ok(!existsSync(watchMarkerPath(vault)), "no watch after close");
    const live = LiveVault.start(vault, { today: () => TODAY, deferred: true });
    try {
      live.watch();
      await waitFor(() => existsSync(watchMarkerPath(vault)), "the marker");
    } finally {
      live.close();
    }
  } finally {
    removeTemp(vault);
  }
});

test("should say the vault is gone when its folder was deleted before a deferred watch started", async () => {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  const gone: string[] = [];
  const live = LiveVault.start(vault, { today: () => TODAY, deferred: true, onGone: (e) => void gone.push(e.code), onError: () => {} });
  try {
    removeTemp(vault);
    live.watch();
    await waitFor(() => gone.length > 0, "onGone");
    assert.deepEqual(gone, ["VAULT_NOT_FOUND"]);
  } finally {
    live.close();
  }
});

test("should start watching once the messages pause, or at the latest time while they keep coming, once", async () => {
  let started = 0;
  const fake = { watch: () => void (started += 1) } as unknown as LiveVault;
  const quiet = watchWhenQuiet(fake, 60, 5_000);
  for (let i = 0; i < 4; i++) {
    await sleep(20);
    quiet.received();
  }
  assert.equal(started, 0, "not while messages come");
  await waitFor(() => started > 0, "the start after the pause");
  quiet.received();
  await sleep(80);
  assert.equal(started, 1);

  started = 0;
  const busy = watchWhenQuiet(fake, 1_000, 150);
  const t0 = Date.now();
  while (started === 0 && Date.now() - t0 < 2_000) {
    busy.received();
    await sleep(10);
  }
  assert.equal(started, 1);
  assert.ok(Date.now() - t0 < 1_000, "started at the latest time, before any pause");

  started = 0;
  const cancelled = watchWhenQuiet(fake, 20, 40);
  cancelled.cancel();
  await sleep(80);
  assert.equal(started, 0, "never after cancel");
});

// A live vault over a copy of the example vault, once its watcher synced and its warming opened the vault a request keeps.
async function afterWarming(use: (live: LiveVault) => void): Promise<void> {
  const vault = copyToTemp(join(ROOT, "examples/vault"));
  const live = LiveVault.start(vault, { today: () => TODAY, debounceMs: 50 });
  try {
    await waitFor(() => existsSync(watchMarkerPath(vault)) && !JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")).pending, "the first sync");
    // The warming runs on a later turn of the event loop.
    await sleep(50);
    use(live);
  } finally {
    live.close();
    removeTemp(vault);
  }
}

test("should have, once its watcher synced, the vault a request gets open with its full-text counts worked out", async () => {
  await afterWarming((live) => {
    const store = live.open(TODAY).keptSearchDb()!;
    const workedOut = (key: string) => {
      let made = false;
      store.derived(key, () => (made = true));
      return !made;
    };
    assert.ok(workedOut("docs"), "the atom count is held before any request");
    assert.ok(workedOut("archived"), "the archived atoms' ids are held before any request");
    assert.ok(!workedOut("never asked"), "a value nobody worked out is made on demand");
  });
});
