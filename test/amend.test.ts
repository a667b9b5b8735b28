import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { amendBody, noteVersion } from "../lib/core/write/amend.js";
import { WriteRejectedError } from "../lib/core/write/errors.js";

const BODY = "# Deploy checklist\n\nIntro.\n\n## Steps\n\n1. Dry-run.\n\n```sh\n## not a heading\n```\n\n### Sub\n\nDetail.\n\n## Owners\n\nRelease manager.\n";
const rule = (r: string) => (e: unknown) => e instanceof WriteRejectedError && e.rule === r;

test("should append after a blank line, keeping the body before it", () => {
  assert.equal(amendBody(BODY, { text: "Seen again.\n\n" }), `${BODY.trimEnd()}\n\nSeen again.\n`);
  assert.equal(amendBody("", { text: "First." }), "First.\n");
});

test("should replace a section up to the next heading of its level, headings in code and deeper ones included in it", () => {
  assert.equal(amendBody(BODY, { section: "steps", text: "1. New step." }), "# Deploy checklist\n\nIntro.\n\n## Steps\n\n1. New step.\n\n## Owners\n\nRelease manager.\n");
  assert.equal(amendBody(BODY, { section: "## Owners", text: "The on-call." }), BODY.replace("Release manager.\n", "The on-call.\n"));
});

test("should replace an exact passage found once", () => {
  assert.equal(amendBody(BODY, { find: "Intro.", text: "Why: fewer rollbacks." }), BODY.replace("Intro.", "Why: fewer rollbacks."));
});

test("should refuse a missing or repeated heading or passage, naming the field", () => {
  assert.throws(() => amendBody(BODY, { section: "Nope", text: "x" }), (e: unknown) => rule("section-not-found")(e) && /headings: Deploy checklist, Steps, Sub, Owners/.test((e as Error).message));
  assert.throws(() => amendBody("## A\nx\n## A\ny\n", { section: "A", text: "x" }), rule("section-not-unique"));
  assert.throws(() => amendBody(BODY, { find: "absent", text: "x" }), rule("passage-not-found"));
  assert.throws(() => amendBody(BODY, { find: "\n", text: "x" }), rule("passage-not-unique"));
  assert.throws(() => amendBody(BODY, { find: "", text: "x" }), rule("passage-not-found"));
  assert.throws(() => amendBody(BODY, { find: "Intro.", section: "Steps", text: "x" }), rule("one-change"));
});

test("should keep every byte of the body before an appended text, for any body and text", () => {
  fc.assert(
    fc.property(fc.string(), fc.string({ minLength: 1 }).filter((t) => t.trim() !== ""), (body, text) => {
      const out = amendBody(body, { text });
      assert.ok(out.startsWith(body.replace(/\s+$/, "")));
      assert.ok(out.endsWith(`${text.replace(/\s+$/, "")}\n`));
    }),
  );
});

test("should give a version that changes with any change of the text", () => {
  assert.match(noteVersion("a"), /^[0-9a-f]{16}$/);
  assert.notEqual(noteVersion("a"), noteVersion("a "));
  assert.equal(noteVersion("same"), noteVersion("same"));
});
