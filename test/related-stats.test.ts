import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { RELATED_MIN_SCORE, writeEvidence } from "../lib/core/related/evidence.js";
import { related, tokens } from "../lib/core/related/related.js";
import { readAccessLog } from "../lib/store/access-log.js";
import { trackerReport } from "../lib/core/stats/tracker.js";
import { fixtureCopies, runVaultCases, type VaultCliCase } from "./helpers/cases.js";

const copies = fixtureCopies();
const copy = (fixture = "examples/vault") => copies(fixture);

const atom = (path: string, name: string, tags: string[], description = "") => ({ path, name, tags, description, aliases: [] as string[] });
const MANIFEST = [
  atom("a.md", "Canary rollout", ["deploy", "canary"], "Gradual rollout with a canary fleet"),
  atom("b.md", "Linked note", ["misc"]),
  atom("c.md", "Backlinking note", ["misc"]),
  atom("d.md", "Deploy risk", ["deploy"]),
  atom("e.md", "Canary metrics", ["canary", "metrics"]),
  atom("f.md", "Fleet sizing", ["capacity"], "How big the fleet must be"),
  atom("g.md", "Unrelated", ["cooking"]),
];
const EDGES = { "a.md": ["b.md"], "c.md": ["a.md"], "b.md": ["a.md"] };

test("should rank links both ways, then shared tags (rarer first), then shared rare words, with reasons", () => {
  assert.deepEqual(related(MANIFEST, EDGES, { path: "a.md" }).map((r) => [r.path, r.tier, r.reason]), [
    ["b.md", "link", "links both ways"],
    ["c.md", "link", "links to it"],
    ["d.md", "tags", "shared tags: deploy"],
    ["e.md", "tags", "shared tags: canary"],
    ["f.md", "words", "shared rare words: fleet"],
  ]);
  assert.equal(related(MANIFEST, EDGES, { path: "a.md" }, 2).length, 2);
});

test("should relate a set of tags and words", () => {
  assert.deepEqual(related(MANIFEST, EDGES, { tags: ["#Metrics"], words: ["fleet sizing"] }).map((r) => [r.path, r.reason]), [
    ["e.md", "shared tags: metrics"],
    ["f.md", "shared rare words: sizing, fleet"],
    ["a.md", "shared rare words: fleet"],
  ]);
  assert.deepEqual(tokens("The 2026 rollout, with THE canary!"), ["rollout", "canary"]);
});

test("should ask a link added on write for more than one shared tag: a tag and a word, two tags, or four words", () => {
  const candidate = { tags: ["deploy", "release"], name: "Deploy freeze calendar", aliases: ["cut-off"], description: "When releases stop" };
  const enough = (tags: string[], text: string) => writeEvidence(candidate, { tags, text }) >= RELATED_MIN_SCORE;
  assert.equal(enough(["deploy"], "Post it on the wiki"), false, "one generic tag alone");
  assert.equal(enough(["deploy"], "The calendar of the team"), true, "a tag and a word");
  assert.equal(enough(["#Deploy", "release"], "Post it"), true, "two tags");
  assert.equal(enough([], "freeze calendar releases"), false, "three words");
  assert.equal(enough([], "deploy freeze calendar releases"), true, "four words");
});

const EVENTS = [
  { ts: "2026-11-20T10:00:00Z", op: "search", query: "deploy", results: ["d.md", "a.md"], duration_ms: 10 },
  { ts: "2026-11-21T10:00:00Z", op: "search", query: "canary", results: ["a.md", "e.md", "gone.md"], duration_ms: 30 },
  { ts: "2026-11-22T10:00:00Z", op: "mcp.recall", query: "x", results: [], duration_ms: 2 },
  { ts: "2026-11-22T11:00:00Z", op: "search", query: "old", results: ["gone.md"], duration_ms: 4 },
];

