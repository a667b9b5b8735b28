import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { parse } from "yaml";
import { splitFrontmatter } from "../lib/core/atoms/frontmatter.js";
import { loadConfig } from "../lib/store/config/load.js";
import { editFrontmatter, supersedeAtom, WriteRejectedError } from "./helpers/lib.js";
import { copyToTemp, removeTemp, ROOT, runInProcess } from "./helpers/cli.js";
import { SUPERSEDE_CASES, SUPERSEDE_RUNNER } from "./supersede-cases.js";
import { registerMutationCases } from "./helpers/mutation-cases.js";
import { hashTree } from "./helpers/tree.js";

const EXAMPLE = join(ROOT, "examples/vault");
const TODAY = "2026-11-22";

test("should replace a field in place and keep every other byte", () => {
  const before = "---\nid: x   # the id\nstatus: active # was review\ncustom:\n  nested: [1,2]\n  deep: 'single'\ntags:\n- a\n- b\n---\nBody with --- and\n\n\ntrailing spaces  \n";
  const after = editFrontmatter(before, { status: "superseded", tags: ["a", "b", "c"], superseded_by: "y" });
  assert.equal(after, "---\nid: x   # the id\nstatus: superseded # was review\ncustom:\n  nested: [1,2]\n  deep: 'single'\ntags:\n  - a\n  - b\n  - c\nsuperseded_by: y\n---\nBody with --- and\n\n\ntrailing spaces  \n");
});

test("should keep CRLF line endings, the BOM and the closing fence", () => {
  const before = "\uFEFF---\r\nname: A\r\nlinks: [a]\r\n...\r\nBody\r\n";
  assert.equal(editFrontmatter(before, { links: ["a", "b"], updated: TODAY }), "\uFEFF---\r\nname: A\r\nlinks: [a, b]\r\nupdated: 2026-11-22\r\n...\r\nBody\r\n");
});

test("should give a note without frontmatter a block and keep its text after it", () => {
  assert.equal(editFrontmatter("# Title\r\n\r\ntext", { status: "superseded" }), "---\r\nstatus: superseded\r\n---\r\n# Title\r\n\r\ntext");
  assert.equal(editFrontmatter("\uFEFF", { a: "b" }), "\uFEFF---\na: b\n---\n");
  assert.equal(editFrontmatter("---\n---\nBody", { a: "b" }), "---\na: b\n---\nBody");
});

test("should refuse frontmatter it cannot edit safely", () => {
  for (const text of ["---\nname: [a\n---\n", "---\nname: a\n", "---\n- a\n- b\n---\n"]) {
    assert.throws(() => editFrontmatter(text, { status: "superseded" }), { code: "FRONTMATTER" });
  }
});

test("should fall back to the document for a flow mapping and still keep the body", () => {
  const after = editFrontmatter("---\n{name: A, status: active}\n---\nBody", { status: "superseded" });
  assert.deepEqual(parse(splitFrontmatter(after).yaml), { name: "A", status: "superseded" });
  assert.ok(after.endsWith("---\nBody"));
});

test("should keep the body and the other fields byte for byte whatever is set", () => {
  const key = fc.constantFrom("status", "updated", "superseded_by", "links", "supersedes", "extra_field");
  const value = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }), fc.integer());
  const fields = ["name: Keep me  # comment", "tags: [a,  b]", "status: active", "links:\n  - x", "weird: 'it''s'", "block: |\n  line one\n  line two"];
  fc.assert(
    fc.property(fc.subarray(fields), fc.string(), fc.dictionary(key, value, { maxKeys: 4 }), (present, body, set) => {
      const text = `---\n${present.map((f) => `${f}\n`).join("")}---\n${body}`;
      const after = editFrontmatter(text, set);
      const split = splitFrontmatter(after);
      assert.equal(split.body, body);
      const yaml = parse(split.yaml) ?? {};
      const original = parse(present.join("\n")) ?? {};
      assert.deepEqual(yaml, { ...original, ...set });
      for (const f of present) if (!(f.split(":")[0]! in set)) assert.ok(split.yaml.includes(f), `kept verbatim: ${f}`);
    }),
    { numRuns: 300 },
  );
});

