import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { defaultConfig, INDEX_FORMAT, indexVault, readConfigFile, readSearchFile, search, SEARCH_FILE_HEADER } from "./helpers/lib.js";
import { BUILT_CLI, copyToTemp, removeTemp, ROOT, tempDir, tempVault } from "./helpers/cli.js";
import { fullRebuildOf, run, snapshot, TODAY } from "./helpers/index-files.js";

// The kill loops of the index run are in test/stress/index-kill.test.ts.

function exampleCopy(): string {
  const dir = copyToTemp(`${ROOT}examples/vault`);
  rmSync(join(dir, "index"), { recursive: true, force: true });
  rmSync(join(dir, "layers"), { recursive: true, force: true });
  cpSync(`${ROOT}test/fixtures/quirks`, join(dir, "quirks"), { recursive: true, preserveTimestamps: true });
  return dir;
}

test("should write byte-identical index files on two full runs, with a trailing newline", () => {
  const vault = exampleCopy();
  try {
    run(vault, { full: true });
    const first = snapshot(vault);
    run(vault, { full: true });
    assert.deepEqual(snapshot(vault), first);
    for (const text of Object.values(first)) assert.ok(text.endsWith("\n"));
    assert.deepEqual(readdirSync(join(vault, "index")).filter((f) => f.endsWith(".tmp")), [], "no temp files left");
  } finally {
    removeTemp(vault);
  }
});

test("should skip hidden, tool and dependency folders, the root MEMORY.md, and binary files", () => {
  const vault = exampleCopy();
  try {
    const result = run(vault);
    const paths = (JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[]).map((m) => m.path);
    assert.ok(paths.includes("quirks/sub/index/nested.md"), "a nested folder called index is content");
    assert.ok(paths.includes("quirks/MEMORY.md"), "only the vault root's MEMORY.md is skipped");
    for (const gone of ["MEMORY.md", "quirks/.obsidian/workspace.md", "quirks/node_modules/pkg/readme.md", "quirks/binary.md", "quirks/notes.txt", ".obsidian/app.json"]) {
      assert.ok(!paths.includes(gone), `${gone} is not indexed`);
    }
    assert.ok(result.diagnostics.some((d) => d.file === "quirks/binary.md" && d.rule === "binary"));
  } finally {
    removeTemp(vault);
  }
});

test("should write nothing when nothing changed", () => {
  const vault = exampleCopy();
  try {
    run(vault);
    const before = statSync(join(vault, "index/manifest.json")).mtimeMs;
    const again = run(vault);
    assert.deepEqual([again.reread, again.written], [0, []]);
    assert.equal(statSync(join(vault, "index/manifest.json")).mtimeMs, before);
  } finally {
    removeTemp(vault);
  }
});

