import assert from "node:assert/strict";
import { readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { parseAtom } from "../lib/core/atoms/parse.js";
import { textFields } from "../lib/core/fts/fields.js";
import { encodeRowChunk, insertRowChunk } from "../lib/engine/fts-row-wire.js";
import type { SearchRow } from "../lib/engine/fts-rows.js";
import { SearchDb } from "../lib/store/fts/search-db.js";
import { fillSearchDb, searchDbPath } from "../lib/engine/fts-sync.js";
import { readCachedFiles, readStatCache, indexSettingsKey } from "../lib/store/stat-cache.js";
import { indexVault } from "../lib/engine/indexer.js";
import { copyToTemp, removeTemp, ROOT, tempDir } from "./helpers/cli.js";

const TODAY = "2026-11-22";
const config = defaultConfig();
const KEY = indexSettingsKey(config);

// Every row of a database, by path: the docs columns and the text, each with its SQL type (row ids left out).
function dump(store: SearchDb): unknown[] {
  return store.db.prepare(`SELECT d.path, d.mtime_us, d.size, d.name, d.type, d.project, d.status, d.updated, d.tags, d.description,
      f.name AS f_name, f.tags AS f_tags, f.project AS f_project, f.description AS f_description, f.path AS f_path, f.headings, f.body,
      typeof(d.path) || typeof(d.name) || typeof(d.tags) || typeof(f.name) || typeof(f.headings) || typeof(f.body) AS types
    FROM docs d JOIN fts f ON f.rowid = d.id ORDER BY d.path`).all().map((r) => ({ ...r }));
}

function dumpFile(file: string): unknown[] {
  const store = SearchDb.open(file, KEY, true);
  assert.ok(typeof store !== "string", String(store));
  try {
    return dump(store);
  } finally {
    store.close();
  }
}

// FTS5's settings as a file keeps them (the build's own settings must not outlive it: later updates use the defaults).
function ftsSettings(file: string): unknown[] {
  const store = SearchDb.open(file, KEY, true);
  assert.ok(typeof store !== "string", String(store));
  try {
    return store.db.prepare("SELECT k, v FROM fts_config ORDER BY k").all().map((r) => ({ ...r }));
  } finally {
    store.close();
  }
}

// The database the one-thread sync builds from the notes the index lists (what every index run made before).
function oneThreadDump(vault: string): unknown[] {
  const cache = readStatCache(join(vault, "index/cache.tsv"), KEY);
  assert.ok(cache && typeof cache !== "string");
  const store = fillSearchDb(SearchDb.create(":memory:", KEY), vault, readCachedFiles(cache.text), config);
  try {
    return dump(store);
  } finally {
    store.close();
  }
}

test("should store from UTF-8 bytes exactly the rows it stores from strings, odd text included", () => {
  const odd = ["", "plain", "NUL \u0000 inside", "emoji 🚀 and é (e\u0301)", "lone \ud800 surrogate", "crlf\r\nline", "\u001f\u001f", "日本語のノート", "long ü€😀 ".repeat(3000)];
  const rows: SearchRow[] = odd.map((text, i) => {
    const atom = parseAtom(`---\nname: n${i}\ntags: [a, b${i}]\n---\n${text}\n`, { path: `d/${text.replace(/\W/g, "")}${i}.md`, mtimeMs: 1_700_000_000_123.456 + i, size: i }, config).atom;
    atom.description = text;
    atom.name = text;
    return { path: atom.path, mtimeUs: Math.round((1_700_000_000_123.456 + i) * 1000), size: 100 + i, atom, text: { ...textFields(atom, `# ${text}\n${text}`), project: text } };
  });
  const strings = SearchDb.create(":memory:", KEY);
  const bytes = SearchDb.create(":memory:", KEY);
  try {
    for (const row of rows) strings.put(row.atom, row, row.text, true);
    assert.equal(insertRowChunk(bytes, encodeRowChunk(rows)), rows.length);
    assert.equal(insertRowChunk(bytes, encodeRowChunk([])), 0);
    const expected = dump(strings);
    assert.equal(expected.length, odd.length);
    assert.deepEqual(dump(bytes), expected);
  } finally {
    strings.close();
    bytes.close();
  }
});

// Enough notes for a threaded full run, with the quirks fixture's odd files and a few more among them.
function quirkyVault(): string {
  const vault = copyToTemp(join(ROOT, "test/fixtures/quirks"));
  rmSync(join(vault, "node_modules"), { recursive: true, force: true });
  mkdirSync(join(vault, "many"));
  for (let i = 0; i < 2100; i++) {
    const front = i % 17 === 0 ? "" : `---\nname: Note ${i} ${i % 3 === 0 ? "café" : "plan"}\naliases: [n${i}]\ntags: [t${i % 7}]\nupdated: 2026-11-${String((i % 28) + 1).padStart(2, "0")}\n---\n`;
    writeFileSync(join(vault, "many", `note ${i}.md`), `${front}# Heading ${i}\nBody about deploy ${i} [[note ${(i * 3) % 2100}]]\n\`\`\`\n# not a heading\n\`\`\`\n`);
  }
  writeFileSync(join(vault, "many/nul name.md"), "---\nname: A long enough name with a stray \u0000 NUL\n---\nbody\n");
  writeFileSync(join(vault, "many/nul body.md"), `---\nname: Stray NUL in the body\n---\n${"text ".repeat(40)}\u0000 after\n`);
  writeFileSync(join(vault, "many/bom crlf.md"), "\ufeff---\r\nname: Bom and CRLF\r\n---\r\n## Heading\r\nbody\r\n");
  writeFileSync(join(vault, "many/latin1.md"), Buffer.from("---\nname: caf\xe9 latin\n---\nna\xefve\n", "latin1"));
  return vault;
}

test("should build search.db in a threaded full run from the run's own parse, with the rows the one-thread sync makes", async () => {
  // Worker threads run compiled: the run is the built one (this process runs TypeScript, which parses on one thread).
  const built = (await import(join(ROOT, "dist/lib/engine/indexer.js"))) as typeof import("../lib/engine/indexer.js");
  const vault = quirkyVault();
  try {
    const result = built.indexVault(vault, { config, today: TODAY, full: true });
    assert.equal(result.atoms > 2100, true);
    assert.deepEqual(result.searchDb, { rebuilt: true, updated: result.atoms, removed: 0 });
    const threaded = dumpFile(searchDbPath(vault));
    assert.equal(threaded.length, result.atoms);
    assert.deepEqual(threaded, oneThreadDump(vault));
    assert.deepEqual(ftsSettings(searchDbPath(vault)), [{ k: "version", v: 4 }]);
    assert.deepEqual(readdirSync(join(vault, "index")).filter((n) => n.endsWith(".tmp")), []);
    // A damaged search.db found by a run that has no index to start from (a threaded run, not --full): one notice.
    writeFileSync(searchDbPath(vault), "not a database ".repeat(100));
    rmSync(join(vault, "index/cache.tsv"));
    const notices: string[] = [];
    const again = built.indexVault(vault, { config, today: TODAY, onNotice: (line) => notices.push(line) });
    assert.equal(again.searchDb?.rebuilt, true);
    assert.equal(notices.filter((n) => n.startsWith("index/search.db:")).length, 1, notices.join("\n"));
    assert.deepEqual(dumpFile(searchDbPath(vault)), threaded);
  } finally {
    removeTemp(vault);
  }
});

test("should build search.db the usual way when the thread building it dies, leaving no temporary file", async () => {
  const { SearchDbBuild } = (await import(join(ROOT, "dist/lib/engine/fts-search-db-build.js"))) as typeof import("../lib/engine/fts-search-db-build.js");
  const { syncSearchDb } = (await import(join(ROOT, "dist/lib/engine/fts-sync.js"))) as typeof import("../lib/engine/fts-sync.js");
  const vault = copyToTemp(join(ROOT, "test/fixtures/fulltext"));
  try {
    indexVault(vault, { config, today: TODAY });
    const expected = dumpFile(searchDbPath(vault));
    rmSync(searchDbPath(vault));
    const script = pathToFileURL(join(ROOT, "test/fixtures/workers/dying-search-db-worker.mjs"));
    const build = SearchDbBuild.start(searchDbPath(vault), KEY, { script, stallMs: 300 });
    assert.ok(build, "the build's thread starts");
    build.put(0, encodeRowChunk([]));
    const synced = syncSearchDb(vault, { config, build: { build } });
    assert.deepEqual(synced, { rebuilt: true, updated: expected.length, removed: 0 });
    assert.deepEqual(dumpFile(searchDbPath(vault)), expected);
    assert.deepEqual(readdirSync(join(vault, "index")).filter((n) => n.endsWith(".tmp")), []);
  } finally {
    removeTemp(vault);
  }
});

// The heading split as first written (every line trimmed and matched), the oracle of the fast path that skips plain lines.
function referenceHeadings(text: string): { headings: string; body: string } {
  const headings: string[] = [];
  const body: string[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const trimmed = line.trimStart();
    const marker = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    const heading = fence === null && !marker ? /^#{1,6}(?:\s+(.*?))?\s*#*\s*$/.exec(trimmed) : null;
    if (heading) headings.push(heading[1] ?? "");
    else body.push(line);
  }
  return { headings: headings.filter((h) => h.length > 0).join("\n"), body: body.join("\n") };
}

test("should split a note's headings from its body as every line was once matched", async () => {
  const fc = (await import("fast-check")).default;
  const piece = fc.constantFrom("# ", "## ", "#", " ", "\u00a0", "\t", "```", "~~~", "````", "`", "~", "text", "#tag", "\n", "\r\n", "é");
  const atom = parseAtom("", { path: "a.md", mtimeMs: 0, size: 0 }, config).atom;
  fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
    const body = pieces.join("");
    const fields = textFields(atom, body);
    assert.deepEqual({ headings: fields.headings, body: fields.body }, referenceHeadings(body));
  }), { numRuns: 400 });
});

test("should cut an ASCII path into the words the Unicode rules give", async () => {
  const fc = (await import("fast-check")).default;
  const { pathWords } = await import("../lib/core/fts/fields.js");
  const unicode = (path: string) => path.replace(/\.md$/i, "").replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2").split(/[/._\-\s]+/u).filter((w) => w.length > 0).join(" ");
  const piece = fc.constantFrom("a", "Z", "deploy", "Freeze", "HTTPServer", "v2", "9", "0", "/", ".", "-", "_", " ", "\t", "\r", "\v", "\x1f", "~", "md", ".md", ".MD", ".Md", "é", "Ünï", "ß");
  fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => assert.equal(pathWords(pieces.join("")), unicode(pieces.join("")))), { numRuns: 2000 });
});
