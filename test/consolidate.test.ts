import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { splitFrontmatter } from "../lib/core/atoms/frontmatter.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { consolidateVault, findSupersessionIssues, type ManifestEntry } from "./helpers/lib.js";
import { removeTemp, runBuilt, runInProcess, tempVault } from "./helpers/cli.js";
import { hashTree } from "./helpers/tree.js";
import fc from "fast-check";
import { alikePairs, ShingleNumbers, type ComparableAtom } from "../lib/core/consolidate/duplicates.js";
import { shingle, shingleSimilarity } from "../lib/core/write/similarity.js";
import { runs } from "./helpers/runs.js";

const TODAY = "2026-11-22";
const config = defaultConfig();
const BODY = "Production deploys stop at 15:00 on Fridays so nobody spends the weekend rolling back a release.";

function note(vault: string, path: string, fields: Record<string, string>, body: string): void {
  const abs = join(vault, path);
  mkdirSync(dirname(abs), { recursive: true });
  const front = Object.entries({ id: path.replace(/\W/g, "_"), type: "rule", project: "ops", status: "active", created: "2026-01-01", updated: "2026-01-01", ...fields }).map(([k, v]) => `${k}: ${v}\n`).join("");
  writeFileSync(abs, `---\n${front}---\n\n${body}\n`);
}

function vaultWithFindings(): string {
  const vault = tempVault();
  note(vault, "rules/friday_a.md", { name: "No Friday deploys", updated: "2026-10-01" }, BODY);
  note(vault, "rules/friday_b.md", { name: "No deploys on Fridays", updated: "2026-11-01" }, `${BODY} Hotfixes excepted.`);
  note(vault, "rules/friday_c.md", { name: "No Friday deploys", updated: "2026-09-01", project: "other" }, BODY);
  note(vault, "rules/unrelated.md", { name: "Rotate keys yearly" }, "Rotate the signing keys once a year, in January.");
  note(vault, "atoms/pending.md", { name: "Pending decision", status: "review", updated: "2026-09-01" }, "Should we adopt canary deploys?");
  note(vault, "atoms/fresh_review.md", { name: "Fresh review", status: "review", updated: "2026-11-20" }, "Recent.");
  note(vault, "atoms/v1.md", { name: "Version one", status: "superseded", superseded_by: "atoms_v2_md" }, "One.");
  note(vault, "atoms/v2.md", { name: "Version two", status: "superseded", superseded_by: "atoms/v3" }, "Two.");
  note(vault, "atoms/v3.md", { name: "Version three" }, "Three.");
  note(vault, "atoms/lost.md", { name: "Lost", status: "superseded", superseded_by: "nowhere" }, "Lost.");
  return vault;
}

test("should list duplicate groups, stale reviews and supersession problems without changing anything", async () => {
  const vault = vaultWithFindings();
  try {
    const before = hashTree(vault);
    const { report, applied } = await consolidateVault(vault, { config, today: TODAY });
    assert.deepEqual(hashTree(vault), before);
    assert.deepEqual(applied, []);
    assert.equal(report.duplicates.length, 1);
    const [group] = report.duplicates;
    assert.equal(group!.keep, "rules/friday_b.md");
    assert.deepEqual(new Set(group!.merge.map((m) => m.path)), new Set(["rules/friday_a.md", "rules/friday_c.md"]));
    assert.ok(group!.pairs.every((p) => p.similarity >= 0.6 && p.similarity <= 1));
    assert.deepEqual(report.review.map((r) => [r.path, r.days]), [["atoms/pending.md", 82]]);
    assert.deepEqual(report.supersession.map((s) => [s.kind, s.paths]), [["missing", ["atoms/lost.md"]], ["chain", ["atoms/v1.md", "atoms/v2.md", "atoms/v3.md"]]]);
    const scoped = await consolidateVault(vault, { config, today: TODAY, project: "other" });
    assert.deepEqual(scoped.report.duplicates, []);
  } finally {
    removeTemp(vault);
  }
});

test("should merge each group into its newest atom with --apply, superseding and never deleting", async () => {
  const vault = vaultWithFindings();
  try {
    const bodyBefore = splitFrontmatter(readFileSync(join(vault, "rules/friday_a.md"), "utf8")).body;
    const { applied } = await consolidateVault(vault, { config, today: TODAY, apply: true });
    assert.deepEqual(applied.map((a) => a.by), ["rules/friday_b.md", "rules/friday_b.md"]);
    const a = readFileSync(join(vault, "rules/friday_a.md"), "utf8");
    assert.equal(splitFrontmatter(a).body, bodyBefore);
    const fields = parse(splitFrontmatter(a).yaml);
    assert.equal(fields.status, "superseded");
    assert.equal(fields.superseded_by, "rules_friday_b_md");
    assert.match(fields.superseded_reason, /^consolidated: near-duplicate of rules\/friday_b\.md \(similarity 0\.\d\d\)$/);
    const keep = parse(splitFrontmatter(readFileSync(join(vault, "rules/friday_b.md"), "utf8")).yaml);
    assert.deepEqual(new Set(keep.supersedes), new Set(["rules_friday_a_md", "rules_friday_c_md"]));
    const again = await consolidateVault(vault, { config, today: TODAY });
    assert.deepEqual(again.report.duplicates, []);
  } finally {
    removeTemp(vault);
  }
});

