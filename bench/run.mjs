#!/usr/bin/env node
// cortex-vault benchmark runner (`npm run bench` builds first, then runs this).
//
//   node bench/run.mjs [--sizes 500,10000,100000] [--cli dist/cli/cortex.cjs] [--runs 5]
//                      [--seed 1] [--no-quirks] [--regen] [--json] [--check]
//
// For each size: generate (or reuse) bench/out/vault-N, then time the built
// CLI as a child process: full index, re-index with nothing changed, re-index
// with one file changed, and search (median of --runs), plus a bare
// `node -e ""` baseline. Peak RSS comes from bench/measure.mjs. See
// bench/README.md for what each figure means.
import { spawn } from "node:child_process";
import { parseArgs as parseCliArgs } from "node:util";
import { createHash } from "node:crypto";
import {
  existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync,
} from "node:fs";
import os from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { FIRST_WORDS, measureRunningServer, measureStartup } from "./mcp.mjs";
import { TOOLS } from "../dist/lib/adapters/agent/tools/registry.js";
import { TOOL_BUDGET_TOKENS, toolListWeight } from "../dist/lib/adapters/agent/tool-weight.js";

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(BENCH_DIR, "..");
const GEN = join(BENCH_DIR, "gen-vault.mjs");
const MEASURE = join(BENCH_DIR, "measure.mjs");
const TODAY = "2026-11-22";
const QUERY = "deploy risk";
// A tag near the end of the generator's Zipf-ranked pool: on about 0.1% of atoms.
const RARE_WORD = "burnout";

// Targets, in ms and MiB. `sizes: null` means the target applies to every size.
const TARGETS = [
  { metric: "search", field: "ms", sizes: [10000], max: 100, label: "search median with the freshness check, 10k atoms" },
  { metric: "searchNoRefresh", field: "ms", sizes: [100000], max: 150, label: "search median, index known current, 100k atoms" },
  { metric: "searchNoRefresh", field: "mb", sizes: [100000], max: 150, label: "search peak RSS, index known current, 100k atoms" },
  { metric: "fullIndex", field: "ms", sizes: [100000], max: 6000, label: "full index, 100k atoms" },
  { metric: "fullIndex", field: "mb", sizes: [100000], max: 500, label: "full index peak RSS, 100k atoms" },
  { metric: "reindexNoChange", field: "ms", sizes: [100000], max: 800, label: "re-index, nothing changed, 100k atoms" },
  { metric: "reindexOneChanged", field: "ms", sizes: [100000], max: 1000, label: "re-index, one file changed, 100k atoms" },
  { metric: "write", field: "ms", sizes: [100000], max: 500, label: "cortex write, 100k atoms" },
  { metric: "check", field: "ms", sizes: [100000], max: 2000, label: "cortex check median, index current, 100k atoms" },
  { metric: "related", field: "ms", sizes: [100000], max: 2000, label: "cortex related REF median, index current, 100k atoms" },
  { metric: "mcpStartup", field: "ms", sizes: null, max: 250, label: "cortex mcp: spawn to tools/list answer" },
  { metric: "mcpRecallRare", field: "ms", sizes: [10000, 100000], max: 30, label: `MCP recall "${RARE_WORD}", running server, nothing changed` },
  { metric: "mcpRecallCommon", field: "ms", sizes: [10000, 100000], max: 30, label: "MCP recall \"deploy\", running server, nothing changed" },
  { metric: "mcpResourcesList", field: "ms", sizes: [100000], max: 100, label: "MCP resources/list first page, running server, 100k atoms" },
  { metric: "mcpSave", field: "ms", sizes: [100000], max: 500, label: "MCP save, running server, 100k atoms" },
];

// ---------------------------------------------------------------- arguments

const USAGE = `usage: node bench/run.mjs [options]
  --sizes LIST   comma-separated vault sizes (default 500,10000,100000)
  --cli PATH     CLI entry point to benchmark (default dist/cli/cortex.cjs, the package bin)
  --runs N       timed runs for search and the node baseline; median reported (default 5)
  --seed S       generator seed (default 1)
  --no-quirks    generate vaults without the --quirks files
  --regen        regenerate vaults even when a matching one exists
  --out DIR      scratch folder for vaults (default bench/out)
  --json         print the figures as JSON instead of a table
  --check        exit 1 when a figure misses its target`;

