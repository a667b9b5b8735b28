import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { CortexError, openVault } from "../lib/index.js";
import { mutateVault } from "../lib/app/handle/mutate.js";
import { STOP_WORDS, tokenize } from "../lib/core/util/tokenize.js";
import { exampleCopies } from "./helpers/cli.js";

const TODAY = "2026-11-22";
const example = exampleCopies();
const NOTE = "---\nname: Quokka habits\ntype: reference\nproject: ops\nstatus: active\ncreated: 2026-11-22\nupdated: 2026-11-22\ntags: [marsupial]\n---\nThey smile.\n";
const events = (dir: string) => (existsSync(join(dir, "index/events.jsonl")) ? readFileSync(join(dir, "index/events.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>) : []);

test("should run a change as one transaction: under the lock, then the events, one index update, and the result", async () => {
  const dir = example();
  const vault = openVault({ vault: dir, today: TODAY });
  const before = vault.manifest.length;
  const result = await vault.mutate("note", (tx) => {
    assert.equal(existsSync(join(dir, "index/.lock")), true, "the lock is held while fn runs");
    assert.equal(tx.vault.manifest.length, before, "the vault under the lock reads the same atoms");
    writeFileSync(join(dir, "reference/quokka.md"), NOTE);
    tx.wrote("reference/quokka.md");
    tx.event({ path: "reference/quokka.md", id: null });
    return { path: "reference/quokka.md" };
  }, { commit: false });
  assert.deepEqual(result, { path: "reference/quokka.md" }, "no commit asked: no commit field");
  assert.equal(existsSync(join(dir, "index/.lock")), false, "released");
  assert.deepEqual(events(dir).map((e) => [e.op, e.path]), [["note", "reference/quokka.md"]]);
  const reread = openVault({ vault: dir, today: TODAY, refresh: false });
  assert.equal(reread.manifest.length, before + 1, "the index on disk was updated");
  assert.equal(vault.manifest.length, before + 1, "the handle forgot what it had read");
});

test("should write nothing after fn when it throws, or for a dry run, and release the lock", async () => {
  const dir = example();
  const vault = openVault({ vault: dir, today: TODAY });
  await assert.rejects(
    vault.mutate("note", (tx) => {
      tx.event({ path: "x.md", id: null });
      throw new CortexError("BAD_ARGUMENT", "refused");
    }),
    { code: "BAD_ARGUMENT" },
  );
  await mutateVault(vault, "note", (tx) => (tx.event({ path: "y.md", id: null }), {}), { dryRun: true });
  assert.deepEqual(events(dir), []);
  assert.equal(existsSync(join(dir, "index/.lock")), false);
});

test("should report a commit asked for in the one result shape, also outside a git repository", async () => {
  const dir = example();
  const result = await openVault({ vault: dir, today: TODAY }).mutate("note", (tx) => {
    writeFileSync(join(dir, "reference/quokka.md"), NOTE);
    tx.wrote("reference/quokka.md");
    return {};
  }, { commit: true });
  assert.equal(result.commit?.committed, false);
  assert.match(result.commit?.reason ?? "", /not a git repository|git/);
});

test("should tokenize with named stop-word sets, each tokenizer as before", () => {
  assert.deepEqual(tokenize("Deploy  the risk, deploy", { split: "whitespace", minLength: 2, unique: true }), ["deploy", "the", "risk,"]);
  assert.deepEqual(tokenize("Help me fix the auth-flow in lib/x.ts.", { split: "terms", minLength: 2, stopWords: "request", unique: true }), ["fix", "auth-flow", "lib/x.ts"]);
  assert.deepEqual(tokenize("Canary analysis before 2026 deploys, with care", { split: "words", minLength: 4, stopWords: "topic", dropNumbers: true }), ["canary", "analysis", "deploys", "care"]);
  assert.deepEqual(tokenize("ＡＢＣ ﬁle", { split: "words", nfkc: true }), ["abc", "file"]);
  assert.ok(STOP_WORDS.request.has("the") && STOP_WORDS.topic.has("because") && !STOP_WORDS.topic.has("deploy"));
});