test("should report retrievals, latency, top-result layers, most accessed and dead atoms", () => {
  const manifest = MANIFEST.map((m, i) => ({ path: m.path, updated: i === 0 ? "2026-11-21" : "2026-01-01" }));
  const r = trackerReport(EVENTS, manifest, { top: 3 });
  assert.equal(r.retrievals, 4);
  assert.deepEqual(r.byOp, [["search", 3], ["mcp.recall", 1]]);
  assert.equal(r.empty, 1);
  assert.deepEqual(r.latency, { mean: 11.5, p50: 4, p95: 30 });
  assert.deepEqual(r.topLayers, { hot: 1, warm: 0, cold: 1, gone: 1 });
  assert.deepEqual(r.mostAccessed, [{ path: "a.md", returned: 2, top: 1 }, { path: "gone.md", returned: 2, top: 1 }, { path: "d.md", returned: 1, top: 1 }]);
  assert.deepEqual(r.dead, ["b.md", "c.md", "f.md", "g.md"]);
  assert.equal(trackerReport(EVENTS, manifest, { since: "2026-11-22" }).retrievals, 2);
});

test("should read the access log leniently", () => {
  const dir = copy();
  mkdirSync(join(dir, "index"), { recursive: true });
  const file = join(dir, "index/access_log.jsonl");
  writeFileSync(file, `${JSON.stringify(EVENTS[0])}\n{torn line\n${JSON.stringify({ ts: 1 })}\n\n${JSON.stringify(EVENTS[1])}\n`);
  const log = readAccessLog(file);
  assert.equal(log.events.length, 2);
  assert.equal(log.badLines, 2);
  assert.deepEqual(readAccessLog(join(dir, "nope.jsonl")), { events: [], badLines: 0 });
});


const withLog = (dir: string) => {
  mkdirSync(join(dir, "index"), { recursive: true });
  writeFileSync(join(dir, "index/access_log.jsonl"), `${EVENTS.map((e) => JSON.stringify({ ...e, results: e.results.map((p) => (p === "a.md" ? "atoms/canary_analysis.md" : p)) })).join("\n")}\n`);
  return dir;
};

const CASES: VaultCliCase[] = [
  {
    name: "should list an atom's related atoms with reasons",
    args: (dir) => ["related", "--vault", dir, "Canary analysis"],
    exitCode: 0,
    stdout: "atoms/benchmark_cluster_cut.md  Benchmark cluster budget cut in half — links both ways\ninsights/error_budgets_as_risk_signal.md  Error budgets as a risk signal — links both ways\n",
  },
  {
    name: "should exit 2 without an atom, tags or words",
    args: (dir) => ["related", "--vault", dir],
    exitCode: 2,
    stderr: "cortex: give an atom (path, id or name), or --tag and/or --words\n",
  },
  {
    name: "should exit 1 when nothing is related",
    args: (dir) => ["related", "--vault", dir, "--tag", "no-such-tag"],
    exitCode: 1,
    stderr: "Nothing related found\n",
  },
  {
    name: "should print the tracker report",
    args: (dir) => ["stats", "--vault", withLog(dir), "--dead", "2"],
    exitCode: 0,
    stdout: /^Retrievals: 4 from 2026-11-20T10:00:00Z to 2026-11-22T11:00:00Z \(search 3, mcp.recall 1\); 1 returned nothing\nLatency: mean 11.5 ms, median 4 ms, p95 30 ms\nTop result by layer: hot 0% \(0\), warm 0% \(0\), cold 33% \(1\), gone 67% \(2\)\nMost accessed[^\n]*\n {5}2 {4}1  atoms\/canary_analysis.md\n[\s\S]*Dead atoms \(never returned\): 17 of 18\n  _moc\/backend.md\n  _moc\/ops.md\n  … and 15 more \(--dead 0 lists all\)\n$/,
  },
  {
    name: "should exit 1 when no search was logged yet",
    args: (dir) => ["stats", "--vault", dir],
    exitCode: 1,
    stdout: "",
    stderr: "No retrievals in index/access_log.jsonl yet (cortex search appends one per search)\n",
  },
  {
    name: "should exit 2 for a bad --since",
    args: (dir) => ["stats", "--vault", dir, "--since", "yesterday"],
    exitCode: 2,
    stderr: 'cortex: --since must be a date YYYY-MM-DD, got "yesterday"\n',
  },
];


runVaultCases(CASES, "examples/vault", copy);