function parseArgs(argv) {
  let values;
  try {
    ({ values } = parseCliArgs({ args: argv, options: {
      sizes: { type: "string", default: "500,10000,100000" }, cli: { type: "string" }, runs: { type: "string", default: "5" },
      seed: { type: "string", default: "1" }, "no-quirks": { type: "boolean", default: false }, regen: { type: "boolean", default: false },
      out: { type: "string", default: join(BENCH_DIR, "out") }, json: { type: "boolean", default: false },
      check: { type: "boolean", default: false }, help: { type: "boolean" },
    } }));
  } catch (error) {
    die(`${error.message}\n${USAGE}`);
  }
  if (values.help) { console.log(USAGE); process.exit(0); }
  const sizes = values.sizes.split(",").map((s) => s.trim().replace(/_/g, "")).filter(Boolean).map((s) => {
    const m = /^(\d+)(k?)$/i.exec(s);
    if (!m) die(`bad size: ${s}`);
    return Number(m[1]) * (m[2] ? 1000 : 1);
  });
  const runs = Number(values.runs);
  if (!(runs >= 1 && Number.isInteger(runs))) die("--runs must be >= 1");
  return {
    sizes, runs, seed: values.seed, quirks: !values["no-quirks"], regen: values.regen, json: values.json, check: values.check,
    out: resolve(values.out), cli: values.cli ? resolve(values.cli) : join(REPO, "dist", "cli", "cortex.cjs"),
  };
}

function die(msg) {
  console.error(`bench: ${msg}`);
  process.exit(2);
}

const log = (msg) => process.stderr.write(`${msg}\n`);

// ------------------------------------------------------------------ running

/**
 * Spawns `node …args` and resolves with { ms, code, signal, stderr, stdoutBytes, maxRSS }.
 * With `wrapped`, args are cortex args run through bench/measure.mjs and maxRSS (KiB) is read from fd 3.
 */
function run(args, { wrapped = false, env = {} } = {}) {
  return new Promise((resolveRun, reject) => {
    const argv = wrapped ? [MEASURE, ...args] : args;
    const stdio = wrapped ? ["ignore", "pipe", "pipe", "pipe"] : ["ignore", "ignore", "pipe"];
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, argv, { stdio, cwd: REPO, env: { ...process.env, ...env } });
    let t1 = null;
    let stdoutBytes = 0;
    let stdoutHead = "";
    const errChunks = [];
    let errBytes = 0;
    const fd3 = [];
    if (child.stdout) child.stdout.on("data", (b) => { stdoutBytes += b.length; if (stdoutHead.length < 4096) stdoutHead += b; });
    child.stderr.on("data", (b) => { if (errBytes < 65536) { errChunks.push(b); errBytes += b.length; } });
    if (child.stdio[3]) child.stdio[3].on("data", (b) => fd3.push(b));
    child.on("error", reject);
    child.on("exit", () => { t1 = process.hrtime.bigint(); });
    child.on("close", (code, signal) => {
      t1 ??= process.hrtime.bigint();
      let maxRSS = null;
      if (wrapped) {
        try { maxRSS = JSON.parse(Buffer.concat(fd3).toString("utf8").trim()).maxRSS; } catch { /* no report */ }
      }
      resolveRun({
        ms: Number(t1 - t0) / 1e6, code, signal, maxRSS, stdoutBytes, stdout: stdoutHead,
        stderr: Buffer.concat(errChunks).toString("utf8"),
      });
    });
  });
}

function commandLine(args) {
  return ["node", ...args].map((a) => (/^[\w./:=,-]+$/.test(a) ? a : JSON.stringify(a))).join(" ");
}

