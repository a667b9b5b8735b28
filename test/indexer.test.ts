import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { defaultConfig } from "./helpers/lib.js";
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
    for (const [rel, text] of Object.entries(first)) if (rel !== "index/cortex.db") assert.ok(text.endsWith("\n"), rel);
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

test("should list the notes in the same order after an edit as a full run, for file names UTF-8 and UTF-16 order differently", () => {
  // An emoji (a surrogate pair in UTF-16) sorts after a fullwidth letter in UTF-8 bytes and before it in code units.
  const vault = tempVault();
  const note = (name: string) => `---\nname: ${name}\ntags: [idea]\n---\nAbout ${name}. See [[plain]].\n`;
  writeFileSync(join(vault, "\u{1F600} idea.md"), note("Smile"));
  writeFileSync(join(vault, "\uFF08memo\uFF09.md"), note("Memo"));
  writeFileSync(join(vault, "plain.md"), note("Plain"));
  try {
    run(vault);
    appendFileSync(join(vault, "plain.md"), "\nOne more line.\n");
    assert.deepEqual(run(vault).written, ["index/cortex.db", "index/manifest.json", "index/meta.json"], "a body edit: the manifest only");
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[];
    assert.deepEqual(manifest.map((m) => m.path), ["plain.md", "\u{1F600} idea.md", "\uFF08memo\uFF09.md"], "code-unit order");
    assert.deepEqual(snapshot(vault), fullRebuildOf(vault));
  } finally {
    removeTemp(vault);
  }
});

