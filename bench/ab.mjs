#!/usr/bin/env node
// A/B benchmark: two builds of the CLI timed in one run, runs alternating, on the same generated vaults,
// so that the ratios hold on a machine whose speed drifts (these shared machines differ 3× in absolute speed).
//
//   node bench/ab.mjs --a DIR_OR_CLI --b DIR_OR_CLI [--runs 5] [--small 10000] [--large 100000] [--out bench/out]
//
// A and B are each a built checkout (its dist/cli/cortex.cjs is used) or a path to a cortex.cjs. Figures:
// search with the freshness check and with --no-refresh (small vault); full index, peak RSS, re-index after one
// edit (a name changed; a body line added) and `cortex write` (large vault); MCP recall in a live server (large vault). Medians; ratio = B / A.
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { median, measureRunningServer } from "./mcp.mjs";

const BENCH = fileURLToPath(new URL(".", import.meta.url));
const TODAY = "2026-11-22";
const { values } = parseArgs({ options: { a: { type: "string" }, b: { type: "string" }, runs: { type: "string", default: "5" }, small: { type: "string", default: "10000" }, large: { type: "string", default: "100000" }, out: { type: "string", default: join(BENCH, "out") }, "no-mcp": { type: "boolean", default: false } } });
if (!values.a || !values.b) {
  console.error("usage: node bench/ab.mjs --a DIR_OR_CLI --b DIR_OR_CLI [--runs 5] [--small 10000] [--large 100000] [--no-mcp]");
  process.exit(2);
}
const cli = (p) => (p.endsWith(".cjs") ? resolve(p) : resolve(p, "dist/cli/cortex.cjs"));
const builds = { A: cli(values.a), B: cli(values.b) };
const runs = Number(values.runs);

// A generated vault of `atoms` notes (made once, by ../shared/bench/gen-vault.mjs), copied for each build.
function vaultFor(atoms, build) {
  const source = join(values.out, `ab-source-${atoms}`);
  if (!existsSync(source)) {
    const gen = resolve(BENCH, "../../shared/bench/gen-vault.mjs");
    const made = spawnSync(process.execPath, [existsSync(gen) ? gen : join(BENCH, "gen-vault.mjs"), "--out", source, "--atoms", String(atoms), "--seed", "1", "--today", TODAY, "--quirks"], { stdio: "inherit" });
    if (made.status !== 0) process.exit(2);
  }
  const copy = join(values.out, `ab-${build}-${atoms}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(source, copy, { recursive: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
  // A vault is a folder with a cortex.toml (the shared generator writes none).
  if (!existsSync(join(copy, "cortex.toml"))) writeFileSync(join(copy, "cortex.toml"), "");
  return copy;
}

// One run of the CLI: wall ms and peak RSS (MB, from GNU time when present).
function timed(build, args) {
  const time = existsSync("/usr/bin/time") ? ["/usr/bin/time", "-f", "%M"] : [];
  const t0 = performance.now();
  const r = spawnSync(time[0] ?? process.execPath, [...time.slice(1), ...(time.length ? [process.execPath] : []), builds[build], ...args, "--today", TODAY], { encoding: "utf8" });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${build} ${args.join(" ")}: exit ${r.status}\n${r.stderr}`);
  const kb = Number(r.stderr.trim().split("\n").at(-1));
  return { ms, mb: Number.isFinite(kb) ? kb / 1024 : NaN };
}

// `runs` alternating pairs of `step(build)`; each build's medians.
function alternate(step) {
  const out = { A: [], B: [] };
  for (let i = 0; i < runs; i++) for (const build of i % 2 ? ["B", "A"] : ["A", "B"]) out[build].push(step(build));
  return Object.fromEntries(Object.entries(out).map(([build, xs]) => [build, { ms: median(xs.map((x) => x.ms)), mb: Math.max(...xs.map((x) => x.mb)) }]));
}

const rows = [];
const row = (figure, r, field = "ms") => {
  rows.push({ figure, A: r.A[field], B: r.B[field], ratio: r.B[field] / r.A[field] });
  console.error(`${figure}: A ${r.A[field].toFixed(1)}, B ${r.B[field].toFixed(1)} (${(r.B[field] / r.A[field]).toFixed(2)}×)`);
};

const small = Number(values.small);
const smallVaults = { A: vaultFor(small, "A"), B: vaultFor(small, "B") };
for (const build of ["A", "B"]) timed(build, ["index", "--vault", smallVaults[build]]);
row(`search with the freshness check, ${small}`, alternate((b) => timed(b, ["search", "deploy risk", "--vault", smallVaults[b]])));
row(`search --no-refresh, ${small}`, alternate((b) => timed(b, ["search", "deploy risk", "--no-refresh", "--vault", smallVaults[b]])));

const large = Number(values.large);
const largeVaults = { A: vaultFor(large, "A"), B: vaultFor(large, "B") };
const full = alternate((b) => {
  rmSync(join(largeVaults[b], "index"), { recursive: true, force: true });
  rmSync(join(largeVaults[b], "layers"), { recursive: true, force: true });
  return timed(b, ["index", "--vault", largeVaults[b]]);
});
row(`full index, ${large}`, full);
row(`full index peak RSS MB, ${large}`, full, "mb");
let edit = 0;
row(`re-index after a name change, ${large}`, alternate((b) => {
  const file = join(largeVaults[b], "atoms", "ab-edited.md");
  writeFileSync(file, `---\nname: AB edited ${++edit}\ntype: insight\n---\nEdited for the A/B benchmark, run ${edit}.\n`);
  const t = new Date(Date.now() + edit * 1000);
  utimesSync(file, t, t);
  return timed(b, ["index", "--vault", largeVaults[b]]);
}));
// The common edit: a line added to a note's body (its line count and size change, nothing else).
row(`re-index after a body edit, ${large}`, alternate((b) => {
  const file = join(largeVaults[b], "atoms", "ab-edited.md");
  appendFileSync(file, `One more line, edit ${++edit}.\n`);
  const t = new Date(Date.now() + edit * 1000);
  utimesSync(file, t, t);
  return timed(b, ["index", "--vault", largeVaults[b]]);
}));
let written = 0;
row(`cortex write, ${large}`, alternate((b) => timed(b, ["write", "--name", `AB note ${b} ${++written}`, "--type", "insight", "--project", "ops", "--tags", "deploy", "--body", `Written by bench/ab.mjs, run ${written}, about deploy windows and canaries.`, "--force", "--vault", largeVaults[b]])));
if (!values["no-mcp"]) {
  for (const build of ["A", "B"]) timed(build, ["index", "--vault", largeVaults[build]]);
  const recall = { A: [], B: [] };
  for (const build of ["A", "B", "B", "A"]) {
    const server = await measureRunningServer(builds[build], largeVaults[build], { runs, rareWord: "burnout" });
    recall[build].push(server.recallCommon.ms);
  }
  row(`MCP recall "deploy" in a live server, ${large}`, { A: { ms: median(recall.A) }, B: { ms: median(recall.B) } });
}
console.log(JSON.stringify({ a: builds.A, b: builds.B, runs, figures: rows }, null, 2));