/** Runs a cortex command, failing the whole bench on an unexpected exit status. */
async function cortex(cliArgs, { wrapped, okCodes = [0], env }) {
  const shown = wrapped ? [relative(REPO, MEASURE), ...cliArgs] : [relative(REPO, opts.cli) || opts.cli, ...cliArgs];
  const r = await run(wrapped ? cliArgs : [opts.cli, ...cliArgs], { wrapped, env });
  if (r.signal || !okCodes.includes(r.code)) {
    log(`\nbench: command failed (${r.signal ? `signal ${r.signal}` : `exit ${r.code}`}): ${commandLine(shown)}`
      + (wrapped ? `\n       (CLI: ${opts.cli})` : ""));
    if (r.stderr.trim()) log(`--- stderr ---\n${r.stderr.trimEnd()}\n--------------`);
    process.exit(1);
  }
  if (wrapped && r.maxRSS == null) {
    log(`bench: warning: no peak-RSS report from ${commandLine(shown)}`);
  }
  return r;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mib = (kib) => (kib == null ? null : kib / 1024);
const round1 = (x) => (x == null ? null : Math.round(x * 10) / 10);

// ------------------------------------------------------------------ vaults

function sha256File(path) {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

async function ensureVault(size) {
  const dir = join(opts.out, `vault-${size}`);
  const marker = join(opts.out, `vault-${size}.json`);
  const want = { generator: "bench/gen-vault.mjs", generatorSha256: sha256File(GEN), atoms: size,
    seed: opts.seed, today: TODAY, quirks: opts.quirks };
  if (!opts.regen && existsSync(dir) && existsSync(marker)) {
    try {
      const have = JSON.parse(readFileSync(marker, "utf8"));
      if (Object.keys(want).every((k) => have[k] === want[k])) {
        log(`vault-${size}: reusing ${relative(REPO, dir)}`);
        return { dir, files: have.files, generatedMs: null };
      }
    } catch { /* unreadable marker: regenerate */ }
  }
  rmSync(marker, { force: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(opts.out, { recursive: true });
  log(`vault-${size}: generating ${size} atoms…`);
  const genArgs = [GEN, "--out", dir, "--atoms", String(size), "--seed", opts.seed, "--today", TODAY];
  if (opts.quirks) genArgs.push("--quirks");
  const t0 = process.hrtime.bigint();
  const r = await new Promise((res, rej) => {
    const child = spawn(process.execPath, genArgs, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (b) => { out += b; });
    child.on("error", rej);
    child.on("close", (code) => res({ code, out }));
  });
  const generatedMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.code !== 0) die(`generator failed (exit ${r.code})`);
  const files = Number(/wrote (\d+) files/.exec(r.out)?.[1] ?? NaN);
  log(`vault-${size}: ${r.out.trim()} in ${(generatedMs / 1000).toFixed(1)} s`);
  writeFileSync(marker, `${JSON.stringify({ ...want, files }, null, 2)}\n`);
  return { dir, files, generatedMs };
}

/** A generated atom to edit: the first .md file under the first type folder found, descending in sorted order. */
function pickAtomToEdit(vault) {
  for (const top of ["insights", "rules", "atoms", "incidents", "reference"]) {
    let dir = join(vault, top);
    while (existsSync(dir)) {
      const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const file = entries.find((e) => e.isFile() && e.name.endsWith(".md"));
      if (file) return join(dir, file.name);
      const sub = entries.find((e) => e.isDirectory());
      if (!sub) break;
      dir = join(dir, sub.name);
    }
  }
  die(`no atom to edit in ${vault}`);
}

// -------------------------------------------------------------------- bench

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(opts.cli)) die(`CLI not found at ${opts.cli}; run \`npm run build\` first, or pass --cli PATH`);
const cliEnv = { CORTEX_BENCH_CLI: opts.cli };

async function benchSize(size) {
  const vault = await ensureVault(size);
  const base = ["--vault", vault.dir, "--today", TODAY];
  const row = { size, files: vault.files, vault: relative(REPO, vault.dir), generatedMs: vault.generatedMs };
  const fig = (r) => ({ ms: round1(r.ms), maxRSSKiB: r.maxRSS, mb: round1(mib(r.maxRSS)) });

  log(`vault-${size}: full index…`);
  row.fullIndex = fig(await cortex(["index", ...base, "--full"], { wrapped: true, env: cliEnv }));

  log(`vault-${size}: re-index, nothing changed…`);
  row.reindexNoChange = fig(await cortex(["index", ...base], { wrapped: true, env: cliEnv }));

  const target = pickAtomToEdit(vault.dir);
  const original = readFileSync(target);
  const st = statSync(target);
  log(`vault-${size}: re-index, one file changed (${relative(vault.dir, target).split(sep).join("/")})…`);
  try {
    writeFileSync(target, Buffer.concat([original, Buffer.from(`\nBench edit at ${new Date().toISOString()}.\n`)]));
    const newMtime = Math.max(Date.now(), st.mtimeMs + 2000) / 1000;
    utimesSync(target, newMtime, newMtime);
    row.reindexOneChanged = fig(await cortex(["index", ...base], { wrapped: true, env: cliEnv }));
  } finally {
    // put the vault back as generated (the index is rebuilt with --full on the next run anyway)
    writeFileSync(target, original);
    utimesSync(target, st.atime, st.mtime);
  }
  row.editedFile = relative(vault.dir, target).split(sep).join("/");

  row.dbBytes = statSync(join(vault.dir, "index", "cortex.db")).size;
  // The default (full text, with the freshness check), the index as written (--no-refresh), the seed's table.
  row.search = await measureSearch(size, base, []);
  row.searchNoRefresh = await measureSearch(size, base, ["--no-refresh"]);
  row.searchSeed = await measureSearch(size, base, ["--ranking", "seed"]);
  log(`vault-${size}: the same search while cortex watch keeps the index current…`);
  row.searchWatched = await withWatcher(vault.dir, base, () => measureSearch(size, base, []));

  // Each checks the files against the index first, as a pre-commit hook or a user would run them.
  row.check = await measureCommand(size, ["check", ...base, "--quiet"], [0, 1]);
  row.related = await measureCommand(size, ["related", row.editedFile, ...base], [0, 1]);

  log(`vault-${size}: cortex write…`);
  const note = ["write", "--name", `Bench note ${Date.now()}`, "--type", "insight", "--project", "ops", "--body", "Measured by bench/run.mjs: a note written and removed again.", "--force", "--no-commit"];
  const written = await cortex([...note, ...base], { wrapped: true, env: cliEnv, okCodes: [0] });
  row.write = fig(written);
  const path = /(\S+\.md)/.exec(written.stdout ?? "")?.[1];
  if (path) {
    rmSync(join(vault.dir, path), { force: true });
    await cortex(["index", ...base], { wrapped: false, env: cliEnv });
  }

  await measureMcp(size, vault.dir, base, row);

  log(`vault-${size}: node baseline ×${opts.runs}…`);
  const baseRuns = [];
  for (let i = 0; i < opts.runs; i++) baseRuns.push(await run(["-e", ""]));
  row.nodeBaseline = { ms: round1(median(baseRuns.map((r) => r.ms))), runsMs: baseRuns.map((r) => round1(r.ms)) };
  return row;
}

// MCP figures with the official client: start-up over --runs servers, then recall, resources/list and save in one running server.
async function measureMcp(size, vaultDir, base, row) {
  log(`vault-${size}: cortex mcp, spawn to tools/list ×${opts.runs} (+1 warm-up)…`);
  const failed = (error) => die(`cortex mcp at ${size} atoms: ${error.message}`);
  const startup = await measureStartup(opts.cli, vaultDir, { runs: opts.runs, firstRecall: false }).catch(failed);
  row.mcpStartup = { ms: round1(startup.toolsListMs), runsMs: startup.toolsListRunsMs.map(round1), tools: startup.tools };
  log(`vault-${size}: cortex mcp running: recall, resources/list ×${opts.runs} (+1 warm-up each), one save…`);
  const running = await measureRunningServer(opts.cli, vaultDir, { runs: opts.runs, rareWord: RARE_WORD }).catch(failed);
  const fig = ({ ms, runsMs, ...rest }) => ({ ms: round1(ms), ...(runsMs ? { runsMs: runsMs.map(round1) } : {}), ...rest });
  row.mcpRecallRare = fig(running.recallRare);
  row.mcpRecallCommon = fig(running.recallCommon);
  row.mcpRecallFirst = fig(running.recallFirst);
  row.mcpResourcesList = fig(running.resourcesList);
  row.mcpSave = fig(running.save);
  // The saved note's file is gone: this index run drops it, leaving the vault's index as generated.
  if (running.save.path) await cortex(["index", ...base], { wrapped: false, env: cliEnv });
}

// Median wall time of a command over --runs plain runs, after one warm-up (which fills caches such as check's).
async function measureCommand(size, args, okCodes) {
  log(`vault-${size}: ${args[0]} ×${opts.runs} (+1 warm-up)…`);
  await cortex(args, { wrapped: false, okCodes, env: cliEnv });
  const runs = [];
  for (let i = 0; i < opts.runs; i++) runs.push(await cortex(args, { wrapped: false, okCodes, env: cliEnv }));
  return { ms: round1(median(runs.map((r) => r.ms))), runsMs: runs.map((r) => round1(r.ms)), exitCode: runs[0].code };
}

async function measureSearch(size, base, extra) {
  log(`vault-${size}: search "${QUERY}" ${extra.join(" ")} ×${opts.runs} (+1 warm-up)…`);
  const searchArgs = ["search", QUERY, ...base, "--no-log", "--json", ...extra];
  const searchOpts = { okCodes: [0, 1], env: cliEnv };
  await cortex(searchArgs, { ...searchOpts, wrapped: false }); // warm-up, not counted
  const plain = [];
  for (let i = 0; i < opts.runs; i++) plain.push(await cortex(searchArgs, { ...searchOpts, wrapped: false }));
  const wrapped = [];
  for (let i = 0; i < opts.runs; i++) wrapped.push(await cortex(searchArgs, { ...searchOpts, wrapped: true }));
  const rss = wrapped.map((r) => r.maxRSS).filter((x) => x != null);
  const maxRSS = rss.length ? Math.max(...rss) : null;
  return {
    ms: round1(median(plain.map((r) => r.ms))),
    runsMs: plain.map((r) => round1(r.ms)),
    wrappedMs: round1(median(wrapped.map((r) => r.ms))),
    maxRSSKiB: maxRSS,
    mb: round1(mib(maxRSS)),
    exitCode: plain[0].code,
    stdoutBytes: wrapped[0].stdoutBytes,
  };
}

// Runs `fn` while `cortex watch` keeps the vault's index current (its marker says so), then stops it with SIGTERM.
async function withWatcher(vaultDir, base, fn) {
  const marker = join(vaultDir, "index", "watch.json");
  const child = spawn(process.execPath, [opts.cli, "watch", ...base, "--quiet"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...cliEnv } });
  const exited = new Promise((res) => child.on("exit", (code) => res(code)));
  const deadline = Date.now() + 120_000;
  const current = () => existsSync(marker) && !JSON.parse(readFileSync(marker, "utf8")).pending;
  while (!current()) {
    if (Date.now() > deadline) die("cortex watch did not say the index is current within 2 min");
    await new Promise((res) => setTimeout(res, 50));
  }
  try {
    return await fn();
  } finally {
    child.kill("SIGTERM");
    const code = await exited;
    if (code !== 0) die(`cortex watch exited with ${code} on SIGTERM`);
  }
}

function evaluateTargets(rows) {
  const out = [];
  for (const t of TARGETS) {
    for (const row of rows) {
      if (t.sizes && !t.sizes.includes(row.size)) continue;
      const value = row[t.metric]?.[t.field];
      out.push({ ...t, sizes: undefined, size: row.size, value, pass: value != null && value <= t.max });
    }
  }
  return out;
}

const fmtInt = (n) => (n == null ? "–" : Math.round(n).toLocaleString("en-US"));
const pair = (f) => `${fmtInt(f?.ms)} / ${fmtInt(f?.mb)}`;
// Figures in a running server are a few ms: one decimal.
const fmtMs = (f) => (f?.ms == null ? "–" : f.ms < 100 ? f.ms.toFixed(1) : fmtInt(f.ms));

function printTable(result) {
  const header = ["size", "full index ms / MB", "re-index no change ms / MB", "one changed ms / MB",
    "search ms / MB", "--no-refresh", "--ranking seed", "cortex watch running", "check ms", "related ms", "write ms / MB", "cortex.db MB", "node baseline ms",
    "mcp start ms", `mcp recall ${RARE_WORD} ms`, "mcp recall deploy ms", "mcp recall first ms", "mcp resources/list ms", "mcp save ms"];
  const lines = result.results.map((r) => [fmtInt(r.size), pair(r.fullIndex), pair(r.reindexNoChange),
    pair(r.reindexOneChanged), pair(r.search), pair(r.searchNoRefresh), pair(r.searchSeed), pair(r.searchWatched), fmtInt(r.check?.ms), fmtInt(r.related?.ms), pair(r.write),
    (r.dbBytes / 1048576).toFixed(1), fmtInt(r.nodeBaseline.ms),
    fmtMs(r.mcpStartup), fmtMs(r.mcpRecallRare), fmtMs(r.mcpRecallCommon), fmtMs(r.mcpRecallFirst), fmtMs(r.mcpResourcesList), fmtMs(r.mcpSave)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(" | ")} |`;
  const out = [];
  out.push("");
  out.push(`cortex-vault bench — ${result.meta.cli}, node ${result.meta.node}, ${result.meta.cpu} ×${result.meta.cpus}, ${result.meta.os}`);
  out.push(`query "${QUERY}", --today ${TODAY}, seed ${result.meta.seed}${result.meta.quirks ? ", with quirk files" : ""}`);
  out.push("");
  out.push(fmt(header));
  out.push(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of lines) out.push(fmt(l));
  out.push("");
  out.push("ms = wall time of the child process (spawn to exit, Node start-up included); MB = its peak RSS in MiB.");
  out.push("Index figures: one run each, through bench/measure.mjs (its overhead is a single extra import).");
  out.push(`Search: median of ${result.meta.runs} runs of plain \`node <cli>\` for ms (after one warm-up run); MB = highest`);
  out.push(`peak RSS of ${result.meta.runs} further runs through bench/measure.mjs. Wrapper overhead (wrapped − plain median):`
    + ` ${result.results.map((r) => `${fmtInt(r.size)}: ${(r.search.wrappedMs - r.search.ms).toFixed(1)} ms`).join(", ")}.`);
  out.push(`check (--quiet) and related (the edited atom's path): median of ${result.meta.runs} plain runs after one warm-up.`);
  out.push(`MCP (official client): start = spawn of \`cortex mcp\` to the tools/list answer, median of ${result.meta.runs} servers after one;`);
  out.push(`recall, resources/list (first page) = round trip in one running server whose watcher says the index is current,`);
  out.push(`median of ${result.meta.runs} calls after one warm-up; recall first = median of the first calls of ${FIRST_WORDS.length} other common words;`);
  out.push("save = one call (a unique note, then removed and re-indexed).");
  out.push("");
  out.push("Targets:");
  const tw = Math.max(...result.targets.map((t) => t.label.length));
  for (const t of result.targets) {
    const unit = t.field === "ms" ? "ms" : "MB";
    const v = t.value == null ? "–" : `${t.value < 100 ? t.value.toFixed(1) : fmtInt(t.value)} ${unit}`;
    out.push(`  ${t.label.padEnd(tw)}  ${`size ${fmtInt(t.size)}`.padEnd(13)} ≤ ${`${fmtInt(t.max)} ${unit}`.padEnd(9)} got ${v.padStart(10)}  ${t.pass ? "ok" : "MISSED"}`);
  }
  if (!result.targets.length) out.push("  (none apply to these sizes)");
  const w = result.mcpTools;
  out.push("");
  out.push(`MCP tool list: ${w.tools} tools, ${fmtInt(w.chars)} characters of names, descriptions and input schemas ≈ ${fmtInt(w.tokens)} tokens`
    + ` (characters / 4) ≤ ${fmtInt(TOOL_BUDGET_TOKENS)}  ${w.tokens <= TOOL_BUDGET_TOKENS ? "ok" : "MISSED"}`);
  console.log(out.join("\n"));
}

const results = [];
for (const size of opts.sizes) results.push(await benchSize(size));
const result = {
  meta: {
    date: new Date().toISOString(), cli: relative(REPO, opts.cli) || opts.cli, node: process.version,
    os: `${os.platform()} ${os.release()}`, cpu: os.cpus()[0]?.model?.trim() ?? "unknown cpu", cpus: os.cpus().length,
    totalMemMiB: Math.round(os.totalmem() / 1048576), today: TODAY, query: QUERY, seed: opts.seed,
    quirks: opts.quirks, runs: opts.runs,
    method: {
      wallTime: "process.hrtime.bigint() around spawn → exit of `node <cli> …` (start-up included)",
      index: "one run each through bench/measure.mjs (wall time and peak RSS from the same run)",
      search: "ms: median of plain runs after one warm-up (each checks the files against the index first); mb: max peak RSS over the same number of runs through bench/measure.mjs",
      searchNoRefresh: "ms: median of the same search with --no-refresh (the index as written, no check of the files)",
      searchWatched: "ms: median of the same search while `cortex watch` runs and says the index is current (the search skips its check)",
      check: "ms: median of plain runs of `cortex check --quiet` after one warm-up (which fills the checks table); each checks the files against the index first",
      related: "ms: median of plain runs of `cortex related PATH` (the atom the one-changed run edits) after one warm-up",
      mcpStartup: "ms: median over --runs servers (after one) of spawn of `cortex mcp --vault DIR` to the tools/list answer, official client",
      mcpRunning: "ms: round trip of recall / resources/list (first page) in one running server whose watcher says the index is current, median of --runs calls after one warm-up; save: one call of a unique note, removed after",
      mb: "peak RSS (process.resourceUsage().maxRSS, KiB) / 1024",
    },
  },
  results,
};
result.targets = evaluateTargets(results);
{
  const weight = toolListWeight(TOOLS);
  result.mcpTools = { tools: TOOLS.length, chars: weight.chars, tokens: weight.tokens, byTool: weight.byTool };
}
if (opts.json) console.log(JSON.stringify(result, null, 2));
else printTable(result);
if (opts.check && (result.targets.some((t) => !t.pass) || result.mcpTools.tokens > TOOL_BUDGET_TOKENS)) process.exit(1);