test("should give exactly the files of a full rebuild after each kind of change", () => {
  const vault = exampleCopy();
  const touch = (rel: string) => utimesSync(join(vault, rel), new Date(), new Date(Date.now() + Math.random() * 1e6));
  const changes: [string, () => void][] = [
    ["a body line appended", () => appendFileSync(join(vault, "rules/no_friday_deploys.md"), "\nOne more line.\n")],
    ["a file touched, content unchanged", () => touch("atoms/canary_analysis.md")],
    ["a tag added", () => writeFileSync(join(vault, "quirks/ok.md"), readFileSync(join(vault, "quirks/ok.md"), "utf8").replace("tags: [a, b]", "tags: [a, b, c]"))],
    ["a link added", () => appendFileSync(join(vault, "atoms/about_me.md"), "\nSee [[canary_analysis]].\n")],
    ["a status changed", () => writeFileSync(join(vault, "quirks/crlf.md"), readFileSync(join(vault, "quirks/crlf.md"), "utf8").replace("status: active", "status: archived"))],
    ["a note added", () => writeFileSync(join(vault, "atoms/new note.md"), "---\nname: New note\ntags: [deploy]\n---\nText #fresh\n")],
    ["a note deleted", () => rmSync(join(vault, "quirks/dates.md"))],
    ["a note renamed", () => renameSync(join(vault, "quirks/ok.md"), join(vault, "quirks/ok_renamed.md"))],
    ["a note became binary", () => writeFileSync(join(vault, "quirks/bom.md"), Buffer.from([0, 1, 2, 3]))],
    ["a binary note became text", () => writeFileSync(join(vault, "quirks/binary.md"), "# Now text\n")],
  ];
  try {
    run(vault);
    for (const [label, change] of changes) {
      change();
      const result = run(vault);
      assert.ok(result.written.length > 0 || label.includes("touched"), `${label}: something written`);
      assert.deepEqual(snapshot(vault), fullRebuildOf(vault), `after ${label}`);
    }
    const nextDay = run(vault, { today: "2026-11-25" });
    assert.deepEqual(nextDay.written.filter((w) => w.startsWith("layers/")).length, 3, "a new day rewrites the layers");
    assert.deepEqual(snapshot(vault), fullRebuildOf(vault, "2026-11-25"), "after a new day");
  } finally {
    removeTemp(vault);
  }
});

test("should rebuild a search file of an older format, whether indexing or searching", async () => {
  const vault = exampleCopy();
  const searchFile = join(vault, "index/search.tsv");
  const makeOld = () => writeFileSync(searchFile, readFileSync(searchFile, "utf8").replace(SEARCH_FILE_HEADER, "#cortex-search\t1"));
  try {
    run(vault);
    makeOld();
    run(vault, { today: "2026-11-23" });
    assert.deepEqual(snapshot(vault), fullRebuildOf(vault, "2026-11-23"), "a new day, no note changed");
    makeOld();
    appendFileSync(join(vault, "rules/no_friday_deploys.md"), "\nOne more line.\n");
    run(vault, { today: "2026-11-23" });
    assert.deepEqual(snapshot(vault), fullRebuildOf(vault, "2026-11-23"), "one note changed");
    makeOld();
    // The refresh before the search finds search.tsv unlike its check in meta.json and rebuilds the index.
    const { hits } = await search("deploy risk", { vault, today: "2026-11-23", log: false, ranking: "seed" });
    assert.ok(hits.length > 0);
    assert.ok(readFileSync(searchFile, "utf8").startsWith(`${SEARCH_FILE_HEADER}\n`));
  } finally {
    removeTemp(vault);
  }
});

test("should give the same files when the built CLI parses on several threads as when one thread does, reading ahead or not", () => {
  const vault = tempVault();
  const twin = tempDir();
  try {
    for (let i = 0; i < 2600; i++) {
      const front = i % 13 === 0 ? "" : `---\nname: Note ${i} café\ntags: [t${i % 40}]\nupdated: 2026-11-${String((i % 28) + 1).padStart(2, "0")}\nstatus: ${i % 9 === 0 ? "archived" : "active"}\n---\n`;
      writeFileSync(join(vault, `n ${i}.md`), `${front}Body [[n ${(i * 7) % 2600}]] #h${i % 11}\n`);
    }
    writeFileSync(join(vault, "bin.md"), Buffer.from([0, 159, 146, 150]));
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true });
    // The files and what the run reports are the one-thread run's (this process runs TypeScript: one thread).
    const one = run(twin, { full: true });
    // The notes are cached: "always" reads ahead all the same (what a vault whose notes wait on the disk gets).
    for (const readAhead of ["always", "never"]) {
      const env = { ...process.env, CORTEX_READ_AHEAD: readAhead };
      const cli = spawnSync(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", TODAY, "--full", "-q", "--json"], { encoding: "utf8", env });
      assert.equal(cli.status, 0, cli.stderr);
      const threaded = JSON.parse(cli.stdout) as { atoms: number; written: string[]; diagnostics: unknown[] };
      assert.deepEqual(snapshot(vault), snapshot(twin), readAhead);
      assert.deepEqual({ atoms: threaded.atoms, written: threaded.written, diagnostics: threaded.diagnostics }, { atoms: one.atoms, written: one.written, diagnostics: one.diagnostics });
    }
  } finally {
    removeTemp(twin);
    removeTemp(vault);
  }
});

