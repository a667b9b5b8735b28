import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import fc from "fast-check";
import { openVault } from "../lib/app/vault.js";
import { beginIndexCheck, finishIndexCheck, type IndexCheckOutcome } from "../lib/engine/fresh-check.js";
import { PROBE_MIN_WAIT_MS, startChangeProbe, type ProbeState } from "../lib/store/change-probe.js";
import { RACY_FOLDER_MS } from "../lib/store/folder-stamps.js";
import { FINE_MARGIN_MS, quietMarkPath, readQuietMark, writeQuietMark } from "../lib/store/quiet-mark.js";
import { cacheSignature } from "../lib/store/files.js";
import { vaultPaths } from "../lib/store/paths.js";
import { defaultConfig } from "./helpers/lib.js";
import { removeTemp, tempDir, tempTree } from "./helpers/cli.js";
import { run, TODAY } from "./helpers/index-files.js";

const options = { config: defaultConfig(), today: TODAY };
const posix = process.platform !== "win32";

// Every vault here is small: the probe is asked for at any size.
process.env.CORTEX_CHANGE_PROBE = "always";

// Notes at several depths, a binary note, another file, a hidden folder, and the entries a probe leaves out.
const makeVault = () =>
  tempTree({
    "a.md": "# A\n",
    "notes/b.md": "---\nname: B\n---\nBody\n",
    "notes/deep/c.md": "# C\n",
    "notes/deep/pic.png": "png",
    "bin.md": "x\0y",
    ".obsidian/workspace.json": "{}",
    "node_modules/x/readme.md": "# X\n",
    "MEMORY.md": "# Memory\n",
  });

// Indexes the vault, checks it as a search would (its folders old enough to be stamped), then moves its quiet mark to
// where a check made now would set it (the margin before now), once the vault has been quiet for longer than that:
// as a check would find it after a few seconds.
async function indexAndMark(vault: string): Promise<void> {
  run(vault);
  assert.ok("result" in finishIndexCheck({ ...beginIndexCheck(vault, options, true), checkedAtMs: Date.now() + 60_000 }));
  await sleep(2 * FINE_MARGIN_MS);
  const since = (Date.now() - FINE_MARGIN_MS) / 1000;
  utimesSync(quietMarkPath(vault), since, since);
}

// The check's outcome as a check that stats every note gives it.
function outcomeWithoutProbe(vault: string): IndexCheckOutcome {
  process.env.CORTEX_CHANGE_PROBE = "never";
  try {
    return finishIndexCheck(beginIndexCheck(vault, options, true));
  } finally {
    process.env.CORTEX_CHANGE_PROBE = "always";
  }
}

const resultOf = (outcome: IndexCheckOutcome) => ("result" in outcome ? outcome.result : "changed");

test("should vouch for a vault quiet since its mark, and give what a stat of every note gives", { skip: !posix }, async () => {
  const vault = makeVault();
  try {
    await indexAndMark(vault);
    const check = beginIndexCheck(vault, options, true);
    assert.ok(check.probe, "a probe runs");
    // Its answer waited for first: on notes this few, a pass that stats them would end before it.
    assert.equal(check.probe.finish(), true, "the probe vouched");
    const outcome = finishIndexCheck(check);
    assert.ok("result" in outcome);
    assert.deepEqual(outcome.result, resultOf(outcomeWithoutProbe(vault)));
    assert.equal(outcome.result.atoms, 3, "a.md, b.md and c.md: the binary note is left out, and what a scan leaves out is not there");
  } finally {
    removeTemp(vault);
  }
});

test("should vouch for a vault named by a path relative to the current folder", { skip: !posix }, async () => {
  const vault = makeVault();
  try {
    await indexAndMark(vault);
    const check = beginIndexCheck(relative(process.cwd(), vault), options, true);
    assert.ok(check.probe, "a probe runs");
    assert.equal(check.probe.finish(), true);
    finishIndexCheck(check);
  } finally {
    removeTemp(vault);
  }
});

test("should scan nothing once the probe vouched, even where the scan would take a second thread", { skip: !posix }, async () => {
  const vault = makeVault();
  try {
    await indexAndMark(vault);
    const check = beginIndexCheck(vault, options, true);
    assert.equal(check.probe?.finish(), true);
    const scanned = () => assert.fail("the vault was scanned");
    const outcome = finishIndexCheck({ ...check, scan: { parallel: true, finish: scanned, finishUnless: scanned } });
    assert.deepEqual(resultOf(outcome), resultOf(outcomeWithoutProbe(vault)));
  } finally {
    removeTemp(vault);
  }
});