test("should rewrite only the exports a change reaches, and every one on a full run", () => {
  const vault = exampleCopy();
  const edit = (rel: string, from: string, to: string) => writeFileSync(join(vault, rel), readFileSync(join(vault, rel), "utf8").replace(from, to));
  try {
    run(vault);
    appendFileSync(join(vault, "rules/no_friday_deploys.md"), "\nOne more line.\n");
    // The line count and size are in the manifest only.
    assert.deepEqual(run(vault).written, ["index/cortex.db", "index/manifest.json", "index/meta.json"], "a body edit");
    edit("quirks/ok.md", "tags: [a, b]", "tags: [a, b, c]");
    // Tags are in the manifest, by_tag.json and the layer file that lists the note (updated in March: cold).
    assert.deepEqual(run(vault).written, ["index/cortex.db", "index/manifest.json", "index/by_tag.json", "layers/cold.json", "index/meta.json"], "a tag added");
    edit("quirks/ok.md", "updated: 2026-03-02", "updated: 2026-11-21");
    // The note leaves the cold layer for the hot one: both files, not warm.json.
    assert.deepEqual(run(vault).written, ["index/cortex.db", "index/manifest.json", "layers/hot.json", "layers/cold.json", "index/meta.json"], "a date moved");
    edit("quirks/ok.md", "status: active", "status: archived");
    // An archived note is in no layer file: it leaves hot.json.
    assert.deepEqual(run(vault).written, ["index/cortex.db", "index/manifest.json", "layers/hot.json", "index/meta.json"], "archived");
    appendFileSync(join(vault, "atoms/about_me.md"), "\nSee [[canary_analysis]].\n");
    // The raw target is in graph.json, the resolved link in links.json, the target's backlink count in the manifest.
    assert.deepEqual(run(vault).written, ["index/cortex.db", "index/manifest.json", "index/graph.json", "index/links.json", "index/meta.json"], "a link added");
    // The day moves the layers only.
    assert.deepEqual(run(vault, { today: "2026-11-25" }).written, ["layers/hot.json", "layers/warm.json", "layers/cold.json", "index/meta.json"], "a new day");
    assert.deepEqual(run(vault, { today: "2026-11-25", full: true }).written, ["index/cortex.db", "index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "layers/hot.json", "layers/warm.json", "layers/cold.json", "index/meta.json"], "a full run");
    assert.deepEqual(snapshot(vault), fullRebuildOf(vault, "2026-11-25"));
  } finally {
    removeTemp(vault);
  }
});

test("should give the same files and database when the built CLI parses on several threads as when one thread does", () => {
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
    const cli = spawnSync(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", TODAY, "--full", "-q", "--json"], { encoding: "utf8" });
    assert.equal(cli.status, 0, cli.stderr);
    const threaded = JSON.parse(cli.stdout) as { atoms: number; written: string[]; diagnostics: unknown[] };
    assert.deepEqual(snapshot(vault), snapshot(twin));
    assert.deepEqual({ atoms: threaded.atoms, written: threaded.written, diagnostics: threaded.diagnostics }, { atoms: one.atoms, written: one.written, diagnostics: one.diagnostics });
  } finally {
    removeTemp(twin);
    removeTemp(vault);
  }
});

test("should report the same diagnostics incrementally as a full run, kept files' diagnostics included", () => {
  const vault = exampleCopy();
  try {
    run(vault);
    writeFileSync(join(vault, "quirks/bad_yaml.md"), "---\nname: [unclosed\n---\nBody\n");
    rmSync(join(vault, "quirks/dates.md"));
    const incremental = run(vault);
    assert.ok(incremental.diagnostics.some((d) => d.file === "quirks/bad_yaml.md" && d.rule === "frontmatter-yaml"));
    assert.ok(incremental.diagnostics.some((d) => d.file === "quirks/binary.md"), "kept files keep their diagnostics");
    const full = run(vault, { full: true });
    assert.deepEqual([incremental.diagnostics, incremental.atoms], [full.diagnostics, full.atoms]);
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
    const { readNotes } = (await import(join(ROOT, "dist/lib/engine/note-reads.js"))) as typeof import("../lib/engine/note-reads.js");
    const jobs = readdirSync(vault).sort().map((name) => ({ abs: join(vault, name), path: name, mtimeMs: NaN, size: NaN }));
    const started = Date.now();
    // One worker dies with a chunk claimed (as one ended by its heap limit does), and is given up.
    const script = pathToFileURL(join(ROOT, "test/fixtures/workers/dying-read-worker.mjs"));
    const parallel: string[] = [];
    readNotes(jobs, defaultConfig(), (read) => parallel.push(read.file.path), { threads: 2, script, stallMs: 1000 });
    assert.ok(Date.now() - started < 20_000, "gave up waiting on the dead worker");
    assert.deepEqual(parallel.sort(), jobs.map((j) => j.path).sort(), "every note read once, the dead worker's here");
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
    assert.deepEqual(readFileSync(ignore, "utf8").split("\n").filter((l) => l && !l.startsWith("#")), ["cortex.db", "cortex.db-wal", "cortex.db-shm", "access_log.jsonl", "mv-journal.json", "*.tmp", ".lock", ".lock.breaking", "watch.json"]);
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\naccess_log.jsonl\n*.tmp\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^\.lock$/m, "the earlier version is replaced");
    assert.match(readFileSync(ignore, "utf8"), /^mv-journal\.json$/m, "the earlier version is replaced");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\naccess_log.jsonl\n*.tmp\n.lock\n.lock.breaking\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^cortex\.db$/m, "the version before check's cache is replaced too");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^cortex\.db$/m, "the version before the folder stamps is replaced too");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\nfolders.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^cortex\.db$/m, "the version before the link keys is replaced too");
    writeFileSync(ignore, "# Written by cortex: machine-local and append-only files\ncache.tsv\nfolders.tsv\nlink-keys.tsv\naliases.tsv\ncheck-cache.tsv\nsearch.db\nsearch.db-journal\naccess_log.jsonl\nmv-journal.json\n*.tmp\n.lock\n.lock.breaking\nwatch.json\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.match(readFileSync(ignore, "utf8"), /^cortex\.db-wal$/m, "the version before the one database is replaced too");
    writeFileSync(ignore, "cache.tsv\n# mine\n");
    appendFileSync(join(vault, "a.md"), "more\n");
    run(vault);
    assert.equal(readFileSync(ignore, "utf8"), "cache.tsv\n# mine\n");
  } finally {
    removeTemp(vault);
  }
});