test("should find cycles once and flag superseded_by on live atoms", () => {
  const entry = (path: string, status: string, superseded_by: string | null) => ({ path, id: null, name: path, type: "rule", project: "p", status, tags: [], updated: TODAY, created: TODAY, lines: 1, size_bytes: 1, description: "", aliases: [], links: [], confidence: null, pnl_impact: null, superseded_by, backlinks: 0 }) as ManifestEntry;
  const issues = findSupersessionIssues([entry("a.md", "superseded", "b"), entry("b.md", "superseded", "a.md"), entry("c.md", "active", "a")]);
  assert.deepEqual(issues.map((i) => [i.kind, i.paths]), [["cycle", ["a.md", "b.md"]], ["inconsistent", ["c.md"]]]);
});

test("should print the report and exit 1 when something is found (in-process and built)", async () => {
  for (const run of [runInProcess, runBuilt]) {
    const vault = vaultWithFindings();
    try {
      const result = await run(["consolidate", "--vault", vault, "--today", TODAY]);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stdout, /^Near-duplicates \(1 group\):\n  keep rules\/friday_b\.md\n    0\.\d\d  rules\/friday_\w\.md  -> cortex supersede "rules\/friday_\w\.md" --by "rules\/friday_b\.md"\n/);
      assert.match(result.stdout, /\nIn review for more than 30 days \(1\):\n  atoms\/pending\.md  updated 2026-09-01 \(82 days\)/);
      assert.match(result.stdout, /\nSupersession problems \(2\):\n  missing: atoms\/lost\.md  -> .*\n  chain: atoms\/v1\.md -> atoms\/v2\.md -> atoms\/v3\.md  -> point superseded_by of atoms\/v1\.md at the live end atoms\/v3\.md\n$/);
      const json = await run(["consolidate", "--vault", vault, "--today", TODAY, "--json", "--project", "nobody"]);
      assert.equal(json.code, 0);
      assert.deepEqual(JSON.parse(json.stdout), { report: { duplicates: [], review: [], supersession: [] }, applied: [] });
    } finally {
      removeTemp(vault);
    }
  }
});

// Texts of few words, and copies of each with a few words replaced, inserted or dropped: pairs near any threshold.
const WORDS = "deploy friday freeze canary release window rollback on the a b c d e f g h i j k".split(" ");
const word = fc.constantFrom(...WORDS);
const edits = fc.array(fc.array(fc.tuple(fc.nat(30), fc.nat(2), word), { maxLength: 4 }), { maxLength: 3 });
const family = fc.tuple(fc.array(word, { minLength: 1, maxLength: 25 }), edits).map(([words, copies]) => [
  words,
  ...copies.map((list) => {
    const copy = [...words];
    for (const [at, kind, w] of list) {
      const i = at % (copy.length + 1);
      if (kind === 0) copy.splice(i, 0, w);
      else if (kind === 1) copy.splice(i, 1);
      else copy[i] = w;
    }
    return copy;
  }),
]);

test("should find exactly the pairs a comparison of every pair finds, whatever the threshold", () => {
  fc.assert(
    fc.property(fc.array(family, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 100 }), (families, percent) => {
      const threshold = percent / 100;
      const texts = families.flat().map((w) => shingle(w.join(" ")));
      const numbers = new ShingleNumbers();
      const atoms: ComparableAtom[] = texts.map((t, i) => ({ entry: { path: `a${i}.md` } as ManifestEntry, shingles: numbers.number(t) }));
      const every: string[] = [];
      for (let j = 1; j < texts.length; j++) {
        for (let i = 0; i < j; i++) {
          const similarity = Math.round(shingleSimilarity(texts[i]!, texts[j]!) * 1000) / 1000;
          if (similarity >= threshold) every.push(`${i} ${j} ${similarity}`);
        }
      }
      assert.deepEqual(alikePairs(atoms, numbers, threshold).map((p) => `${p.i} ${p.j} ${p.similarity}`), every);
    }),
    runs(2000),
  );
});

test("should group near-duplicates among thousands of atoms that share common phrases, comparing few pairs", () => {
  // Every text shares most of its words and "of the", "in the": each pair that shares a bigram is all 2,000,000 pairs.
  const numbers = new ShingleNumbers();
  const atoms: ComparableAtom[] = [];
  for (let i = 0; i < 2000; i++) atoms.push({ entry: { path: `n${String(i).padStart(4, "0")}.md` } as ManifestEntry, shingles: numbers.number(shingle(`note ${i} of the set in the vault about topic${i} and topic${i + 1}`)) });
  atoms.push({ entry: { path: "n9999.md" } as ManifestEntry, shingles: numbers.number(shingle("note 7 of the set in the vault about topic7 and topic8 again")) });
  const pairs = alikePairs(atoms, numbers, 0.6);
  assert.deepEqual(pairs.map((p) => [atoms[p.i]!.entry.path, atoms[p.j]!.entry.path]), [["n0007.md", "n9999.md"]]);
});