// The diagnostics of the binary quirk file cut short: that file must be read again, not crash the run.
function brokenDiagnostics(cache: string): string {
  return cache.replace(/(\t)(\[\{[^\n]*?)(\}\])(\tquirks\/binary\.md\n)/, "$1$2$4");
}

// The header, then the lines in reverse path order.
function outOfOrder(cache: string): string {
  const [header, ...lines] = cache.trimEnd().split("\n");
  return `${[header, ...lines.reverse()].join("\n")}\n`;
}

test("should report the same diagnostics and cache entries incrementally as a full run, and survive a damaged cache", () => {
  const vault = exampleCopy();
  // Without the end line, which holds the data files' mtimes.
  const cacheColumns = (dir: string) => readFileSync(join(dir, "index/cache.tsv"), "utf8").split("\n").filter((l) => !l.startsWith("#end\t")).map((l) => l.split("\t").slice(1).join("\t"));
  const full = (dir: string) => {
    const r = run(dir, { full: true });
    return { diagnostics: r.diagnostics, atoms: r.atoms, cache: cacheColumns(dir) };
  };
  try {
    run(vault);
    writeFileSync(join(vault, "quirks/bad_yaml.md"), "---\nname: [unclosed\n---\nBody\n");
    rmSync(join(vault, "quirks/dates.md"));
    const incremental = run(vault);
    const expected = { diagnostics: incremental.diagnostics, atoms: incremental.atoms, cache: cacheColumns(vault) };
    assert.ok(incremental.diagnostics.some((d) => d.file === "quirks/bad_yaml.md" && d.rule === "frontmatter-yaml"));
    assert.ok(incremental.diagnostics.some((d) => d.file === "quirks/binary.md"), "kept lines keep their diagnostics");
    assert.deepEqual(full(vault), expected);
    const cache = join(vault, "index/cache.tsv");
    const text = readFileSync(cache, "utf8");
    const damaged = [text.slice(0, text.length - 7), text.replace(/\t[^\t\n]*\n/, "\n"), text.split("\n").reverse().join("\n"), outOfOrder(text), brokenDiagnostics(text)];
    for (const [i, bad] of damaged.entries()) {
      assert.notEqual(bad, text, `damaged cache ${i} differs`);
      writeFileSync(cache, bad);
      appendFileSync(join(vault, "rules/no_friday_deploys.md"), `\nEdit ${i}.\n`);
      const after = run(vault);
      assert.deepEqual(snapshot(vault), fullRebuildOf(vault), `damaged cache ${i}`);
      assert.deepEqual(after.diagnostics, full(vault).diagnostics, `damaged cache ${i}: diagnostics`);
    }
  } finally {
    removeTemp(vault);
  }
});

