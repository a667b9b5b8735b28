import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { rankVault } from "../lib/app/handle/search.js";
import { openSnapshot, type VaultSnapshot } from "../lib/app/snapshot.js";
import { assembleBriefing, cleanBody, cutText, estimateTokens } from "../lib/core/context/assemble.js";
import { buildContext } from "../lib/app/context/build.js";
import { briefingKeywords } from "../lib/core/context/keywords.js";
import type { BriefingAtom } from "../lib/core/context/types.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { toManifestEntry } from "../lib/core/index-build/build.js";
import { copyAgentVault } from "./helpers/agent.js";
import { removeTemp } from "./helpers/cli.js";

const TODAY = "2026-11-22";

function atom(i: number, body: string | null): BriefingAtom {
  return { path: `notes/a${i}.md`, name: `Atom ${i}`, type: "rule", project: "ops", status: "active", updated: "2026-11-20", description: `Description ${i}`, score: 10 - i, layer: "hot", body };
}

describe("briefing assembly", () => {
  test("should never exceed the budget, for any atoms, MOC and budget", () => {
    const arbAtom = fc.record({ name: fc.string({ maxLength: 80 }), description: fc.string({ maxLength: 200 }), body: fc.option(fc.string({ maxLength: 3000 }), { nil: null }) });
    fc.assert(
      fc.property(fc.array(arbAtom, { maxLength: 12 }), fc.option(fc.string({ maxLength: 2000 }), { nil: null }), fc.string({ maxLength: 300 }), fc.integer({ min: 50, max: 3000 }), (atoms, moc, query, budget) => {
        const input = atoms.map((a, i) => ({ ...atom(i, a.body), name: a.name, description: a.description }));
        const b = assembleBriefing({ query, moc: moc === null ? null : { project: "ops", path: "_moc/ops.md", summary: moc }, atoms: input, budgetTokens: budget });
        assert.ok(b.text.length <= budget * 4, `${b.text.length} > ${budget * 4}`);
        assert.equal(b.tokens, estimateTokens(b.text));
        assert.ok(b.tokens <= budget);
        assert.equal(b.included.length + b.pointers.length + b.omitted, input.length);
      }),
    );
  });

  test("should give the MOC, whole bodies, then pointers, in rank order", () => {
    const b = assembleBriefing({ query: "deploy", moc: { project: "ops", path: "_moc/ops.md", summary: "Start here." }, atoms: [atom(1, "First body."), atom(2, "Second body."), atom(3, null)], budgetTokens: 1500 });
    assert.equal(
      b.text,
      "# Briefing: deploy\n\n## Map: ops (_moc/ops.md)\nStart here.\n\n## Atom 1\nnotes/a1.md · rule · active · updated 2026-11-20\n\nFirst body.\n\n## Atom 2\nnotes/a2.md · rule · active · updated 2026-11-20\n\nSecond body.\n\n## Also relevant\n- Atom 3 — Description 3 (notes/a3.md)",
    );
    assert.deepEqual([b.moc, b.included, b.pointers, b.omitted], ["_moc/ops.md", ["notes/a1.md", "notes/a2.md"], ["notes/a3.md"], 0]);
  });

  test("should cut the first body that does not fit and point to the rest", () => {
    const b = assembleBriefing({ query: "q", moc: null, atoms: [atom(1, "word ".repeat(2000)), atom(2, "short")], budgetTokens: 300 });
    assert.deepEqual([b.included, b.pointers], [["notes/a1.md"], ["notes/a2.md"]]);
    assert.match(b.text, /word…\n\n## Also relevant\n- Atom 2/);
    assert.ok(b.tokens <= 300);
  });

  test("should leave the MOC out of small budgets and be empty without atoms", () => {
    const moc = { project: "ops", path: "_moc/ops.md", summary: "Map." };
    assert.equal(assembleBriefing({ query: "q", moc, atoms: [atom(1, "b")], budgetTokens: 400 }).moc, null);
    assert.equal(assembleBriefing({ query: "q", moc, atoms: [], budgetTokens: 1500 }).text, "");
  });

  test("should clean a body: title, marker comments and blank runs removed", () => {
    assert.equal(cleanBody("\n# Title\n\nText\n<!-- AUTO:hot -->\n- a\n<!-- /AUTO:hot -->\n\n\n\nEnd\n"), "Text\n- a\n\nEnd");
  });

  test("should cut text at a word break and never split a surrogate pair", () => {
    assert.equal(cutText("alpha beta gamma", 12), "alpha beta…");
    assert.equal(cutText("short", 10), "short");
    assert.equal(cutText("ab😀cd", 4), "ab…");
  });
});

describe("briefing keywords", () => {
  test("should drop stopwords, punctuation and one-letter words", () => {
    assert.deepEqual(briefingKeywords("Help me fix the auth flow on staging!"), ["fix", "auth", "flow", "staging"]);
    assert.deepEqual(briefingKeywords("Can I deploy on release day? deploy."), ["deploy", "release", "day"]);
    assert.deepEqual(briefingKeywords("the a of"), []);
  });
});

describe("buildContext on a vault", () => {
  let vault = "";
  before(() => (vault = copyAgentVault()));
  after(() => removeTemp(vault));

  test("should brief on a plain-words question with the project's MOC and leave archived atoms out", async () => {
    const snap = await openSnapshot(vault, TODAY);
    const r = buildContext(snap, { query: "can we deploy during the release?", budgetTokens: 1500, log: false });
    assert.equal(r.moc, "_moc/ops.md");
    assert.equal(r.included[0], "decisions/deploy_freeze.md");
    assert.ok(![...r.included, ...r.pointers].includes("atoms/archived_deploy.md"));
    assert.ok(r.tokens <= 1500);
    assert.match(r.text, /^# Briefing: can we deploy during the release\?\n\n## Map: ops/);
  });

  test("should brief the same from the database's search records as from the manifest (MOC found by listing _moc/)", async () => {
    const snap = await openSnapshot(vault, TODAY);
    assert.equal(snap.searchRecords().length, snap.manifest.length, "the snapshot of a vault has its search records");
    const fromManifest: VaultSnapshot = { vaultDir: snap.vaultDir, config: snap.config, today: snap.today, manifest: snap.manifest, freshness: snap.freshness, links: snap.links, db: () => snap.db() };
    for (const query of ["can we deploy during the release?", "deploy payments", "release", "OPS freeze"]) {
      for (const options of [{}, { project: "ops" }, { minScore: 12 }]) {
        assert.deepEqual(buildContext(snap, { query, log: false, ...options }), buildContext(fromManifest, { query, log: false, ...options }), `${query} ${JSON.stringify(options)}`);
      }
    }
  });

  test("should be empty when nothing scores, and filter by project", async () => {
    const snap = await openSnapshot(vault, TODAY);
    assert.equal(buildContext(snap, { query: "kubernetes helm", log: false }).text, "");
    const r = buildContext(snap, { query: "deploy payments", project: "backend", log: false });
    assert.deepEqual(r.included, ["notes/payments_ledger.md"]);
  });
});

describe("buildContext's candidates", () => {
  // 1000 archived atoms outscore ((10 name + 8 tag) × 0.3 = 5.4) 250 active ones, which match by path
  // only (3): the top must be asked for again, larger, until 201 active ones are in it.
  const manifest = [
    ...Array.from({ length: 1000 }, (_, i) => ({ path: `old/a${String(i).padStart(4, "0")}.md`, name: "Deploy window", status: "archived", tags: ["deploy"] })),
    ...Array.from({ length: 250 }, (_, i) => ({ path: `deploy/n${String(i).padStart(4, "0")}.md`, name: `Note ${i}`, status: "active", tags: [] })),
  ].map(({ path, name, status, tags }) =>
    toManifestEntry({ path, id: null, name, type: "rule", project: "ops", status, created: "2026-01-01", updated: "2026-01-01", tags, aliases: [], links: [], description: "", lines: 1, size_bytes: 10, confidence: null, pnl_impact: null, superseded_by: null }),
  );
  // A manifest with no vault behind it: ranked by the seed's table (the full text needs the notes).
  const config = { ...defaultConfig(), search: { ranking: "seed" as const, pool: 200 } };
  const snap: VaultSnapshot = { vaultDir: "/nonexistent", config, today: TODAY, manifest, freshness: { indexed_at: null, changed_since_index: 0, fresh: false }, links: {} };

  test("should find the best active atoms however many archived ones rank above them", () => {
    assert.ok(rankVault(snap, "deploy", { top: 1000 }).every((h) => h.record.status === "archived"));
    const r = buildContext(snap, { query: "deploy", budgetTokens: 20_000, log: false });
    // 200 candidates, all active, in path order (equal scores and dates).
    assert.equal(r.matched, 200);
    assert.deepEqual([...r.included, ...r.pointers], manifest.slice(1000, 1200).map((m) => m.path));
  });
});
