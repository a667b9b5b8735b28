import assert from "node:assert/strict";
import { test } from "node:test";
import { classifyLayer, DEFAULT_WEIGHTS, scoreAtom, tokenizeQuery, type ScorableAtom } from "./helpers/lib.js";

const TODAY = "2026-11-22";
const COLD = "2026-01-01";
const base: ScorableAtom = { path: "notes/x.md", name: "Something", project: "misc", status: "active", updated: COLD, tags: [], description: "" };
const score = (atom: Partial<ScorableAtom>, query: string) => scoreAtom({ ...base, ...atom }, tokenizeQuery(query), { today: TODAY }).score;

test("should tokenize on whitespace, lowercase, drop one-character words and duplicates", () => {
  assert.deepEqual(tokenizeQuery("  Deploy\tRISK a  deploy é x2 "), ["deploy", "risk", "x2"]);
  assert.deepEqual(tokenizeQuery(""), []);
});

test("should give +10 for a keyword inside the name, case-insensitively", () => {
  assert.equal(score({ name: "Pre-Deployment checks" }, "deploy"), 10);
});

test("should give +8 only for a tag equal to the keyword", () => {
  assert.equal(score({ tags: ["deploy"] }, "deploy"), 8);
  assert.equal(score({ tags: ["deployment"] }, "deploy"), 0);
});

test("should give +5 only for a project equal to the keyword", () => {
  assert.equal(score({ project: "Ops" }, "ops"), 5);
  assert.equal(score({ project: "devops" }, "ops"), 0);
});

test("should give +4 for a keyword inside the description and +3 inside the path", () => {
  assert.equal(score({ description: "Freeze deploys on Friday" }, "deploy"), 4);
  assert.equal(score({ path: "deploys/a.md" }, "deploy"), 3);
});

test("should add every field a keyword matches", () => {
  assert.equal(score({ name: "Deploy", tags: ["deploy"], project: "deploy", description: "deploy", path: "deploy.md" }, "deploy"), 30);
});

test("should multiply by 1.5 only when several keywords all match", () => {
  assert.equal(score({ name: "Deploy risk" }, "deploy risk"), 30);
  assert.equal(score({ name: "Deploy" }, "deploy risk"), 10);
  assert.equal(score({ name: "Deploy" }, "deploy"), 10);
});

test("should add the layer bonus only to a positive score", () => {
  assert.equal(score({ name: "Deploy", updated: "2026-11-21" }, "deploy"), 12);
  assert.equal(score({ name: "Deploy", updated: "2026-11-18" }, "deploy"), 11);
  assert.equal(score({ name: "Other", updated: "2026-11-21" }, "deploy"), 0);
});

test("should apply the status multiplier after the bonus", () => {
  assert.equal(score({ name: "Deploy", updated: "2026-11-21", status: "archived" }, "deploy"), 3.6);
  assert.equal(score({ name: "Deploy", updated: "2026-11-21", status: "superseded" }, "deploy"), 6);
  assert.equal(score({ name: "Deploy", status: "review" }, "deploy"), 10);
});

test("should reproduce the seed's worked example: 41.0", () => {
  const atom = { name: "Deploy freeze during release windows", tags: ["deploy", "risk"], path: "a.md", updated: "2026-11-21" };
  assert.equal(score(atom, "deploy risk"), 41);
});

test("should explain each contribution and the modifiers", () => {
  const b = scoreAtom({ ...base, name: "Deploy", tags: ["risk"], updated: "2026-11-21", status: "superseded" }, ["deploy", "risk"], { today: TODAY });
  assert.deepEqual(b.contributions, [
    { keyword: "deploy", field: "name", points: 10 },
    { keyword: "risk", field: "tag", points: 8 },
  ]);
  assert.deepEqual([b.base, b.allMatch, b.layer, b.layerBonus, b.statusMultiplier, b.score], [18, 1.5, "hot", 2, 0.5, 14.5]);
});

test("should use weights from the configuration", () => {
  const weights = { ...DEFAULT_WEIGHTS, name: 1, hot_bonus: 0 };
  assert.equal(scoreAtom({ ...base, name: "Deploy", updated: TODAY }, ["deploy"], { today: TODAY, weights }).score, 1);
});

test("should classify layers at the 2/3 and 7/8 day boundaries", () => {
  assert.equal(classifyLayer("2026-11-22", TODAY), "hot");
  assert.equal(classifyLayer("2026-11-20", TODAY), "hot");
  assert.equal(classifyLayer("2026-11-19", TODAY), "warm");
  assert.equal(classifyLayer("2026-11-15", TODAY), "warm");
  assert.equal(classifyLayer("2026-11-14", TODAY), "cold");
  assert.equal(classifyLayer("2026-12-01", TODAY), "hot", "a future date is hot");
  assert.equal(classifyLayer("not a date", TODAY), "cold");
  assert.equal(classifyLayer("2026-02-30", TODAY), "cold");
  assert.equal(classifyLayer("2026-11-21", TODAY, { hot: 0, warm: 1 }), "warm");
});
