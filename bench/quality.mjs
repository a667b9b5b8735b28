#!/usr/bin/env node
// Ranking quality on labelled sets (`npm run bench:quality`): known-item queries and conversational memory.
//
//   node bench/quality.mjs [--set FILE.jsonl]... [--shared DIR] [--corpora DIR] [--weights JSON] [--json]
//
// Each set is JSON Lines of {id, vault, kind, query?, question?, relevant[]}. `vault` is a folder of this
// repository (examples/vault) or of bench/quality (conversation/facts …), else under --corpora (default
// ../shared/corpora, beside the repository). Every vault is copied to a temporary folder (its cortex.toml
// read, if any) and indexed; then each item is searched with each of `query` and `question` it has by
// cortex (full-text, the default), cortex --ranking seed, and MiniSearch with its default options over
// title and body (a dev dependency used only here). Prints MRR@10, hit@1 and hit@10 (a relevant note
// first, or in the first ten) per set, field and ranker, overall and by kind. Default sets: the public
// set in ../shared/quality, and bench/quality/*.jsonl.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import MiniSearch from "minisearch";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const lib = (p) => import(join(root, "dist/lib", p));
const [{ defaultConfig }, { readConfigFile }, { indexVault, indexSettingsKey }, { IndexDb }, { vaultPaths }, { rankFullText }, { rankRecords }, { searchRecordOf }, { splitFrontmatter }] = await Promise.all([
  lib("core/config/defaults.js"), lib("store/config/load.js"), lib("engine/indexer.js"), lib("store/index-db.js"), lib("store/paths.js"), lib("store/fts/rank.js"), lib("core/search/rank.js"), lib("core/search/types.js"), lib("core/atoms/frontmatter.js"),
]);

const args = process.argv.slice(2);
const opt = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []));
const ownSets = readdirSync(join(root, "bench/quality")).filter((f) => f.endsWith(".jsonl")).sort().map((f) => join(root, "bench/quality", f));
// --shared DIR: the folder of the public set and the corpora (default ../shared, beside the repository).
const shared = resolve(opt("--shared")[0] ?? join(root, "../shared"));
const sets = opt("--set").length > 0 ? opt("--set") : [join(shared, "quality/obsidian-tasks-docs.jsonl"), ...ownSets];
const FIELDS = ["query", "question"];
const corpora = opt("--corpora")[0] ?? join(shared, "corpora");
const TODAY = "2026-11-23";

const rankers = {
  cortex: (vault, text) => rankFullText(vault.store, text, { today: TODAY, top: 10 }, vault.config).map((h) => h.record.path),
  "cortex --ranking seed": (vault, text) => rankRecords(vault.records, text, { today: TODAY, top: 10 }, vault.config).map((h) => h.record.path),
  minisearch: (vault, text) => vault.mini.search(text).slice(0, 10).map((r) => r.id),
};

const results = [];
for (const file of sets) {
  if (!existsSync(file)) {
    console.error(`skipped ${file}: not found`);
    continue;
  }
  const items = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const vaults = new Map();
  for (const item of items) {
    if (!vaults.has(item.vault)) vaults.set(item.vault, openVault(item.vault));
    for (const field of FIELDS.filter((f) => typeof item[f] === "string")) {
      for (const [name, rank] of Object.entries(rankers)) {
        const paths = rank(vaults.get(item.vault), item[field]);
        const at = paths.findIndex((p) => item.relevant.includes(p));
        results.push({ set: file, field, ranker: name, kind: item.kind, rr: at >= 0 ? 1 / (at + 1) : 0, r1: at === 0 ? 1 : 0, r10: at >= 0 ? 1 : 0, id: item.id, rank: at + 1 });
      }
    }
  }
  for (const vault of vaults.values()) vault.close();
}
report(results);

function openVault(name) {
  // A vault of this repository (examples/vault; the conversation sets' vaults, under bench/quality) is read from
  // it; every other from --corpora.
  const source = [join(root, name), join(root, "bench/quality", name)].find((dir) => existsSync(dir)) ?? join(corpora, name);
  const dir = mkdtempSync(join(tmpdir(), "cortex-quality-"));
  cpSync(source, dir, { recursive: true });
  const config = readConfigFile(dir) ?? defaultConfig();
  // --weights '{"name":3,…}': try other [scoring.fulltext] values without a cortex.toml.
  Object.assign(config.textWeights, JSON.parse(opt("--weights")[0] ?? "{}"));
  indexVault(dir, { config, today: TODAY, full: true });
  const store = IndexDb.open(vaultPaths(dir).db, indexSettingsKey(config));
  const records = store.atoms().map((row) => searchRecordOf(row.atom));
  const mini = new MiniSearch({ fields: ["title", "text"] });
  mini.addAll(markdownFiles(dir).map((path) => miniDoc(dir, path)));
  return { config, store, mini, records, close: () => (store.close(), rmSync(dir, { recursive: true, force: true })) };
}

function miniDoc(dir, path) {
  const { body } = splitFrontmatter(readFileSync(join(dir, path), "utf8"));
  const h1 = /^#\s+(.+)$/m.exec(body)?.[1];
  return { id: path, title: h1 ?? path.replace(/\.md$/, "").split("/").pop(), text: body };
}

function markdownFiles(dir, rel = "") {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith(".") || ["index", "layers", "node_modules"].includes(e.name)) return [];
    const path = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? markdownFiles(dir, path) : e.name.endsWith(".md") ? [path] : [];
  });
}

function report(rows) {
  const json = args.includes("--json");
  const table = [];
  for (const set of new Set(rows.map((r) => r.set))) {
    for (const field of FIELDS) {
      for (const ranker of Object.keys(rankers)) {
        const ofSet = rows.filter((r) => r.set === set && r.field === field && r.ranker === ranker);
        if (ofSet.length === 0) continue;
        for (const kind of ["all", ...new Set(ofSet.map((r) => r.kind))]) {
          const sel = ofSet.filter((r) => kind === "all" || r.kind === kind);
          const mean = (k) => Math.round((sel.reduce((s, r) => s + r[k], 0) / sel.length) * 1000) / 1000;
          table.push({ set: relative(root, set), field, ranker, kind, n: sel.length, "MRR@10": mean("rr"), "hit@1": mean("r1"), "hit@10": mean("r10") });
        }
      }
    }
  }
  if (json) return console.log(JSON.stringify({ table, misses: rows.filter((r) => r.ranker === "cortex" && r.rank !== 1) }, null, 2));
  console.log("set | field | ranker | kind | n | MRR@10 | hit@1 | hit@10");
  console.log("---|---|---|---|--:|--:|--:|--:");
  for (const t of table) console.log([t.set, t.field, t.ranker, t.kind, t.n, t["MRR@10"], t["hit@1"], t["hit@10"]].join(" | "));
}
