#!/usr/bin/env node
// Seeded, deterministic synthetic vault generator for cortex-vault benchmarks
// and tests. No dependencies.
//
//   node bench/gen-vault.mjs --out DIR --atoms N [--seed S] [--today YYYY-MM-DD] [--quirks]
//
// Same arguments -> byte-identical vault (file contents, names and mtimes).
// DIR must not exist or must be empty. See bench/README.md for the shape of
// what is written.
import { closeSync, existsSync, futimesSync, mkdirSync, openSync, readdirSync, writeFileSync, writeSync } from "node:fs";
import { parseArgs as parseCliArgs } from "node:util";
import { join } from "node:path";

// ---------------------------------------------------------------- arguments

const USAGE = "usage: node bench/gen-vault.mjs --out DIR --atoms N [--seed S] [--today YYYY-MM-DD] [--quirks]";

function parseArgs(argv) {
  let values;
  try {
    ({ values } = parseCliArgs({ args: argv, options: {
      out: { type: "string" }, atoms: { type: "string" }, seed: { type: "string", default: "1" },
      today: { type: "string", default: "2026-11-22" }, quirks: { type: "boolean", default: false }, help: { type: "boolean" },
    } }));
  } catch (error) {
    fail(error.message);
  }
  if (values.help) { console.log(USAGE); process.exit(0); }
  const opts = { ...values };
  if (!opts.out) fail("--out is required");
  if (opts.atoms === undefined) fail("--atoms is required");
  if (!/^\d+$/.test(opts.atoms)) fail(`--atoms must be a non-negative integer, got ${opts.atoms}`);
  opts.atoms = Number(opts.atoms);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(opts.today);
  const todayMs = m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : NaN;
  if (!m || new Date(todayMs).toISOString().slice(0, 10) !== opts.today) fail(`--today must be a valid YYYY-MM-DD date, got ${opts.today}`);
  opts.todayMs = todayMs;
  return opts;
}

function fail(msg) {
  console.error(`gen-vault: ${msg}\n${USAGE}`);
  process.exit(2);
}

const opts = parseArgs(process.argv.slice(2));

// --------------------------------------------------------------------- PRNG
// sfc32 (Small Fast Counting generator), seeded from any string through a
// 32-bit FNV-1a hash expanded with a murmur3-style finalizer.

function makeRng(seedText) {
  let h = 0x811c9dc5;
  for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 0x01000193);
  const mix = () => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    h = (h + 0x9e3779b9) | 0;
    return h >>> 0;
  };
  let a = mix(), b = mix(), c = mix(), d = mix();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next(); // warm up
  return next;
}

const rand = makeRng(`cortex-bench:${opts.seed}`);
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const chance = (p) => rand() < p;
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

/** Weighted sampler over `items` with `weights`, via cumulative table + binary search. */
function weighted(items, weights) {
  const cum = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) cum[i] = total += weights[i];
  return () => {
    const r = rand() * total;
    let lo = 0, hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > r) hi = mid; else lo = mid + 1;
    }
    return items[lo];
  };
}
/** Zipf-like sampler: the item of rank k has weight 1 / k^s. */
const zipf = (items, s = 1) => weighted(items, items.map((_, k) => 1 / Math.pow(k + 1, s)));

// ---------------------------------------------------------------- vocabulary

const TYPES = ["insight", "rule", "lesson", "decision", "incident", "reference", "concept",
  "project", "event", "person", "feedback", "win", "loss", "user"];
const TYPE_WEIGHTS = [14, 10, 10, 9, 8, 8, 8, 6, 6, 6, 5, 4, 4, 2];
const pickType = weighted(TYPES, TYPE_WEIGHTS);

const FOLDER_FOR_TYPE = { rule: "rules", feedback: "feedback", insight: "insights", incident: "incidents",
  person: "people", reference: "reference", user: "user" };
const folderFor = (type) => FOLDER_FOR_TYPE[type] ?? "atoms";