test("should supersede OLD by NEW changing only their frontmatter", async () => {
  const vault = copyToTemp(EXAMPLE);
  try {
    const { config } = loadConfig({ vault });
    const oldBefore = readFileSync(join(vault, "atoms/test_rollback_scripts.md"), "utf8");
    const newBefore = readFileSync(join(vault, "rules/no_friday_deploys.md"), "utf8");
    const result = await supersedeAtom(vault, { old: "Rehearse the rollback before a migration ships", by: "20260905_no_friday_deploys", reason: "folded into the Friday rule" }, { config, today: TODAY });
    assert.deepEqual(result, { old: "atoms/test_rollback_scripts.md", by: "rules/no_friday_deploys.md" });
    const oldAfter = readFileSync(join(vault, result.old), "utf8");
    const newAfter = readFileSync(join(vault, result.by!), "utf8");
    assert.equal(splitFrontmatter(oldAfter).body, splitFrontmatter(oldBefore).body);
    assert.equal(splitFrontmatter(newAfter).body, splitFrontmatter(newBefore).body);
    const oldFm = parse(splitFrontmatter(oldAfter).yaml);
    assert.equal(oldFm.status, "superseded");
    assert.equal(oldFm.superseded_by, "20260905_no_friday_deploys");
    assert.equal(oldFm.superseded_reason, "folded into the Friday rule");
    assert.equal(oldFm.updated, TODAY);
    const newFm = parse(splitFrontmatter(newAfter).yaml);
    assert.deepEqual(newFm.supersedes, ["20261116_test_rollback_scripts"]);
    assert.ok(newFm.links.includes("test_rollback_scripts"), "the link form autolink writes");
    const manifest = JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string; status: string; superseded_by: string | null }[];
    assert.deepEqual(manifest.find((m) => m.path === result.old), { ...manifest.find((m) => m.path === result.old), status: "superseded", superseded_by: "20260905_no_friday_deploys" });
    const events = readFileSync(join(vault, "index/events.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual({ ...events.at(-1), ts: "" }, { ts: "", op: "supersede", path: result.old, id: "20261116_test_rollback_scripts", by: result.by, reason: "folded into the Friday rule" });
  } finally {
    removeTemp(vault);
  }
});

test("should refuse to supersede an atom twice, by itself, or by a superseded atom", async () => {
  const vault = copyToTemp(EXAMPLE);
  try {
    const { config } = loadConfig({ vault });
    const cases: [{ old: string; by?: string }, string][] = [
      [{ old: "atoms/deploy_freeze_release_day.md" }, "already-superseded"],
      [{ old: "rules/no_friday_deploys.md", by: "rules/no_friday_deploys" }, "self-supersede"],
      [{ old: "rules/no_friday_deploys.md", by: "atoms/deploy_freeze_release_day.md" }, "replacement-superseded"],
    ];
    const before = hashTree(vault);
    for (const [input, rule] of cases) {
      await assert.rejects(supersedeAtom(vault, input, { config, today: TODAY }), (e: unknown) => e instanceof WriteRejectedError && e.rule === rule);
    }
    assert.deepEqual(hashTree(vault), before);
  } finally {
    removeTemp(vault);
  }
});

registerMutationCases(SUPERSEDE_CASES, SUPERSEDE_RUNNER);

test("should refuse to rewrite a file that is not UTF-8", async () => {
  const vault = copyToTemp(EXAMPLE);
  try {
    writeFileSync(join(vault, "atoms/latin.md"), Buffer.from("---\nname: Caf\xe9\n---\nx\n", "latin1"));
    const result = await runInProcess(["supersede", "atoms/latin.md", "--vault", vault, "--today", TODAY]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^cortex: atoms\/latin.md is not valid UTF-8 text; cortex will not rewrite it\n$/);
  } finally {
    removeTemp(vault);
  }
});