test("should scan on two threads exactly as on one", async () => {
  const vault = tempVault();
  try {
    // Files at every depth, folders two levels down (what the threads share), and what a scan skips or lists apart.
    for (let i = 0; i < 1300; i++) {
      const dir = join(vault, ...[`top${i % 3}`, `mid${i % 7}`, `low${i % 5}`].slice(0, i % 4));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `s${i}.md`), "x".repeat(i));
    }
    for (const skipped of [".obsidian/a.md", "top1/node_modules/b.md", "index/c.md", "top2/index/d.md"]) {
      mkdirSync(join(vault, skipped, ".."), { recursive: true });
      writeFileSync(join(vault, skipped), "y");
    }
    writeFileSync(join(vault, "MEMORY.md"), "m");
    writeFileSync(join(vault, "top0/mid1/pic.png"), "p");
    symlinkSync(join(vault, "top0"), join(vault, "top1/mid2/link"));
    const { scanVault } = (await import(join(ROOT, "dist/lib/store/scan-vault.js"))) as typeof import("../lib/store/scan-vault.js");
    const { scanOnTwoThreads, startScanHelper } = (await import(join(ROOT, "dist/lib/store/parallel-scan.js"))) as typeof import("../lib/store/parallel-scan.js");
    const one = scanVault(vault);
    assert.equal(one.files.length, 1301);
    assert.ok(one.files.some((f) => f.path === "top2/index/d.md"), "a nested folder named index is content");
    assert.deepEqual(scanVault(vault, { expectedFiles: Infinity }), one);
    // A worker that died before its turn leaves every folder to this thread.
    const dead = startScanHelper()!;
    dead.terminate();
    const sorted = (scan: ReturnType<typeof scanVault>) => ({ ...scan, files: [...scan.files].sort((a, b) => (a.path < b.path ? -1 : 1)), others: [...scan.others].sort(), skipped: [...scan.skipped].sort((a, b) => (a.path < b.path ? -1 : 1)) });
    assert.deepEqual(sorted(scanOnTwoThreads(vault, dead)), one);
  } finally {
    removeTemp(vault);
  }
});