const PROJECTS = ["platform", "ops", "payments", "search", "mobile", "growth", "data", "security",
  "infra", "support", "research", "design", "finance", "personal"];
const pickProject = zipf(PROJECTS, 0.9);

const pickStatus = weighted(["active", "review", "archived", "superseded"], [80, 7, 9, 4]);

// ~200 tags in rank order (rank 1 = most common). "deploy" and "risk" sit near the top.
const TAGS = (
  "ops backend deploy infra api risk database incident frontend security testing performance "
  + "monitoring release ci cost migration oncall auth cache postgres kubernetes latency billing "
  + "customer hiring planning retro observability alerting logging terraform docker networking dns "
  + "tls cdn queue kafka redis search indexing schema backup restore rollback canary feature-flag "
  + "experiment analytics metrics dashboard sla slo error-budget capacity scaling autoscaling "
  + "memory cpu disk storage s3 gcp aws azure vendor contract legal compliance gdpr privacy audit "
  + "access secrets rotation tokens sessions webhooks cron batch streaming etl warehouse dbt ml "
  + "embeddings model drift evaluation prompt llm agents tooling cli editor git code-review "
  + "refactoring tech-debt documentation onboarding mentoring feedback one-on-one team process "
  + "roadmap okr budget pricing churn retention funnel growth seo marketing sales support "
  + "escalation triage bug regression flaky-tests timeout retry backoff rate-limit throttling "
  + "concurrency deadlock race-condition consistency replication sharding failover dr chaos "
  + "postmortem runbook playbook checklist standup meeting decision-log architecture design-doc "
  + "rfc api-design versioning deprecation compatibility mobile ios android web accessibility "
  + "i18n ux research interview persona usability copy brand health sleep reading writing "
  + "learning travel family finance tax invest habit fitness focus burnout energy ideas"
).split(" ");
const pickTag = zipf(TAGS, 1.0);

const WORDS = (
  "the a an of to and in for on with after before when while if then because so but or not "
  + "we they it this that each every some most all no must never always should could would "
  + "check run ship merge review page alert fix patch revert roll build test watch measure "
  + "keep move split batch queue cache retry drop trim log trace pin bump freeze unfreeze "
  + "service cluster request response error user team client server change window call owner "
  + "ticket metric graph pipeline stage prod staging canary rollout flag limit job worker "
  + "thread pool connection node region zone replica shard lock index table row column key "
  + "value file disk memory spike dip budget cost price plan week month quarter day night "
  + "morning release branch commit config secret token session header payload schema field "
  + "first last next old new slow fast small large hot cold stale fresh safe risky manual "
  + "automatic weekly daily broken flaky noisy quiet clear vague hard easy early late"
).split(" ");
const pickWord = zipf(WORDS, 0.8);

const NOUNS = ["freeze", "policy", "finding", "decision", "rule", "fix", "analysis", "outage",
  "playbook", "checklist", "pattern", "gotcha", "lesson", "note", "plan", "review", "limit",
  "budget", "window", "tradeoff", "baseline", "regression", "spike", "handoff", "migration"];
const PREPS = ["for", "in", "at", "on", "after", "during", "around", "behind"];
const HEADINGS = ["Why", "How to apply", "Context", "Details", "Follow-up"];

const ONSETS = ["b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br",
  "dr", "st", "tr", "sh"];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "io"];
const CODAS = ["", "", "", "n", "r", "l", "s", "x", "m"];
function codename(minSyl, maxSyl) {
  let w = "";
  for (let n = int(minSyl, maxSyl); n > 0; n--) w += pick(ONSETS) + pick(VOWELS);
  w += pick(CODAS);
  return w[0].toUpperCase() + w.slice(1);
}

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
const DAY_MS = 86400000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

function sentence(minW, maxW) {
  const n = int(minW, maxW);
  const out = [];
  for (let i = 0; i < n; i++) {
    // about one word in eight is a topic word from the tag pool, so tags also occur in prose
    let w = chance(0.12) ? pickTag().replace(/-/g, " ") : pickWord();
    if (i > 0 && i < n - 1 && chance(0.06)) w += ",";
    out.push(w);
  }
  return `${cap(out.join(" "))}.`;
}

