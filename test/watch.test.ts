import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openVault } from "../lib/app/vault.js";
import { watchVault, type VaultWatcher } from "../lib/app/watch.js";
import { relevantPath } from "../lib/app/watch-paths.js";
import { indexStamp, watcherKeepsCurrent, watchMarkerPath, writeWatchMarker, type WatchMarker } from "../lib/store/watch-marker.js";
import { withVaultLock } from "../lib/store/lock.js";
import { indexSettingsKey } from "../lib/engine/indexer.js";
import { BUILT_CLI, copyToTemp, removeTemp, ROOT } from "./helpers/cli.js";

const TODAY = "2026-11-22";
const NOTE = (name: string, body: string) => `---\nname: ${name}\ntype: rule\nproject: ops\n---\n\n${body}\n`;

async function waitFor(condition: () => boolean, what: string, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const searchPaths = async (vault: string, query: string) => (await openVault({ vault, env: {}, today: TODAY }).search(query, { log: false })).hits.map((h) => h.record.path);

describe("vault watcher", () => {
  let vault = "";
  let watcher: VaultWatcher;
  const synced: string[][] = [];
  before(async () => {
    vault = copyToTemp(join(ROOT, "examples/vault"));
    const { config } = openVault({ vault, env: {}, today: TODAY });
    watcher = watchVault(vault, { config, today: () => TODAY, debounceMs: 50, onSync: (s) => void synced.push(s.paths) });
    await waitFor(() => watcher.syncs > 0 && !watcher.pending, "the first sync");
  });
  after(() => {
    watcher.close();
    removeTemp(vault);
  });

  const settled = (syncs: number) => waitFor(() => watcher.syncs > syncs && !watcher.pending, "a sync");

  test("should index an added, an edited and a deleted note after the debounce, full-text search included", async () => {
    let syncs = watcher.syncs;
    writeFileSync(join(vault, "rules/zebra_crossings.md"), NOTE("Zebra crossings", "Quokkas cross at zebra crossings only."));
    await settled(syncs);
    assert.deepEqual(synced.at(-1), ["rules/zebra_crossings.md"]);
    assert.deepEqual(await searchPaths(vault, "quokkas"), ["rules/zebra_crossings.md"]);
    syncs = watcher.syncs;
    appendFileSync(join(vault, "rules/zebra_crossings.md"), "Wombats too.\n");
    await settled(syncs);
    assert.deepEqual(await searchPaths(vault, "wombats"), ["rules/zebra_crossings.md"]);
    syncs = watcher.syncs;
    rmSync(join(vault, "rules/zebra_crossings.md"));
    await settled(syncs);
    assert.deepEqual(await searchPaths(vault, "quokkas"), []);
    assert.ok(!JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")).some((e: { path: string }) => e.path === "rules/zebra_crossings.md"));
  });

  test("should see a note in a folder made after it started, and the notes of a folder renamed", async () => {
    let syncs = watcher.syncs;
    mkdirSync(join(vault, "later"));
    writeFileSync(join(vault, "later/lemur_rule.md"), NOTE("Lemur rule", "Lemurs own the staging cluster."));
    await settled(syncs);
    assert.deepEqual(await searchPaths(vault, "lemurs"), ["later/lemur_rule.md"]);
    syncs = watcher.syncs;
    renameSync(join(vault, "later"), join(vault, "moved"));
    await settled(syncs);
    assert.deepEqual(await searchPaths(vault, "lemurs"), ["moved/lemur_rule.md"]);
  });

  test("should say in its marker that the index is current, and let a search skip its scan yet see a change once synced", async () => {
    const expect = { today: TODAY, settings: indexSettingsKey(openVault({ vault, env: {}, today: TODAY }).config) };
    await waitFor(() => watcherKeepsCurrent(vault, expect), "the marker");
    const marker = JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")) as WatchMarker;
    assert.equal(marker.pid, process.pid);
    assert.equal(openVault({ vault, env: {}, today: TODAY }).indexResult().reread, 0);
    const syncs = watcher.syncs;
    writeFileSync(join(vault, "rules/okapi_rule.md"), NOTE("Okapi rule", "Okapis deploy on Tuesdays."));
    await settled(syncs);
    await waitFor(() => watcherKeepsCurrent(vault, expect), "the marker after the sync");
    assert.deepEqual(await searchPaths(vault, "okapis"), ["rules/okapi_rule.md"]);
  });

  test("should write its marker again at the next heartbeat when another watcher replaced it", async () => {
    const theirs = JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")) as WatchMarker;
    writeWatchMarker(vault, { ...theirs, pid: theirs.pid + 1 });
    await waitFor(() => (JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")) as WatchMarker).pid === process.pid, "our marker again", 2_500);
  });

  test("should index a change made while another process held the vault lock once it is released", async () => {
    const syncs = watcher.syncs;
    await withVaultLock(vault, async () => {
      writeFileSync(join(vault, "rules/heron_rule.md"), NOTE("Heron rule", "Herons wait for the lock."));
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(watcher.syncs, syncs, "no sync while the lock is held");
    });
    await settled(syncs);
    assert.deepEqual(await searchPaths(vault, "herons"), ["rules/heron_rule.md"]);
  });

  test("should make its marker good again after another process wrote the index", async () => {
    const expect = { today: TODAY, settings: indexSettingsKey(openVault({ vault, env: {}, today: TODAY }).config) };
    await waitFor(() => watcherKeepsCurrent(vault, expect), "the marker");
    openVault({ vault, env: {}, today: TODAY }).index({ full: true });
    assert.equal(watcherKeepsCurrent(vault, expect), false, "void once the index was written by someone else");
    await waitFor(() => watcherKeepsCurrent(vault, expect), "the marker made good", 2_500);
  });

  test("should ignore index/, layers/, dot-folders and files other than notes", () => {
    assert.equal(relevantPath("rules/a.md"), "rules/a.md");
    assert.equal(relevantPath("cortex.toml"), "cortex.toml");
    for (const path of ["index/manifest.json", "layers/hot.json", "index/x.md", ".obsidian/workspace.md", "rules/.hidden.md", "rules/img.png", "node_modules/x/readme.md"]) assert.equal(relevantPath(path), null, path);
    assert.equal(relevantPath("rules"), "unknown", "a folder renamed moves its notes");
  });
});

describe("watcher marker", () => {
  let vault = "";
  let expect = { today: TODAY, settings: "" };
  before(() => {
    vault = copyToTemp(join(ROOT, "examples/vault"));
    const opened = openVault({ vault, env: {}, today: TODAY });
    opened.index();
    expect = { today: TODAY, settings: indexSettingsKey(opened.config) };
  });
  after(() => removeTemp(vault));

  const marker = (change: Partial<WatchMarker> = {}): WatchMarker => ({ pid: process.pid, host: hostname(), started: new Date().toISOString(), synced: new Date().toISOString(), pending: false, ...expect, index: indexStamp(vault), ...change });

  test("should skip the scan for a live marker and not for a pending, stale, dead, other-day or outdated one", async () => {
    writeWatchMarker(vault, marker());
    writeFileSync(join(vault, "rules/unseen_note.md"), NOTE("Unseen note", "Narwhals are not indexed yet."));
    assert.deepEqual(await searchPaths(vault, "narwhals"), [], "trusted: the scan was skipped");
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid!;
    for (const [why, m] of [["pending", marker({ pending: true })], ["dead pid", marker({ pid: dead })], ["other day", marker({ today: "2026-11-23" })], ["other host", marker({ host: `not-${hostname()}` })], ["index written by another process since", marker({ index: "1:2" })]] as const) {
      writeWatchMarker(vault, m);
      assert.equal(watcherKeepsCurrent(vault, expect), false, why);
    }
    writeWatchMarker(vault, marker());
    const old = new Date(Date.now() - 10_000);
    utimesSync(watchMarkerPath(vault), old, old);
    assert.equal(watcherKeepsCurrent(vault, expect), false, "stale heartbeat");
    assert.deepEqual(await searchPaths(vault, "narwhals"), ["rules/unseen_note.md"], "ignored: the search checked the files");
  });
});

describe("cortex watch", () => {
  test("should keep the index current until SIGTERM, then exit 0 and remove its marker", async () => {
    const vault = copyToTemp(join(ROOT, "examples/vault"));
    try {
      const child = spawn(process.execPath, [BUILT_CLI, "watch", "--vault", vault], { env: { PATH: process.env.PATH, CORTEX_TODAY: TODAY }, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      await waitFor(() => existsSync(watchMarkerPath(vault)) && !JSON.parse(readFileSync(watchMarkerPath(vault), "utf8")).pending, "the marker");
      writeFileSync(join(vault, "rules/ibex_rule.md"), NOTE("Ibex rule", "Ibexes climb dams."));
      await waitFor(() => /indexed 1 changed note in \d+ ms: rules\/ibex_rule\.md/.test(stderr), "the sync line");
      child.kill("SIGTERM");
      assert.equal(await exited, 0, stderr);
      assert.ok(!existsSync(watchMarkerPath(vault)), "marker removed");
    } finally {
      removeTemp(vault);
    }
  });

  test("should stop with one clear line and exit 2 when the vault folder is renamed", async () => {
    const dir = copyToTemp(join(ROOT, "examples/vault"));
    const vault = join(dir, "..", `${dir.split("/").pop()}-v`);
    renameSync(dir, vault);
    try {
      const child = spawn(process.execPath, [BUILT_CLI, "watch", "--vault", vault, "--quiet"], { env: { PATH: process.env.PATH, CORTEX_TODAY: TODAY }, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      await waitFor(() => existsSync(watchMarkerPath(vault)), "the marker");
      renameSync(vault, dir);
      assert.equal(await exited, 2);
      assert.equal(stderr, `cortex watch: the vault folder ${vault} was deleted or renamed; stopped watching\n`);
    } finally {
      removeTemp(existsSync(dir) ? dir : vault);
    }
  });
});

describe("vault watcher told which notes this process recorded", () => {
  let vault = "";
  let watcher: VaultWatcher;
  const own = new Set<string>();
  before(async () => {
    vault = copyToTemp(join(ROOT, "examples/vault"));
    const { config } = openVault({ vault, env: {}, today: TODAY });
    watcher = watchVault(vault, { config, today: () => TODAY, debounceMs: 50, recorded: (path) => own.has(path) });
    await waitFor(() => watcher.syncs > 0 && !watcher.pending, "the first sync");
  });
  after(() => {
    watcher.close();
    removeTemp(vault);
  });

  test("should need no index run for the events of a note this process wrote and recorded, and run one for any other change", async () => {
    const { writeAtom } = await import("../lib/app/write/write-atom.js");
    const { config } = openVault({ vault, env: {}, today: TODAY });
    const syncs = watcher.syncs;
    const written = await writeAtom(vault, { name: "Ibis review", type: "rule", project: "ops", body: "Ibises review every schema change." }, { config, today: TODAY, commit: false });
    own.add(written.path);
    await waitFor(() => !watcher.pending, "the events to settle");
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(watcher.syncs, syncs, "no index run for the note this process recorded");
    assert.ok(watcherKeepsCurrent(vault, { today: TODAY, settings: indexSettingsKey(config) }), "the marker says current");
    assert.deepEqual(await searchPaths(vault, "ibises"), [written.path]);
    // Edited by someone else since: not as this process left it, so a run.
    own.delete(written.path);
    appendFileSync(join(vault, written.path), "Herons too.\n");
    await waitFor(() => watcher.syncs > syncs && !watcher.pending, "a run for the edit");
    assert.deepEqual(await searchPaths(vault, "herons"), [written.path]);
  });

  test("should run after a folder event even when every named note is one this process recorded", async () => {
    const syncs = watcher.syncs;
    own.add("rules/no_friday_deploys.md");
    mkdirSync(join(vault, "stork"));
    writeFileSync(join(vault, "stork/stork_rule.md"), NOTE("Stork rule", "Storks approve the marmot train."));
    renameSync(join(vault, "stork"), join(vault, "storks"));
    await waitFor(() => watcher.syncs > syncs && !watcher.pending, "a run for the folder");
    assert.deepEqual(await searchPaths(vault, "marmot"), ["storks/stork_rule.md"]);
  });
});