test("should end a scan on two threads at the probe's answer when it comes meanwhile, and take the notes as recorded", { skip: !posix }, async () => {
  const vault = makeVault();
  const bin = tempDir();
  const path = process.env.PATH;
  try {
    await indexAndMark(vault);
    // The system's find, a moment late: its answer comes while the scan runs.
    const find = execFileSync("/bin/sh", ["-c", "command -v find"], { encoding: "utf8" }).trim();
    writeFileSync(join(bin, "find"), `#!/bin/sh\nsleep 0.2\nexec ${find} "$@"\n`, { mode: 0o755 });
    process.env.PATH = `${bin}:${path}`;
    const check = beginIndexCheck(vault, options, true);
    process.env.PATH = path;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    let asked = 0;
    // A scan slower than the probe: it asks between units until told to stop.
    const finishUnless = (stop: () => boolean) => {
      while (++asked && !stop()) Atomics.wait(pause, 0, 0, 1);
      return null;
    };
    const outcome = finishIndexCheck({ ...check, scan: { parallel: true, finish: () => assert.fail("the scan was finished whole"), finishUnless } });
    assert.ok(asked > 1, "asked until the answer came");
    assert.equal(check.probe?.poll(), "unchanged");
    assert.deepEqual(resultOf(outcome), resultOf(outcomeWithoutProbe(vault)));
  } finally {
    process.env.PATH = path;
    removeTemp(bin);
    removeTemp(vault);
  }
});

// Each change after the mark: the probe sees it, and the check says what one that stats every note says.
const CHANGES: { name: string; change: (vault: string) => void }[] = [
  { name: "a note edited in place", change: (v) => appendFileSync(join(v, "notes/deep/c.md"), "More\n") },
  { name: "a note edited to the same size, its mtime put back", change: (v) => (writeFileSync(join(v, "a.md"), "# Z\n"), utimesSync(join(v, "a.md"), lstatSync(join(v, "notes/b.md")).atime, lstatSync(join(v, "notes/b.md")).mtime)) },
  { name: "a note's mtime set back", change: (v) => utimesSync(join(v, "a.md"), 1e9, 1e9) },
  { name: "a note added", change: (v) => writeFileSync(join(v, "notes/deep/new.md"), "# New\n") },
  { name: "a note removed", change: (v) => rmSync(join(v, "notes/b.md")) },
  { name: "a note renamed", change: (v) => renameSync(join(v, "notes/deep/c.md"), join(v, "notes/deep/d.md")) },
  { name: "a note saved by rename over itself", change: (v) => (writeFileSync(join(v, "notes/.b.md.tmp"), "# B again\n"), renameSync(join(v, "notes/.b.md.tmp"), join(v, "notes/b.md"))) },
  { name: "a folder removed", change: (v) => rmSync(join(v, "notes/deep"), { recursive: true }) },
  { name: "another file added", change: (v) => writeFileSync(join(v, "notes/doc.pdf"), "pdf") },
  { name: "a symbolic link added", change: (v) => symlinkSync(join(v, "a.md"), join(v, "notes/alias.md")) },
  { name: "a note made unreadable", change: (v) => chmodSync(join(v, "notes/b.md"), 0o000) },
];

for (const { name, change } of CHANGES) {
  test(`should not vouch after ${name}, and find what a stat of every note finds`, { skip: !posix }, async () => {
    const vault = makeVault();
    try {
      await indexAndMark(vault);
      // Past the tick of a coarse file-system clock, so that the change is later than the mark.
      await sleep(30);
      change(vault);
      const check = beginIndexCheck(vault, options, true);
      assert.ok(check.probe, "a probe runs");
      assert.equal(check.probe.finish(), false);
      assert.equal(check.probe.poll(), "changed", "the probe saw the change");
      const outcome = finishIndexCheck(check);
      assert.deepEqual(resultOf(outcome), resultOf(outcomeWithoutProbe(vault)));
    } finally {
      removeTemp(vault);
    }
  });
}

test("should find through a search the words written into a note after the mark, and leave the mark standing for no other cache file", { skip: !posix }, async () => {
  const vault = makeVault();
  try {
    await indexAndMark(vault);
    const search = async (query: string) => (await openVault({ vault, env: {}, today: TODAY }).search(query, { log: false })).hits.map((h) => h.record.path);
    assert.deepEqual(await search("body"), ["notes/b.md"]);
    await sleep(30);
    appendFileSync(join(vault, "notes/deep/c.md"), "zebracorn\n");
    assert.deepEqual(await search("zebracorn"), ["notes/deep/c.md"]);
    assert.equal(readQuietMark(vault, cacheSignature(vaultPaths(vault).cache)!), null, "the run that took the edit in wrote another cache file");
  } finally {
    removeTemp(vault);
  }
});