// ------------------------------------------------------------------ pass 1
// Decide every atom (type, names, dates, tags, folder) before writing, so
// wikilinks and superseded_by can point at real atoms.

const N = opts.atoms;
const MAX_PER_FOLDER = 2000;
const CHUNK = 1000;

const atoms = new Array(N);
const usedStems = new Set();

function uniqueStem(makeName) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const name = makeName();
    const stem = slug(name);
    if (!usedStems.has(stem)) { usedStems.add(stem); return { name, stem }; }
  }
  // still colliding: disambiguate with a counter (deterministic)
  const name = makeName();
  const base = slug(name);
  let k = 2;
  while (usedStems.has(`${base}_${k}`)) k++;
  usedStems.add(`${base}_${k}`);
  return { name: `${name} ${k}`, stem: `${base}_${k}` };
}

for (let i = 0; i < N; i++) {
  const type = pickType();
  const project = pickProject();
  const status = pickStatus();
  const { name, stem } = type === "person" || type === "user"
    ? uniqueStem(() => `${codename(1, 2)} ${codename(2, 3)}`)
    : uniqueStem(() => `${cap(pickTag().replace(/-/g, " "))} ${pick(NOUNS)} ${pick(PREPS)} ${codename(2, 3)}`);

  const r = rand();
  const updatedAgo = r < 0.06 ? int(0, 2) : r < 0.21 ? int(3, 7) : int(8, 730);
  const createdAgo = updatedAgo + (chance(0.4) ? 0 : int(1, 120));
  const updated = isoDay(opts.todayMs - updatedAgo * DAY_MS);
  const created = isoDay(opts.todayMs - createdAgo * DAY_MS);

  const tags = [];
  for (let n = int(1, 5); n > 0; n--) {
    const t = pickTag();
    if (!tags.includes(t)) tags.push(t);
  }
  atoms[i] = {
    type, project, status, name, stem, created, updated, tags,
    id: `${created.replace(/-/g, "")}_${stem}`,
    top: folderFor(type),
    dir: "",
    // deterministic mtime: the `updated` day at a pseudo-random time of day
    mtimeSec: (opts.todayMs - updatedAgo * DAY_MS) / 1000 + int(0, 86399),
  };
}

// Folders: flat per type folder while it holds <= MAX_PER_FOLDER files; beyond
// that split by project, and split a project folder into numbered chunks of
// CHUNK files when it too would exceed MAX_PER_FOLDER (e.g. atoms/ops/003/).
{
  const byTop = new Map();
  for (const a of atoms) (byTop.get(a.top) ?? byTop.set(a.top, []).get(a.top)).push(a);
  for (const [top, list] of byTop) {
    if (list.length <= MAX_PER_FOLDER) { for (const a of list) a.dir = top; continue; }
    const byProject = new Map();
    for (const a of list) (byProject.get(a.project) ?? byProject.set(a.project, []).get(a.project)).push(a);
    for (const [project, plist] of byProject) {
      if (plist.length <= MAX_PER_FOLDER) { for (const a of plist) a.dir = `${top}/${project}`; continue; }
      plist.forEach((a, k) => { a.dir = `${top}/${project}/${String(Math.floor(k / CHUNK)).padStart(3, "0")}`; });
    }
  }
}

// ------------------------------------------------------------------ pass 2

const OUT = opts.out;
if (existsSync(OUT) && readdirSync(OUT).length > 0) fail(`${OUT} exists and is not empty`);
mkdirSync(OUT, { recursive: true });
// cortex takes a folder for a vault only when it has a cortex.toml (every setting at its default here).
writeFileSync(join(OUT, "cortex.toml"), "# Generated by bench/gen-vault.mjs: every setting at its default.\n");