test("should find the same changes on a re-index of a vault of thousands of files", () => {
  const vault = tempVault();
  try {
    // Enough files for the first run to take the threaded full index.
    for (let i = 0; i < 2100; i++) writeFileSync(join(vault, `s${i}.md`), `---\nname: S ${i}\ntags: [t${i % 30}]\n---\nBody [[s${(i * 3) % 2100}]]\n`);
    const cli = (...extra: string[]) => spawnSync(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", TODAY, "--json", ...extra], { encoding: "utf8" });
    assert.equal(cli().status, 0);
    appendFileSync(join(vault, "s17.md"), "Edited #late\n");
    appendFileSync(join(vault, "s2099.md"), "Edited too\n");
    rmSync(join(vault, "s1050.md"));
    writeFileSync(join(vault, "s9999.md"), "# New\n");
    const again = cli();
    assert.equal(again.status, 0, again.stderr);
    const summary = JSON.parse(again.stdout) as { reread: number; removed: number; atoms: number };
    assert.deepEqual([summary.reread, summary.removed, summary.atoms], [3, 1, 2100]);
    assert.deepEqual(snapshot(vault), fullRebuildOf(vault));
  } finally {
    removeTemp(vault);
  }
});

test("should parse here the chunks of a worker that dies, without waiting long or crashing", async () => {
  const vault = tempVault();
  try {
    for (let i = 0; i < 2100; i++) writeFileSync(join(vault, `w${i}.md`), `---\nname: W ${i}\n---\nBody\n`);
    const { readAtomFilesParallel } = (await import(join(ROOT, "dist/lib/engine/parallel-parse.js"))) as typeof import("../lib/engine/parallel-parse.js");
    const { readAtomFiles } = await import("../lib/store/read-atom.js");
    const jobs = readdirSync(vault).sort().map((name) => ({ abs: join(vault, name), path: name, mtimeMs: NaN, size: NaN }));
    const started = Date.now();
    // One worker dies with a chunk claimed (as one ended by its heap limit does), and is given up after a second.
    // Not a real heap limit: from Node 22 on, one too small to start in aborts this whole process.
    const script = pathToFileURL(join(ROOT, "test/fixtures/workers/dying-parse-worker.mjs"));
    const parallel = readAtomFilesParallel(jobs, defaultConfig(), { threads: 2, script, stallMs: 1000 });
    assert.ok(Date.now() - started < 20_000, "gave up waiting on the dead worker");
    const names = (results: typeof parallel) => results.map((r) => r.atom?.atom.name ?? r.diagnostic?.rule);
    assert.deepEqual(names(parallel), names(readAtomFiles(jobs, defaultConfig())));
  } finally {
    removeTemp(vault);
  }
});

test("should say in one line that a file is in the way of index/, on one thread and on several", () => {
  for (const notes of [1, 2100]) {
    const vault = tempVault();
    try {
      for (let i = 0; i < notes; i++) writeFileSync(join(vault, `n${i}.md`), `---\nname: N ${i}\n---\nBody\n`);
      writeFileSync(join(vault, "index"), "a file, not a folder\n");
      const cli = spawnSync(process.execPath, [BUILT_CLI, "index", "--full", "--vault", vault, "--today", TODAY], { encoding: "utf8" });
      assert.equal(cli.status, 2, `${notes} notes`);
      assert.match(cli.stderr, /^cortex: cannot create folder .*index: a file is in the way\n$/, `${notes} notes`);
      assert.equal(readFileSync(join(vault, "index"), "utf8"), "a file, not a folder\n", "left as it was");
    } finally {
      removeTemp(vault);
    }
  }
});

test("should list the lock in index/.gitignore, bring one it wrote before up to date, and leave a user's own alone", () => {
  const vault = tempVault();
  try {
    writeFileSync(join(vault, "a.md"), "---\nname: A\n---\nBody\n");
    run(vault);
    const ignore = join(vault, "index/.gitignore");
    assert.deepEqual(readFileSync(ignore, "utf8").split("\n").filter((l) => l && !l.startsWith("#")), ["cache.tsv", "folders.tsv", "quiet-since", "link-keys.tsv", "aliases.tsv", "check-cache.tsv", "search.db", "search.db-journal", "access_log.jsonl", "mv-journal.json", "*.tmp", ".lock", ".lock.breaking", "watch.json"]);
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\naccess_log.jsonl\n*.tmp\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^\.lock$/m, "the earlier version is replaced");
    assert.match(readFileSync(ignore, "utf8"), /^mv-journal\.json$/m, "the earlier version is replaced");
    assert.match(readFileSync(ignore, "utf8"), /^check-cache\.tsv$/m, "the earlier version is replaced");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\naccess_log.jsonl\n*.tmp\n.lock\n.lock.breaking\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^check-cache\.tsv$/m, "the version before check's cache is replaced too");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^folders\.tsv$/m, "the version before the folder stamps is replaced too");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\nfolders.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^link-keys\.tsv$/m, "the version before the link keys is replaced too");
    assert.match(readFileSync(ignore, "utf8"), /^aliases\.tsv$/m, "and lists the aliases file");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\nfolders.tsv\nlink-keys.tsv\naliases.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^quiet-since$/m, "the version before the quiet mark is replaced too");
    writeFileSync(ignore, "cache.tsv\n# mine\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.equal(readFileSync(ignore, "utf8"), "cache.tsv\n# mine\n");
  } finally {
    removeTemp(vault);
  }
});

test("should read the manifest alone as readIndexes reads it, and refuse an index of another format", async () => {
  const vault = tempVault();
  try {
    writeFileSync(join(vault, "a.md"), "---\nname: A\n---\nBody [[b]]\n");
    writeFileSync(join(vault, "b.md"), "---\nname: B\n---\nBody\n");
    run(vault);
    const { readIndexes, readManifestFile } = await import("../lib/store/read-indexes.js");
    assert.deepEqual(readManifestFile(vault), readIndexes(vault).manifest);
    assert.deepEqual(readManifestFile(vault).map((m) => [m.path, m.backlinks]), [["a.md", 0], ["b.md", 1]]);
    writeFileSync(join(vault, "index/meta.json"), '{"format": 0}\n');
    for (const read of [readManifestFile, readIndexes]) assert.throws(() => read(vault), (e: unknown) => (e as { code?: string }).code === "NO_INDEX" && new RegExp(`format 0, expected ${INDEX_FORMAT}`).test((e as Error).message));
  } finally {
    removeTemp(vault);
  }
});