test("should find every word just written into a note, however soon after a check that marked the vault quiet", { skip: !posix }, async () => {
  const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
  const step = fc.record({ note: fc.integer({ min: 0, max: 3 }), word: fc.integer({ min: 0, max: 7 }), pause: fc.integer({ min: 0, max: 60 }), checkFirst: fc.boolean() });
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 7 }), async (steps) => {
      const vault = makeVault();
      try {
        await indexAndMark(vault);
        const search = async (query: string) => (await openVault({ vault, env: {}, today: TODAY }).search(query, { log: false })).hits.map((h) => h.record.path);
        const body = ["", "", "", ""];
        const holders = (text: string) => body.flatMap((b, i) => (b === text ? [`notes/n${i}.md`] : []));
        for (const { note, word, pause, checkFirst } of steps) {
          // A search that finds nothing changed (the one before it took the last write in) marks the vault quiet.
          if (checkFirst && body[note] !== "") assert.deepEqual((await search(body[note]!)).sort(), holders(body[note]!));
          await sleep(pause);
          // Same length whatever the word: an edit in place that keeps the size.
          body[note] = words[word]!.padEnd(8, "z");
          writeFileSync(join(vault, `notes/n${note}.md`), `---\nname: N${note}\n---\n${body[note]}\n`);
          assert.deepEqual((await search(body[note]!)).sort(), holders(body[note]!), `after writing ${body[note]} into n${note}`);
        }
      } finally {
        removeTemp(vault);
      }
    }),
    { numRuns: 12 },
  );
});

test("should vouch after changes to what a scan leaves out: hidden folders, node_modules, the index", { skip: !posix }, async () => {
  const vault = makeVault();
  try {
    await indexAndMark(vault);
    await sleep(30);
    writeFileSync(join(vault, ".obsidian/workspace.json"), '{"open":1}');
    appendFileSync(join(vault, "node_modules/x/readme.md"), "more\n");
    appendFileSync(join(vault, "MEMORY.md"), "more\n");
    appendFileSync(vaultPaths(vault).accessLog, "{}\n");
    const check = beginIndexCheck(vault, options, true);
    assert.equal(check.probe?.finish(), true);
    finishIndexCheck(check);
  } finally {
    removeTemp(vault);
  }
});

test("should mark the vault quiet since before the check that stat'ed its notes, less a margin past the file system's tick", { skip: !posix }, async () => {
  const vault = makeVault();
  try {
    run(vault);
    // The margin the mark takes on this file system: its times have digits below the millisecond, or not.
    writeFileSync(join(vault, "index/probe.tmp"), "x");
    const margin = lstatSync(join(vault, "index/probe.tmp"), { bigint: true }).mtimeNs % 1_000_000n === 0n ? RACY_FOLDER_MS : FINE_MARGIN_MS;
    rmSync(join(vault, "index/probe.tmp"));
    const check = beginIndexCheck(vault, options, true);
    const began = check.checkedAtMs;
    finishIndexCheck({ ...check, checkedAtMs: Date.now() + 60_000 });
    const since = lstatSync(quietMarkPath(vault)).mtimeMs;
    assert.ok(since <= began - margin + 1 && since >= began - margin - 1_000, `${since} is ${began - since} ms before the check began (margin ${margin} ms)`);
    assert.deepEqual(readQuietMark(vault, cacheSignature(vaultPaths(vault).cache)!), { file: quietMarkPath(vault), files: 4 });
  } finally {
    removeTemp(vault);
  }
});

test("should run no probe without a mark that stands (damaged, of another cache file, ahead of the clock), when turned off, or for a caller with nothing to do meanwhile", { skip: !posix }, async () => {
  const vault = makeVault();
  try {
    await indexAndMark(vault);
    const mark = quietMarkPath(vault);
    const good = readFileSync(mark);
    const probed = () => {
      const check = beginIndexCheck(vault, options, true);
      finishIndexCheck(check);
      return check.probe !== null;
    };
    const reset = () => (writeFileSync(mark, good), utimesSync(mark, (Date.now() - FINE_MARGIN_MS) / 1000, (Date.now() - FINE_MARGIN_MS) / 1000));
    assert.equal(probed(), true);
    writeFileSync(mark, good.toString("utf8").replace("#cortex-quiet/1", "#cortex-quiet/2"));
    assert.equal(probed(), false, "of another format");
    reset();
    writeFileSync(mark, good.subarray(0, good.length - 3));
    assert.equal(probed(), false, "cut short");
    writeFileSync(mark, Buffer.from([0x23, 0xff, 0x00, 0x0a, 0x07]));
    assert.equal(probed(), false, "garbage");
    rmSync(mark);
    assert.equal(probed(), false, "missing");
    reset();
    writeQuietMark(vault, "1:2:3", 5, { wallMs: Date.now(), monoMs: performance.now() });
    assert.equal(probed(), false, "of another cache file");
    reset();
    utimesSync(mark, Date.now() / 1000 + 3600, Date.now() / 1000 + 3600);
    assert.equal(probed(), false, "ahead of the clock");
    reset();
    const check = beginIndexCheck(vault, options);
    finishIndexCheck(check);
    assert.equal(check.probe, null, "a caller with nothing to do meanwhile (an index run) stats the notes");
    reset();
    process.env.CORTEX_CHANGE_PROBE = "never";
    try {
      assert.equal(probed(), false, "turned off");
    } finally {
      process.env.CORTEX_CHANGE_PROBE = "always";
    }
    delete process.env.CORTEX_CHANGE_PROBE;
    try {
      assert.equal(probed(), false, "a vault this small is stat'ed");
    } finally {
      process.env.CORTEX_CHANGE_PROBE = "always";
    }
  } finally {
    removeTemp(vault);
  }
});