const madeDirs = new Set();
let filesWritten = 0;
function write(rel, content, mtimeSec) {
  const slash = rel.lastIndexOf("/");
  if (slash > 0) {
    const dir = rel.slice(0, slash);
    if (!madeDirs.has(dir)) { mkdirSync(join(OUT, dir), { recursive: true }); madeDirs.add(dir); }
  }
  const fd = openSync(join(OUT, rel), "w");
  try {
    const buf = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    futimesSync(fd, mtimeSec, mtimeSec);
  } finally {
    closeSync(fd);
  }
  filesWritten++;
}

function wikilink() {
  if (N === 0 || chance(0.01)) return `[[${slug(codename(2, 3))}_missing]]`; // a broken link now and then
  const t = atoms[Math.floor(rand() * N)];
  const f = rand();
  if (f < 0.5) return `[[${t.stem}]]`;
  if (f < 0.75) return `[[${t.dir}/${t.stem}]]`;
  if (f < 0.9) return `[[${t.stem}|${t.name}]]`;
  return `[[${t.stem}#${pick(HEADINGS)}]]`;
}

const hashtag = () => `#${pickTag()}`;

function bodyLine() {
  const k = rand();
  let line;
  if (k < 0.55) line = sentence(6, 18) + (chance(0.35) ? ` ${sentence(4, 12)}` : "");
  else if (k < 0.8) line = `- ${sentence(4, 14)}`;
  else if (k < 0.9) line = `**${pick(HEADINGS)}:** ${sentence(6, 16)}`;
  else line = `${sentence(3, 8).slice(0, -1)} ${pick(["see", "per", "like", "unlike", "after"])} ${wikilink()}.`;
  if (chance(0.12)) line += ` See ${wikilink()}.`;
  if (chance(0.06)) line += ` ${hashtag()}`;
  if (chance(0.02)) line += ` ${hashtag()} ${hashtag()}`;
  return line;
}

for (let i = 0; i < N; i++) {
  const a = atoms[i];
  const fm = [
    "---",
    `id: ${a.id}`,
    `name: ${a.name}`,
    `type: ${a.type}`,
    `project: ${a.project}`,
    `status: ${a.status}`,
    `created: ${a.created}`,
    `updated: ${a.updated}`,
    `tags: [${a.tags.join(", ")}]`,
    "links: []",
  ];
  if (chance(0.6)) fm.push(`description: ${sentence(5, 16)}`);
  if (a.status === "superseded" && N > 1) fm.push(`superseded_by: ${atoms[(i + int(1, N - 1)) % N].id}`);
  fm.push("---");
  const body = [`# ${a.name}`, ""];
  for (let n = int(3, 15); n > 0; n--) {
    body.push(bodyLine());
    if (n > 1 && chance(0.2)) body.push("");
  }
  write(`${a.dir}/${a.stem}.md`, `${fm.join("\n")}\n\n${body.join("\n")}\n`, a.mtimeSec);
}

// ------------------------------------------------------------------ quirks

if (opts.quirks) {
  const qTime = opts.todayMs / 1000 - 10 * 86400; // fixed mtime for quirk files
  const link = N > 0 ? `[[${atoms[0].stem}]]` : "[[nothing]]";
  const fmLines = (name, extra = []) => ["---", `name: ${name}`, "type: lesson", "project: ops", "status: active",
    "created: 2026-01-05", "updated: 2026-01-06", "tags: [quirk, deploy]", ...extra, "---"];
  const doc = (name, body, extra) => `${fmLines(name, extra).join("\n")}\n\n# ${name}\n\n${body}\n`;
  const Q = [];
  const q = (rel, content) => Q.push([rel, content]);

  // 1. no frontmatter at all
  q("inbox/no_frontmatter.md", `# Loose note\n\nNo frontmatter here; mentions deploy risk, #deploy and ${link}.\n`);
  // 2. CRLF line endings throughout
  q("inbox/crlf_line_endings.md", doc("CRLF note", `Written on Windows, deploy checklist. See ${link}.`).replace(/\n/g, "\r\n"));
  // 3. UTF-8 byte order mark before the frontmatter
  q("inbox/bom_prefixed.md", `\uFEFF${doc("BOM note", "Starts with a byte order mark. #risk")}`);
  // 4. frontmatter YAML that does not parse
  q("inbox/bad_yaml.md", "---\nname: Broken: yaml: [here\ntags: [unclosed, list\n  - mixed: {\nstatus: \"active\n---\n\n# Broken YAML\n\nThe frontmatter above does not parse. deploy risk.\n");
  // 5. frontmatter opened but never closed
  q("inbox/unterminated_frontmatter.md", "---\nname: Never closed\ntype: rule\ntags: [deploy]\n\n# Never closed\n\nThe frontmatter block never ends.\n");
  // 6. tags as a YAML block list, plus aliases and a quoted, folded description
  q("inbox/block_list_tags.md", "---\nname: \"Block list tags: quoted\"\ntype: 'concept'\nproject: research\nstatus: active\ncreated: \"2026-02-01\"\nupdated: 2026-02-02\ntags:\n  - yaml\n  - Deploy\n  - risk\naliases:\n  - block tags\ndescription: >\n  Folded description\n  over two lines.\nlinks:\n  - \"[[" + (N > 0 ? atoms[0].stem : "nothing") + "]]\"\n---\n\n# Block list tags\n\nTags in block style.\n");
  // 7. non-ASCII file name and content
  q("inbox/déploiement_à_risque_部署.md", doc("Déploiement à risque — 部署リスク", "Non-ASCII everywhere: naïve café, Ω, 🚀. #déploiement", ["aliases: [Ünïcode]"]));
  // 8. spaces in the file name
  q("inbox/Meeting notes 2026 06 01.md", doc("Meeting notes 2026 06 01", "Spaces in the file name. Links to [[inbox/crlf_line_endings]] and [[Meeting notes 2026 06 01]]."));
  // 9. empty file, 10. whitespace-only file
  q("inbox/empty.md", "");
  q("inbox/whitespace_only.md", "\n   \n\t\n");
  // 11. frontmatter only, no body; tags as a scalar string; odd dates
  q("inbox/frontmatter_only.md", "---\nname: Only frontmatter\ntype: event\nproject: ops\nstatus: active\ncreated: 12/31/2025\nupdated: not-a-date\ntags: deploy\n---\n");
  // 12. a ~2 MB file with valid frontmatter
  {
    const parts = [];
    let size = 0;
    while (size < 2 * 1024 * 1024) { const s = `${sentence(10, 30)}\n`; parts.push(s); size += s.length; }
    q("reference/huge_reference_dump.md", doc("Huge reference dump", parts.join("")));
  }
  // 13. binary content with NUL bytes and a .md extension
  {
    const bin = Buffer.alloc(8192);
    for (let k = 0; k < bin.length; k++) bin[k] = k % 7 === 0 ? 0 : Math.floor(rand() * 256);
    q("inbox/binary_blob.md", bin);
  }
  // 14. same stem as an inbox file, in another folder (ambiguous [[no_frontmatter]])
  q("archive/no_frontmatter.md", doc("Duplicate stem", "Same file stem as inbox/no_frontmatter."));
  // 15. a nested folder called index/ — only the root-level index/ is skipped, so this one is indexed
  q("projects/index/nested_index_folder.md", doc("Nested index folder", "Only the vault-root index/ folder is skipped."));
  // 16-20. .md files in folders that must be skipped
  const skipped = (name) => doc(`SHOULD NOT BE INDEXED ${name}`, "deploy risk deploy risk. This folder must be skipped.", ["id: 20260101_should_not_be_indexed"]);
  q(".obsidian/snippets/should_not_be_indexed.md", skipped(".obsidian"));
  q(".git/should_not_be_indexed.md", skipped(".git"));
  q("node_modules/some-package/README.md", skipped("node_modules"));
  q("index/should_not_be_indexed.md", skipped("index"));
  q("layers/should_not_be_indexed.md", skipped("layers"));

  for (const [rel, content] of Q) write(rel, content, qTime);
}

console.log(`wrote ${filesWritten} files to ${OUT}`);