// A `find` of our own, first on PATH: what the probe makes of each way it can go wrong.
const FAKE_FINDS: { name: string; script: string; state: ProbeState }[] = [
  { name: "prints an entry and succeeds", script: 'echo "./a.md"', state: "changed" },
  { name: "fails without output", script: "exit 2", state: "failed" },
  { name: "prints the shell's end line itself, then fails", script: 'echo "#0"; exit 1', state: "failed" },
  { name: "is missing", script: "", state: "failed" },
];

for (const { name, script, state } of FAKE_FINDS) {
  test(`should not vouch when find ${name}, and find what a stat of every note finds`, { skip: !posix }, async () => {
    const vault = makeVault();
    const bin = tempDir();
    const path = process.env.PATH;
    try {
      await indexAndMark(vault);
      if (script) writeFileSync(join(bin, "find"), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
      process.env.PATH = script ? `${bin}:${path}` : bin;
      const check = beginIndexCheck(vault, options, true);
      assert.equal(check.probe?.finish(), false);
      assert.equal(check.probe.poll(), state);
      const outcome = finishIndexCheck(check);
      process.env.PATH = path;
      assert.deepEqual(resultOf(outcome), resultOf(outcomeWithoutProbe(vault)));
    } finally {
      process.env.PATH = path;
      removeTemp(bin);
      removeTemp(vault);
    }
  });
}

test("should not wait for a probe still out once its own stats have told: a change, or nothing changed (the mark kept)", { skip: !posix }, async () => {
  const vault = makeVault();
  const bin = tempDir();
  const path = process.env.PATH;
  try {
    await indexAndMark(vault);
    writeFileSync(join(bin, "find"), "#!/bin/sh\nexec sleep 30\n", { mode: 0o755 });
    process.env.PATH = `${bin}:${path}`;
    const mark = lstatSync(quietMarkPath(vault)).mtimeMs;
    for (const changed of [false, true]) {
      if (changed) appendFileSync(join(vault, "notes/b.md"), "more\n");
      const started = Date.now();
      const check = beginIndexCheck(vault, options, true);
      const outcome = finishIndexCheck(check);
      assert.ok(Date.now() - started < PROBE_MIN_WAIT_MS, "the probe was not waited for");
      assert.equal(check.probe?.poll(), "cancelled");
      assert.equal("result" in outcome, !changed);
      assert.equal(lstatSync(quietMarkPath(vault)).mtimeMs, mark, "the mark still stands, and is left as it is");
    }
  } finally {
    process.env.PATH = path;
    removeTemp(bin);
    removeTemp(vault);
  }
});

test("should give up on a probe that does not answer in time, and stop it", { skip: !posix }, async () => {
  const vault = makeVault();
  const bin = tempDir();
  const path = process.env.PATH;
  try {
    await indexAndMark(vault);
    const pidFile = join(bin, "pid");
    writeFileSync(join(bin, "find"), `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 30\n`, { mode: 0o755 });
    process.env.PATH = `${bin}:${path}`;
    const started = Date.now();
    const probe = startChangeProbe(vault, quietMarkPath(vault), 1);
    assert.ok(probe);
    assert.equal(probe.finish(), false);
    assert.equal(probe.poll(), "cancelled");
    assert.ok(Date.now() - started >= PROBE_MIN_WAIT_MS - 50, "it waited for its time");
    assert.ok(gone(Number(readFileSync(pidFile, "utf8"))), "the find it started is stopped");
  } finally {
    process.env.PATH = path;
    removeTemp(bin);
    removeTemp(vault);
  }
});

// Whether a process has ended (a zombie its parent has not reaped yet has too).
function gone(pid: number): boolean {
  for (const until = Date.now() + 2_000; Date.now() < until; ) {
    try {
      process.kill(pid, 0);
      if (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z")) return true;
    } catch {
      return true;
    }
  }
  return false;
}
